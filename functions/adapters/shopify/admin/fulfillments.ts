import * as doc from '../documents';
import type { GraphqlRequester } from '../requester';
import type { FulfillmentEventStatus, ShopifyAdmin, ShopifyFulfillment, UserError } from '../../../domain/ports/shopify';
import { toGid } from './ids';
import { payload } from './payload';

/** Fulfilling an order with a tracking number, the parcel's steps on that fulfillment, and cancelling it. */
export function fulfillmentOperations(client: GraphqlRequester): Pick<ShopifyAdmin, 'createFulfillment' | 'cancelFulfillment' | 'createFulfillmentEvent'> {
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

    async createFulfillmentEvent(input) {
      type Created = { fulfillmentEvent: { id: string; status: FulfillmentEventStatus } | null; userErrors: UserError[] };
      const data = await client.request<{ fulfillmentEventCreate: Created }>(doc.FULFILLMENT_EVENT_CREATE, {
        fulfillmentEvent: {
          fulfillmentId: toGid('Fulfillment', input.fulfillmentId), status: input.status,
          ...(input.happenedAt ? { happenedAt: input.happenedAt } : {}), ...(input.message ? { message: input.message } : {}),
        },
      });
      return payload('fulfillmentEventCreate', data.fulfillmentEventCreate.userErrors, data.fulfillmentEventCreate.fulfillmentEvent);
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
