import { normalisePkMobile } from '@dakiya/shared';
import type { BookingAttempt, BookingRecord } from '../ports/bookings';
import type { Deps } from '../ports/deps';

/** Whom a privacy webhook names: their Shopify orders, their phone and their email (reference/shopify.md §2.6). */
export interface CustomerRef {
  orderIds: string[];
  /** As Dakiya stores phones (03XXXXXXXXX), when Shopify gave a Pakistani mobile. */
  phone?: string;
  /** In lower case. */
  email?: string;
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
  const email = typeof customer.email === 'string' && customer.email.includes('@') ? customer.email.trim().toLowerCase() : undefined;
  return { orderIds: [...new Set(orderIds)], ...(phone?.ok ? { phone: phone.phone } : {}), ...(email ? { email } : {}) };
}

const phonesOf = (c: BookingRecord['consignee']) => [c.phone, c.phone2, c.phone3].filter(Boolean);
/** Whether a consignee is the customer by phone or email (a pointer's text may match another address that starts the same). */
const isTheirs = (c: BookingRecord['consignee'], ref: CustomerRef) =>
  Boolean((ref.phone && phonesOf(c).includes(ref.phone)) || (ref.email && c.email?.toLowerCase() === ref.email));

/**
 * The customer's bookings: every booking ever made of their orders (the order pointers, written at
 * booking and backfilled by `bookings.pointers`) and every booking to their phone or email, whether
 * Shopify still lists its order or not.
 */
export async function customerBookings(shopId: string, ref: CustomerRef, deps: Deps): Promise<BookingRecord[]> {
  const byOrder = new Set<string>();
  for (const orderId of ref.orderIds) for (const tn of await deps.bookings.findByOrder(shopId, orderId)) byOrder.add(tn);
  const byContact = new Set<string>();
  if (ref.phone) for (const tn of await deps.bookings.findByPhone(shopId, ref.phone)) byContact.add(tn);
  if (ref.email) for (const tn of await deps.bookings.findByEmail(shopId, ref.email)) byContact.add(tn);
  const found = await deps.bookings.getMany(shopId, [...new Set([...byOrder, ...byContact])], { consistent: true });
  return found.filter((b) => byOrder.has(b.trackingNumber) || isTheirs(b.consignee, ref));
}

/**
 * The attempts that keep the customer's consignee fields in their plan (what the courier was sent,
 * booked or not): every attempt at an order Shopify listed; those at the orders of their bookings; and
 * those sent to their phone or email (the contact pointers), which reach an attempt whose order Shopify
 * no longer lists. Beyond the listed orders, only a plan with their phone or email counts, since an
 * order may since have gone to someone else.
 */
export async function customerAttempts(shopId: string, ref: CustomerRef, bookings: BookingRecord[], deps: Deps): Promise<BookingAttempt[]> {
  const listed = new Set(ref.orderIds);
  const ids = new Set<string>();
  for (const orderId of new Set([...listed, ...bookings.flatMap((b) => b.orderIds)])) {
    for (const id of await deps.attempts.findByOrder(shopId, orderId)) ids.add(id);
  }
  for (const contact of [ref.phone, ref.email]) {
    if (contact) for (const id of await deps.attempts.findByContact(shopId, contact)) ids.add(id);
  }
  const attempts: BookingAttempt[] = [];
  for (const id of ids) {
    const attempt = await deps.attempts.get(shopId, id);
    if (!attempt?.plan) continue;
    if (attempt.orderIds.some((o) => listed.has(o)) || isTheirs(attempt.plan.consignee, ref)) attempts.push(attempt);
  }
  return attempts;
}

/**
 * customers/data_request's attempts: only those whose consignee no booking of the answer shows (a parcel
 * waiting for a check, or one never booked); a booked attempt repeats its booking, so it is left out.
 */
export async function unbookedAttempts(shopId: string, ref: CustomerRef, bookings: BookingRecord[], deps: Deps): Promise<BookingAttempt[]> {
  const shown = new Set(bookings.map((b) => b.trackingNumber));
  return (await customerAttempts(shopId, ref, bookings, deps)).filter((a) => !(a.trackingNumber && shown.has(a.trackingNumber)));
}

/** customers/redact: each booking's consignee rewritten and its pointers by phone and order name gone, and each attempt's plan likewise. Idempotent. */
export async function redactCustomer(shopId: string, ref: CustomerRef, deps: Deps): Promise<{ bookings: number; attempts: number }> {
  const bookings = await customerBookings(shopId, ref, deps);
  for (const booking of bookings) await deps.bookings.redactConsignee(booking, REDACTED_CONSIGNEE);
  const attempts = await customerAttempts(shopId, ref, bookings, deps);
  for (const attempt of attempts) await deps.attempts.redactConsignee(attempt, REDACTED_CONSIGNEE);
  return { bookings: bookings.length, attempts: attempts.length };
}
