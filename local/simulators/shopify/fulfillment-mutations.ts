import { FO_WRITE, requireScope, type GqlContext } from './context';
import { parseGid } from './gid';
import { isFulfillable } from './order-math';
import type { FulfillmentOrderRecord, FulfillmentRecord, OrderRecord } from './records';
import { restFulfillment, restOrder } from './rest-payloads';
import { findFulfillment, findFulfillmentOrder, fulfillmentEventView, fulfillmentView } from './views';

interface FulfillmentInput {
  lineItemsByFulfillmentOrder: { fulfillmentOrderId: string; fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null }[];
  trackingInfo?: { number?: string | null; url?: string | null; company?: string | null; numbers?: string[] | null; urls?: string[] | null } | null;
  notifyCustomer?: boolean | null;
}

type UserError = { field: string[]; message: string };
const fail = (field: string[], message: string) => ({ fulfillment: null, userErrors: [{ field, message }] as UserError[] });

/**
 * fulfillmentCreate (§3.4, §9.3): every FO must exist, belong to one order and one location and
 * allow CREATE_FULFILLMENT; quantities ≤ remaining. On success the FOs lose the quantities
 * (CLOSED when empty) and `fulfillments/create` + `orders/updated` go out.
 */
export function fulfillmentCreate(ctx: GqlContext, args: { fulfillment: FulfillmentInput }, mutation: string) {
  requireScope(ctx, FO_WRITE, mutation);
  const input = args.fulfillment;
  const groups = input.lineItemsByFulfillmentOrder;
  if (groups.length === 0) return fail(['fulfillment', 'lineItemsByFulfillmentOrder'], 'Line items by fulfillment order must not be empty.');

  const found: { order: OrderRecord; fo: FulfillmentOrderRecord }[] = [];
  for (const [i, group] of groups.entries()) {
    const hit = findFulfillmentOrder(ctx, group.fulfillmentOrderId);
    const field = ['fulfillment', 'lineItemsByFulfillmentOrder', String(i), 'fulfillmentOrderId'];
    if (!hit) return fail(field, 'Fulfillment order does not exist.');
    if (!isFulfillable(hit.fo)) return fail(field, `Fulfillment order ${group.fulfillmentOrderId} has an unfulfillable status= ${hit.fo.status.toLowerCase()}.`);
    found.push(hit);
  }
  const order = (found[0] as { order: OrderRecord }).order;
  if (found.some((f) => f.order !== order)) {
    return fail(['fulfillment'], 'All fulfillment orders must belong to the same order.');
  }
  const locationId = (found[0] as { fo: FulfillmentOrderRecord }).fo.locationId;
  if (found.some((f) => f.fo.locationId !== locationId)) {
    return fail(['fulfillment'], 'All fulfillment orders must be assigned to the same location.');
  }

  // Validate every quantity before changing anything: a refused mutation changes nothing.
  const plan: { fo: FulfillmentOrderRecord; foLineItemId: string; lineItemId: string; quantity: number }[] = [];
  for (const [i, group] of groups.entries()) {
    const fo = (found[i] as { fo: FulfillmentOrderRecord }).fo;
    if (group.fulfillmentOrderLineItems && group.fulfillmentOrderLineItems.length > 0) {
      for (const [j, item] of group.fulfillmentOrderLineItems.entries()) {
        const field = ['fulfillment', 'lineItemsByFulfillmentOrder', String(i), 'fulfillmentOrderLineItems', String(j)];
        const line = fo.lineItems.find((li) => li.id === parseGid(item.id)?.id);
        if (!line) return fail([...field, 'id'], 'Fulfillment order line item does not exist.');
        if (item.quantity <= 0 || item.quantity > line.remainingQuantity) {
          return fail([...field, 'quantity'], `Invalid quantity ${item.quantity}: the fulfillment order line item has ${line.remainingQuantity} remaining.`);
        }
        plan.push({ fo, foLineItemId: line.id, lineItemId: line.lineItemId, quantity: item.quantity });
      }
    } else {
      for (const line of fo.lineItems) {
        if (line.remainingQuantity > 0) plan.push({ fo, foLineItemId: line.id, lineItemId: line.lineItemId, quantity: line.remainingQuantity });
      }
    }
  }
  if (plan.length === 0) return fail(['fulfillment'], 'There are no remaining line items to fulfill.');

  const now = ctx.state.clock.iso();
  for (const step of plan) {
    const line = step.fo.lineItems.find((li) => li.id === step.foLineItemId);
    if (line) line.remainingQuantity -= step.quantity;
  }
  for (const { fo } of found) {
    fo.status = fo.lineItems.every((li) => li.remainingQuantity === 0) ? 'CLOSED' : 'IN_PROGRESS';
    fo.updatedAt = now;
  }
  const fulfillment: FulfillmentRecord = {
    id: ctx.state.ids.id('Fulfillment'),
    name: `${order.name}.${order.fulfillments.length + 1}`,
    status: 'SUCCESS',
    createdAt: now,
    updatedAt: now,
    locationId,
    notifyCustomer: Boolean(input.notifyCustomer),
    tracking: trackingList(input.trackingInfo),
    lineItems: plan.map((s) => ({ fulfillmentOrderId: s.fo.id, fulfillmentOrderLineItemId: s.foLineItemId, lineItemId: s.lineItemId, quantity: s.quantity })),
  };
  order.fulfillments.push(fulfillment);
  order.updatedAt = now;
  ctx.webhooks.enqueue(ctx.shop.domain, 'fulfillments/create', restFulfillment(order, fulfillment));
  ctx.webhooks.enqueue(ctx.shop.domain, 'orders/updated', restOrder(order));
  return { fulfillment: fulfillmentView(ctx, order, fulfillment), userErrors: [] };
}

