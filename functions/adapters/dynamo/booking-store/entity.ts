import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BOOKING_STATUSES, CONSIGNEE_NOTICE_EVENTS } from '@dakiya/shared';
import { BOOKING_INDEXES } from '../table';
import { SHOPIFY_STEPS } from '../../../domain/ports/bookings';

/**
 * The booking (one per tracking number, covering one Shopify order or several merged) and its
 * courier timeline, as ElectroDB entities: each names its questions as indexes (table.ts lists them
 * for CDK and local mode) and ElectroDB builds every key from the templates below, so no other code
 * spells a booking key. Keys keep the table's generic names and the `SHOP#<id>` partition of every
 * shop-owned item.
 */

/** Parcels on these statuses are still moving: the status sync's work list holds only them. */
export const MOVING_STATUSES: readonly string[] = ['FULFILLED', 'INPROCESS'];
/** Parcels whose journey ended at the consignee or back with the shipper: the delivered index holds only them. */
const ENDED_STATUSES: readonly string[] = ['DELIVERED', 'RTS'];

const field = (name: (typeof BOOKING_INDEXES)[number]['name']) => {
  const index = BOOKING_INDEXES.find((i) => i.name === name)!;
  return { index: index.name, pk: index.partition, sk: index.sort };
};

/** `<bookedAt>#<trackingNumber>`: newest first when read backwards, unique per booking. */
const byBookedAt = (f: { sk: string }) => ({ field: f.sk, composite: ['bookedAt', 'trackingNumber'] as const, template: '${bookedAt}#${trackingNumber}', casing: 'none' as const });

function secondary<const C extends readonly string[]>(name: (typeof BOOKING_INDEXES)[number]['name'], partition: string, composite: C) {
  const f = field(name);
  return {
    index: f.index,
    projection: 'keys_only' as const,
    pk: { field: f.pk, composite, template: partition, casing: 'none' as const },
    sk: byBookedAt(f),
  };
}

const str = { type: 'string', required: true } as const;
const optStr = { type: 'string' } as const;

