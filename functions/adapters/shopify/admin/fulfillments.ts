import * as doc from '../documents';
import type { GraphqlRequester } from '../requester';
import type { ShopifyAdmin, ShopifyFulfillment, UserError } from '../../../domain/ports/shopify';
import { toGid } from './ids';
import { payload } from './payload';

/** Fulfilling an order with a tracking number, and cancelling that fulfillment. */
export function fulfillmentOperations(client: GraphqlRequester): Pick<ShopifyAdmin, 'createFulfillment' | 'cancelFulfillment'> {
  return {
    async createFulfillment(input) {
      const trackingInfo: Record<string, string> = { number: input.trackingInfo.number, company: input.trackingInfo.company };
      if (input.trackingInfo.url) trackingInfo.url = input.trackingInfo.url;
      const data = await client.request<{ fulfillmentCreate: { fulfillment: ShopifyFulfillment | null; userErrors: UserError[] } }>(
        doc.FULFILLMENT_CREATE,
        {
          fulfillment: {
            lineItemsByFulfillmentOrder: input.fulfillmentOrderIds.map((id) => ({ fulfillmentOrderId: toGid('FulfillmentOrder', id) })),
            trackingInfo,
            notifyCustomer: input.notifyCustomer,
          },
          message: input.message ?? null,
        },
      );
      return payload('fulfillmentCreate', data.fulfillmentCreate.userErrors, data.fulfillmentCreate.fulfillment);
    },

    async cancelFulfillment(id) {
      const data = await client.request<{ fulfillmentCancel: { fulfillment: ShopifyFulfillment | null; userErrors: UserError[] } }>(
        doc.FULFILLMENT_CANCEL,
        { id: toGid('Fulfillment', id) },
      );
      return payload('fulfillmentCancel', data.fulfillmentCancel.userErrors, data.fulfillmentCancel.fulfillment);
    },
  };
}
