import { normalisePkMobile } from '@dakiya/shared';
import type { BookingRecord } from '../ports/bookings';
import type { Deps } from '../ports/deps';

/** Whom a privacy webhook names: their Shopify orders and their phone (reference/shopify.md §2.6). */
export interface CustomerRef {
  orderIds: string[];
  /** As Dakiya stores phones (03XXXXXXXXX), when Shopify gave a Pakistani mobile. */
  phone?: string;
}

/** What stands in a redacted booking's consignee fields (the parcel's other fields stay: counts are not personal data). */
export const REDACTED_CONSIGNEE: BookingRecord['consignee'] = { name: 'Redacted', phone: '', address: 'Redacted', email: '' };

/** The customer of a customers/redact or customers/data_request body; ids kept as text (they outgrow doubles one day). */
export function customerOf(payload: unknown, ordersField: 'orders_to_redact' | 'orders_requested'): CustomerRef {
  const body = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  const list = Array.isArray(body[ordersField]) ? (body[ordersField] as unknown[]) : [];
  const orderIds = list.map(String).filter((id) => /^\d{1,20}$/.test(id));
  const customer = body.customer && typeof body.customer === 'object' ? (body.customer as Record<string, unknown>) : {};
  const phone = typeof customer.phone === 'string' ? normalisePkMobile(customer.phone) : undefined;
  return { orderIds: [...new Set(orderIds)], ...(phone?.ok ? { phone: phone.phone } : {}) };
}

/**
 * The customer's bookings: every booking ever made of their orders (the order pointers, written at
 * booking and backfilled by `bookings.pointers`) and every booking to their phone.
 */
export async function customerBookings(shopId: string, ref: CustomerRef, deps: Deps): Promise<BookingRecord[]> {
  const numbers = new Set<string>();
  for (const orderId of ref.orderIds) for (const tn of await deps.bookings.findByOrder(shopId, orderId)) numbers.add(tn);
  if (ref.phone) for (const tn of await deps.bookings.findByPhone(shopId, ref.phone)) numbers.add(tn);
  return deps.bookings.getMany(shopId, [...numbers], { consistent: true });
}

/**
 * customers/redact: each booking's consignee rewritten and its pointers by phone and order name gone,
 * and the same fields in the plan of every attempt at their orders (the ones Shopify listed and the
 * ones their bookings found by phone are of), since an attempt keeps what the courier was sent,
 * booked or not. Idempotent.
 */
export async function redactCustomer(shopId: string, ref: CustomerRef, deps: Deps): Promise<{ bookings: number; attempts: number }> {
  const bookings = await customerBookings(shopId, ref, deps);
  for (const booking of bookings) await deps.bookings.redactConsignee(booking, REDACTED_CONSIGNEE);
  const orderIds = new Set([...ref.orderIds, ...bookings.flatMap((b) => b.orderIds)]);
  const attemptIds = new Set<string>();
  for (const orderId of orderIds) for (const id of await deps.attempts.findByOrder(shopId, orderId)) attemptIds.add(id);
  for (const attemptId of attemptIds) await deps.attempts.redactConsignee(shopId, attemptId, REDACTED_CONSIGNEE);
  return { bookings: bookings.length, attempts: attemptIds.size };
}