export function bookingEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity({
    model: { entity: 'booking', version: '1', service: 'dakiya' },
    attributes: {
      shopId: str,
      trackingNumber: str,
      /** The booking's own 24-character hex id (`send-email/{orderId}`, `delete-order`). */
      bookingId: str,
      orderIds: { type: 'list', items: { type: 'string' }, required: true },
      orderNames: { type: 'list', items: { type: 'string' }, required: true },
      tag: { type: 'string', default: '' },
      accountId: str,
      accountName: str,
      company: str,
      status: { type: BOOKING_STATUSES, required: true },
      paymentStatus: { type: ['UNPAID', 'PAID'] as const, required: true, default: 'UNPAID' },
      bookedAt: str,
      /** The booking date in the shop's time zone: the day its counters count it on. */
      bookedDay: str,
      bookedBy: str,
      bookedByTag: { type: 'string', default: '' },
      /** When the status last changed: the status sync reads the oldest first. */
      lastStatusAt: str,
      consignee: {
        type: 'map', required: true,
        properties: { name: str, email: optStr, phone: str, phone2: optStr, phone3: optStr, address: str },
      },
      destinationCity: str,
      /** The destination as the city index and the list's filter find it (shared's cityKey); written by the repository. */
      cityKey: optStr,
      /** The booking time of a merged booking only: the key of the sparse merged index (an index on tag would refuse the '' of every other). */
      mergedAt: optStr,
      cod: { type: 'number', required: true },
      weight: { type: 'number', required: true },
      pieces: { type: 'number', required: true },
      productsList: str,
      remarks: { type: 'string', default: '' },
      lineItems: {
        type: 'list',
        items: {
          type: 'map',
          properties: { image: optStr, title: str, variant_title: optStr, price: str, currentQuantity: { type: 'number', required: true } },
        },
      },
      /** The Shopify fulfillments this booking made, per order (cancelled with the booking). */
      fulfillments: {
        type: 'list',
        items: { type: 'map', properties: { orderId: str, fulfillmentId: str } },
      },
      /** Marks for the merchant: an order or fulfillment cancelled in the Shopify admin. */
      attention: {
        type: 'list',
        items: { type: 'map', properties: { reason: str, message: str, at: str, order_name: str } },
      },
      /** When the parcel reached the consignee (DELIVERED) or came back to the shipper (RTS). */
      deliveredAt: optStr,
      /** Whole days from the booking day to the delivery day, in the shop's time zone (DELIVERED only). */
      deliveryDays: { type: 'number' },
      /** A cancel's steps: the courier's, Shopify's, and (until its orders are freed and counted) the status it left. */
      cancelledAt: optStr,
      fulfillmentsCancelledAt: optStr,
      cancelPendingFrom: { type: BOOKING_STATUSES },
      courierStatus: optStr,
      /** The courier's newest scan stored as a timeline event: later scans are the new ones. */
      lastScanAt: optStr,
      /** The last change of a field the counters count by: the recount leaves a day alone while a change is minutes old. */
      changedAt: optStr,
      /** The parcel's step last shown on Shopify by the status sync (absent: none, the fulfillment alone). */
      shopifyStep: { type: SHOPIFY_STEPS },
      /** A consignee notice still to be queued (written with its move, removed once queued). */
      noticeDue: { type: CONSIGNEE_NOTICE_EVENTS },
      /** The courier's own label link from its booking answer (Leopards' slip link); absent on older bookings. */
      labelUrl: optStr,
    },
    indexes: {
      byTrackingNumber: {
        pk: { field: 'pk', composite: ['shopId'], template: 'SHOP#${shopId}', casing: 'none' },
        sk: { field: 'sk', composite: ['trackingNumber'], template: 'BOOKING#${trackingNumber}', casing: 'none' },
      },
      bookingsByDate: secondary('bookingsByDate', 'SHOP#${shopId}#BOOKINGS', ['shopId']),
      bookingsByStatus: secondary('bookingsByStatus', 'SHOP#${shopId}#STATUS#${status}', ['shopId', 'status']),
      bookingsByAccount: secondary('bookingsByAccount', 'SHOP#${shopId}#ACCOUNT#${accountId}', ['shopId', 'accountId']),
      bookingsByBookedBy: secondary('bookingsByBookedBy', 'SHOP#${shopId}#BY#${bookedBy}', ['shopId', 'bookedBy']),
      bookingsByPaymentStatus: secondary('bookingsByPaymentStatus', 'SHOP#${shopId}#PAYMENT#${paymentStatus}', ['shopId', 'paymentStatus']),
      movingParcelsByAccount: {
        index: field('movingParcelsByAccount').index,
        projection: 'keys_only',
        // sparse: only parcels still moving carry its keys
        condition: (attr: Record<string, unknown>) => MOVING_STATUSES.includes(String(attr.status)),
        pk: { field: field('movingParcelsByAccount').pk, composite: ['shopId', 'accountId'], template: 'SHOP#${shopId}#MOVING#${accountId}', casing: 'none' },
        sk: {
          field: field('movingParcelsByAccount').sk, composite: ['lastStatusAt', 'trackingNumber'],
          template: '${lastStatusAt}#${trackingNumber}', casing: 'none',
        },
      },
      bookingsByCity: secondary('bookingsByCity', 'SHOP#${shopId}#CITY#${cityKey}', ['shopId', 'cityKey']),
      mergedByDate: {
        index: field('mergedByDate').index,
        projection: 'keys_only',
        // sparse: only merged bookings carry mergedAt
        condition: (attr: Record<string, unknown>) => typeof attr.mergedAt === 'string' && attr.mergedAt !== '',
        pk: { field: field('mergedByDate').pk, composite: ['shopId'], template: 'SHOP#${shopId}#MERGED', casing: 'none' },
        sk: { field: field('mergedByDate').sk, composite: ['mergedAt', 'trackingNumber'], template: '${mergedAt}#${trackingNumber}', casing: 'none' },
      },
      deliveredByDate: {
        index: field('deliveredByDate').index,
        projection: 'keys_only',
        // sparse: only parcels delivered or returned, once the time they arrived is known
        condition: (attr: Record<string, unknown>) => ENDED_STATUSES.includes(String(attr.status)) && typeof attr.deliveredAt === 'string' && attr.deliveredAt !== '',
        pk: { field: field('deliveredByDate').pk, composite: ['shopId', 'status'], template: 'SHOP#${shopId}#ENDED#${status}', casing: 'none' },
        sk: { field: field('deliveredByDate').sk, composite: ['deliveredAt', 'trackingNumber'], template: '${deliveredAt}#${trackingNumber}', casing: 'none' },
      },
    },
  }, { client, table });
}

export type BookingEntity = ReturnType<typeof bookingEntity>;

/**
 * Courier scans of a parcel, apart from the booking so it never grows with its history: one item per
 * reading (its scans up to about 1 KB), keyed by its newest scan.
 */
export function bookingEventEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity({
    model: { entity: 'bookingEvent', version: '1', service: 'dakiya' },
    attributes: {
      shopId: str,
      trackingNumber: str,
      at: str,
      seq: { type: 'number', required: true, default: 0 },
      status: str,
      message: str,
      location: optStr,
      /** The scans of the same reading before this one: one item holds a reading's scans, up to about 1 KB (one write unit). */
      earlier: {
        type: 'list',
        items: { type: 'map', properties: { at: str, seq: { type: 'number', required: true }, status: str, message: str, location: optStr } },
      },
    },
    indexes: {
      timeline: {
        pk: { field: 'pk', composite: ['shopId'], template: 'SHOP#${shopId}', casing: 'none' },
        sk: { field: 'sk', composite: ['trackingNumber', 'at', 'seq'], template: 'EVENT#${trackingNumber}#${at}#${seq}', casing: 'none' },
      },
    },
  }, { client, table });
}
