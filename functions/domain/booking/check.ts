import { courierDefinition, type BookingCheck, type CourierId } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import { AppError } from '../../ground/errors';
import { isCourierUnavailable, type TrackingResult } from '../ports/courier';
import type { BookingAttempt, BookingRecord, OrderClaim } from '../ports/bookings';
import type { ShopRecord, UserRecord } from '../records';
import { loadAccount } from '../accounts/load-account';
import { openCredentials } from '../accounts/credentials';
import { monthlyUsage } from '../billing/usage';
import { ATTEMPT_LEASE_MS, finishAttempt } from './book';

/**
 * An attempt stopped at 'calling' (the courier's answer was lost), held by no request, at a courier
 * that cannot be asked by reference: only a person who checks with the courier can say what happened.
 */
async function stuckAttempt(shopId: string, orderId: string, deps: Deps): Promise<{ attempt: BookingAttempt; check: BookingCheck } | undefined> {
  const claim = (await deps.attempts.claims(shopId, [orderId])).get(orderId);
  // an order this shop never booked (or another shop's) is not found, as any id of another shop is
  if (!claim) throw new AppError('NOT_FOUND', { msg: 'No booking of this order waits for a check', param: 'orderId' });
  if (claim.state !== 'booking' || !claim.attemptId) return undefined;
  return checkOf(shopId, claim.attemptId, deps);
}

async function checkOf(shopId: string, attemptId: string, deps: Deps): Promise<{ attempt: BookingAttempt; check: BookingCheck } | undefined> {
  const attempt = await deps.attempts.get(shopId, attemptId);
  if (!attempt?.plan || attempt.stage !== 'calling' || attempt.leaseUntil >= deps.now().getTime()) return undefined;
  const account = await loadAccount(shopId, attempt.plan.accountId, deps).catch(() => undefined);
  if (!account || courierDefinition(account.company).booking.findByReference) return undefined;
  return {
    attempt,
    check: {
      reference: attempt.plan.reference, courier: courierDefinition(account.company).name, account_name: account.name,
      started_at: attempt.createdAt, order_names: attempt.plan.orderNames,
    },
  };
}

/** The orders among these whose last attempt needs a person's check, with what to look for at the courier. */
export async function checksNeeded(shopId: string, claims: Map<string, OrderClaim>, deps: Deps): Promise<Map<string, BookingCheck>> {
  const attemptIds = [...new Set([...claims.values()].filter((c) => c.state === 'booking' && c.attemptId).map((c) => c.attemptId!))];
  const found = new Map<string, BookingCheck>();
  for (const attemptId of attemptIds) {
    const stuck = await checkOf(shopId, attemptId, deps);
    if (stuck) for (const id of stuck.attempt.orderIds) found.set(id, stuck.check);
  }
  return found;
}

/** The stuck attempt of this order, held by this request; CHECK_NOT_NEEDED when there is none (or another request holds it). */
async function holdStuck(shopId: string, orderId: string, deps: Deps): Promise<{ attempt: BookingAttempt; lease: number }> {
  const stuck = await stuckAttempt(shopId, orderId, deps);
  const nowMs = deps.now().getTime();
  const lease = nowMs + ATTEMPT_LEASE_MS;
  const attempt = stuck && await deps.attempts.takeOver(shopId, stuck.attempt.attemptId, nowMs, lease);
  if (!attempt) throw new AppError('CHECK_NOT_NEEDED', { param: 'orderId' });
  return { attempt, lease };
}

/**
 * "It was booked": the person read the tracking number on the courier's portal. It is checked with
 * the courier's tracking where it answers: a number the courier does not show is refused, so a typo
 * never reaches the customer's tracking link (TCS shows a parcel only from its first scan: until its
 * pickup the person is told so); no answer at all is no proof either way, so the person's word stands. It is recorded on the attempt with who said it, then the booking is
 * finished as any other: fulfilled on Shopify with that number and saved.
 */