function trackingList(info: FulfillmentInput['trackingInfo']): FulfillmentRecord['tracking'] {
  if (!info) return [];
  const numbers = info.numbers && info.numbers.length > 0 ? info.numbers : info.number ? [info.number] : [];
  const urls = info.urls && info.urls.length > 0 ? info.urls : info.url ? [info.url] : [];
  const count = Math.max(numbers.length, urls.length, info.company ? 1 : 0);
  return Array.from({ length: count }, (_, i) => ({ company: info.company ?? null, number: numbers[i] ?? null, url: urls[i] ?? null }));
}

/**
 * fulfillmentCancel: status CANCELLED; quantities go back to work. A FO that the fulfillment
 * closed stays closed and a new OPEN FO takes the cancelled quantities; a FO still in progress
 * gets them back (§3.4).
 */
export function fulfillmentCancel(ctx: GqlContext, args: { id: string }) {
  requireScope(ctx, FO_WRITE, 'fulfillmentCancel');
  const hit = findFulfillment(ctx, args.id);
  if (!hit) return fail(['id'], 'Fulfillment not found.');
  const { order, fulfillment } = hit;
  if (fulfillment.status === 'CANCELLED') return fail(['id'], 'Fulfillment has already been cancelled.');
  const now = ctx.state.clock.iso();
  fulfillment.status = 'CANCELLED';
  fulfillment.updatedAt = now;
  const byFo = new Map<string, FulfillmentRecord['lineItems']>();
  for (const li of fulfillment.lineItems) byFo.set(li.fulfillmentOrderId, [...(byFo.get(li.fulfillmentOrderId) ?? []), li]);
  for (const [foId, lines] of byFo) {
    const fo = order.fulfillmentOrders.find((f) => f.id === foId);
    if (!fo) continue;
    if (fo.status === 'CLOSED') {
      order.fulfillmentOrders.push({
        id: ctx.state.ids.id('FulfillmentOrder'),
        locationId: fo.locationId,
        status: 'OPEN',
        requestStatus: 'UNSUBMITTED',
        createdAt: now,
        updatedAt: now,
        lineItems: lines.map((l) => ({ id: ctx.state.ids.id('FulfillmentOrderLineItem'), lineItemId: l.lineItemId, totalQuantity: l.quantity, remainingQuantity: l.quantity })),
      });
    } else {
      for (const l of lines) {
        const line = fo.lineItems.find((x) => x.id === l.fulfillmentOrderLineItemId);
        if (line) line.remainingQuantity += l.quantity;
      }
      fo.status = fo.lineItems.every((x) => x.remainingQuantity === x.totalQuantity) ? 'OPEN' : 'IN_PROGRESS';
      fo.updatedAt = now;
    }
  }
  order.updatedAt = now;
  ctx.webhooks.enqueue(ctx.shop.domain, 'fulfillments/update', restFulfillment(order, fulfillment));
  ctx.webhooks.enqueue(ctx.shop.domain, 'orders/updated', restOrder(order));
  return { fulfillment: fulfillmentView(ctx, order, fulfillment), userErrors: [] };
}

export function fulfillmentTrackingInfoUpdate(
  ctx: GqlContext,
  args: { fulfillmentId: string; trackingInfoInput: FulfillmentInput['trackingInfo']; notifyCustomer?: boolean | null },
) {
  requireScope(ctx, FO_WRITE, 'fulfillmentTrackingInfoUpdate');
  const hit = findFulfillment(ctx, args.fulfillmentId);
  if (!hit) return fail(['fulfillmentId'], 'Fulfillment not found.');
  if (hit.fulfillment.status === 'CANCELLED') return fail(['fulfillmentId'], 'Cannot update tracking of a cancelled fulfillment.');
  hit.fulfillment.tracking = trackingList(args.trackingInfoInput);
  hit.fulfillment.updatedAt = ctx.state.clock.iso();
  ctx.webhooks.enqueue(ctx.shop.domain, 'fulfillments/update', restFulfillment(hit.order, hit.fulfillment));
  return { fulfillment: fulfillmentView(ctx, hit.order, hit.fulfillment), userErrors: [] };
}

/**
 * fulfillmentEventCreate: a step of the parcel on the fulfillment (its display status follows the
 * newest). A cancelled fulfillment takes no more events. No webhook: Dakiya subscribes none for it.
 */
export function fulfillmentEventCreate(
  ctx: GqlContext,
  args: { fulfillmentEvent: { fulfillmentId: string; status: string; happenedAt?: string | null; message?: string | null } },
) {
  requireScope(ctx, FO_WRITE, 'fulfillmentEventCreate');
  const input = args.fulfillmentEvent;
  const hit = findFulfillment(ctx, input.fulfillmentId);
  if (!hit) return failEvent(['fulfillmentId'], 'Fulfillment not found.');
  if (hit.fulfillment.status === 'CANCELLED') return failEvent(['fulfillmentId'], 'Cannot create an event for a cancelled fulfillment.');
  const now = ctx.state.clock.iso();
  const event = { id: ctx.state.ids.id('FulfillmentEvent'), status: input.status, happenedAt: input.happenedAt ?? now, message: input.message ?? null, createdAt: now };
  hit.fulfillment.events = [...(hit.fulfillment.events ?? []), event];
  hit.fulfillment.updatedAt = now;
  return { fulfillmentEvent: fulfillmentEventView(event), userErrors: [] };
}

function failEvent(field: string[], message: string) {
  return { fulfillmentEvent: null, userErrors: [{ field, message }] };
}
