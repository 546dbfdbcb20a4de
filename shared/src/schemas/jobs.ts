import { z } from '../zod';
import { ObjectId } from './common';

/** The parcel events a consignee is told of (issue 22 §3); not the booking: Shopify's shipping email carries the link then. */
export const CONSIGNEE_NOTICE_EVENTS = ['OUT_FOR_DELIVERY', 'DELIVERED', 'RTS'] as const;
export type ConsigneeNoticeEvent = (typeof CONSIGNEE_NOTICE_EVENTS)[number];

/**
 * One email to send, by what it is for; the worker loads what it needs (the user, the shop) and
 * issues the link itself, so a retry mails a fresh link and a message never holds a secret.
 * A password reset carries only the address: the worker looks it up and sends or drops, so the
 * API does the same work for known and unknown addresses.
 */
export const MailMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reset-password'), email: z.string().min(3).max(254) }),
  z.object({ kind: z.literal('verify-email'), shopId: ObjectId, userId: ObjectId }),
  z.object({ kind: z.literal('create-password'), shopId: ObjectId, userId: ObjectId }),
  /** The step-up code of one sign-in: the worker makes the code (only when the password was right) and mails it. */
  z.object({ kind: z.literal('sign-in-code'), codeId: ObjectId }),
  /** A booking's public tracking link to its consignee: the worker reads the address from the booking as it is then. */
  z.object({ kind: z.literal('tracking-link'), shopId: ObjectId, trackingNumber: z.string().min(1).max(60) }),
  /**
   * A consignee notice (issue 22 §3): the parcel went out for delivery, was delivered or came back. Queued by the
   * status-change function under the key booking + event, so each event is one record and one mail.
   */
  z.object({ kind: z.literal('consignee-notice'), shopId: ObjectId, trackingNumber: z.string().min(1).max(60), event: z.enum(CONSIGNEE_NOTICE_EVENTS) }),
  /**
   * customers/data_request: what Dakiya holds about a customer, mailed to the store's owner (Shopify
   * expects the store to answer its customer). The bookings are named by number, never by the person.
   */
  z.object({
    kind: z.literal('customer-data'), shopId: ObjectId, requestId: z.string().min(1).max(64), trackingNumbers: z.array(z.string().min(1).max(60)).max(2000),
    /** Attempts whose consignee no listed booking shows (waiting for a check, or never booked); absent in messages queued before. */
    attemptIds: z.array(ObjectId).max(2000).optional(),
  }),
]);
export type MailMessage = z.infer<typeof MailMessage>;

/** A bulk booking to run: its rows (one result item per order) were written when it was started. */
export const BulkBookingMessage = z.object({ bulkId: ObjectId, userId: ObjectId });
export type BulkBookingMessage = z.infer<typeof BulkBookingMessage>;

/**
 * shop/redact's erasure of one shop, 48 hours after uninstall: the shop and its domain, and which run
 * of the chain this is (a run that nears its deadline queues the next one, which continues).
 */
/** `earlier`: the job record ids of the passes before this one, which the last pass deletes with its own (they name the shop). */
export const ShopRedactMessage = z.object({
  shopId: ObjectId, domain: z.string().min(3).max(255), pass: z.number().int().min(0), earlier: z.array(z.string().min(1).max(64)).max(1000).optional(),
});
export type ShopRedactMessage = z.infer<typeof ShopRedactMessage>;