export async function resolveBooked(shop: ShopRecord, user: UserRecord, orderId: string, trackingNumber: string, deps: Deps): Promise<BookingRecord> {
  const taken = await deps.bookings.get(shop._id, trackingNumber);
  if (taken) {
    // named, so the person can open that booking and see whose parcel the courier's number is
    throw new AppError('TRACKING_NUMBER_TAKEN', {
      msg: `Tracking number ${trackingNumber} belongs to the booking of ${taken.orderNames.join(', ')} in Dakiya. Check the number on the courier's portal.`,
      param: 'tracking_number', extra: { tracking_number: trackingNumber },
    });
  }
  const { attempt, lease } = await holdStuck(shop._id, orderId, deps);
  try {
    const account = await loadAccount(shop._id, attempt.plan!.accountId, deps);
    const adapter = deps.courier(account.company, await openCredentials(account, deps));
    const tracked = await trackedByCourier(adapter.track.bind(adapter), trackingNumber);
    // another order's parcel (its reference is not this attempt's; M&P keeps 50 characters of it) must never be adopted: this order's customer
    // would be sent its tracking link, and a cancel would cancel it
    const reference = attempt.plan?.reference;
    if (tracked?.found && tracked.reference && reference && tracked.reference.slice(0, 50) !== reference.slice(0, 50)) {
      throw new AppError('VALIDATION_FAILED', {
        msg: `${courierDefinition(account.company).name} shows tracking number ${trackingNumber} for reference ${tracked.reference}, `
          + `not this order's ${reference}. Check the number on the courier's portal.`,
        param: 'tracking_number',
      });
    }
    if (tracked?.found === false) throw notShown(account.company, trackingNumber);
    await deps.attempts.advance(shop._id, attempt.attemptId, lease, {
      stage: 'courier-booked', trackingNumber, resolution: { choice: 'booked', by: user._id, at: deps.now().toISOString() },
    });
    // booked when the attempt was sent, whenever the check is answered
    const record = await finishAttempt(attempt, {
      plan: attempt.plan!, trackingNumber, orders: undefined, booking: { account, adapter }, shop, user, bookedAt: new Date(attempt.createdAt),
    }, deps);
    // answered: the attempt no longer waits under 'Needs attention'
    await deps.attention.resolve(shop._id, { kind: 'attempt', attemptId: attempt.attemptId });
    return record;
  } finally {
    await deps.attempts.releaseLease(shop._id, attempt.attemptId, lease).catch(() => undefined);
  }
}

/**
 * A number the courier's tracking does not show. A courier that shows a parcel only from its pickup (TCS)
 * cannot tell a wrong number from a right one not picked up yet, so it is said as no movement yet.
 */
function notShown(company: CourierId, trackingNumber: string): AppError {
  const { name, booking } = courierDefinition(company);
  const msg = booking.tracksFromPickup
    ? `${name} shows no movement for tracking number ${trackingNumber} yet: ${name} shows a parcel once it is picked up. `
      + `If the number is right, answer again after the pickup; otherwise check it on ${name}'s portal.`
    : `${name} does not show tracking number ${trackingNumber}. Check the number on the courier's portal.`;
  return new AppError('TRACKING_NUMBER_UNKNOWN', { msg, param: 'tracking_number' });
}

/** The courier's tracking of the number; undefined when the courier did not answer (no proof either way). */
async function trackedByCourier(track: (tns: string[]) => Promise<TrackingResult[]>, trackingNumber: string): Promise<TrackingResult | undefined> {
  try {
    const [tracked] = await track([trackingNumber]);
    return tracked;
  } catch (error) {
    if (isCourierUnavailable(error)) return undefined;
    throw error;
  }
}

/**
 * "It was not booked": the person checked with the courier and found no parcel. The attempt is
 * recorded as theirs and released: its plan slot is given back and its orders are free to book
 * again, as a new attempt with a new reference. Should the courier have booked it after all, that
 * parcel stays unknown to Dakiya: the screen says so before the person confirms.
 */
export async function resolveNotBooked(shop: ShopRecord, user: UserRecord, orderId: string, deps: Deps): Promise<void> {
  const { attempt, lease } = await holdStuck(shop._id, orderId, deps);
  await deps.attempts.advance(shop._id, attempt.attemptId, lease, { resolution: { choice: 'not-booked', by: user._id, at: deps.now().toISOString() } });
  await Promise.all((attempt.reservations ?? []).map((r) => monthlyUsage(deps.usage).release(r)));
  await deps.attempts.abandon(attempt, deps.now().getTime());
  await deps.attention.resolve(shop._id, { kind: 'attempt', attemptId: attempt.attemptId });
}
