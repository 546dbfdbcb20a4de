import * as doc from '../documents';
import type { GraphqlRequester } from '../requester';
import type { ShopifyAdmin, ShopifyShop } from '../../../domain/ports/shopify';
import { billingOperations } from './billing';
import { fulfillmentOperations } from './fulfillments';
import { orderReads } from './orders';
import { tagOperations } from './tags';

/** The port's operations over one GraphQL requester (a plain client, or the paced port of shop-port.ts), by subject. */
export function adminOperations(client: GraphqlRequester): Omit<ShopifyAdmin, 'shop'> {
  return {
    async getShop() {
      const data = await client.request<{ shop: ShopifyShop }>(doc.SHOP);
      return data.shop;
    },
    ...orderReads(client),
    ...fulfillmentOperations(client),
    ...tagOperations(client),
    ...billingOperations(client),
  };
}
