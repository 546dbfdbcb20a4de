import { courierDefinition, MERGED_TAG, type BookOrderInput } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import { AppError } from '../../ground/errors';
import { newId } from '../../ground/ids';
import type { ShopifyOrderToFulfil } from '../ports/shopify';
import { isCourierUnavailable, type BookingRequest, type CourierAdapter } from '../ports/courier';
import type { BookingAttempt, BookingPlan, BookingRecord, OrderClaim } from '../ports/bookings';
import type { UsageReservation } from '../ports/usage';
import type { ShopRecord, UserRecord } from '../records';
import { bookingAccount, planBooking, type BookingAccount } from './plan';
import { checkFulfillable, fulfilOrder, ordersToFulfil } from './shopify-order';
import { moveCounters, shopDay } from './counters';
import { referenceOf } from './reference';
import { monthlyUsage } from '../billing/usage';
import type { Metrics } from '../../ground/metrics';
import { trackingPageUrl } from '../tracking-link';

/**
 * A request holds its attempt this long. Longer than any request lives (API Gateway gives up at 30
 * s), so an attempt is only taken over once the request that held it is gone.
 */
export const ATTEMPT_LEASE_MS = 60_000;

export interface BookOrdersRequest {
  shop: ShopRecord;
  user: UserRecord;
  orderIds: string[];
  input: BookOrderInput;
  /** Already opened (bulk opens each account once, not once per order). */
  account?: BookingAccount;
  /** The orders as just read from Shopify (bulk reads each order once, for its form and for this). */
  prefetched?: ShopifyOrderToFulfil[];
}

/**
 * Books one order, or several merged into one parcel, exactly once (issue 10 item 8). The orders are
 * claimed for an attempt (per shop, order and attempt: a cancelled booking's orders are booked
 * again as a new attempt), and the attempt records each step: claimed, calling the courier, courier
 * booked with its tracking number, saved. A retry of an unfinished attempt resumes from its step: it
 * never calls the courier again once a tracking number is recorded, asks the courier by reference
 * when the courier's answer was lost (or, where the courier cannot be asked, stops and says to check
 * with the courier), and before fulfilling looks for the tracking number on the order's fulfillments.
 */
export async function bookOrders(req: BookOrdersRequest, deps: Deps): Promise<BookingRecord> {
  const { shop, orderIds } = req;
  const nowMs = deps.now().getTime();
  const chosen = req.account ?? await bookingAccount(shop._id, req.input.tracking_account, deps);
  const draft = await planBooking(req.input, orderIds, [], chosen, nowMs);
  const ledger = deps.attempts;
  const claims = await ledger.claims(shop._id, orderIds);
  alreadyBooked(claims);

  const lease = nowMs + ATTEMPT_LEASE_MS;
  const running = [...new Set([...claims.values()].filter((c) => c.state === 'booking').map((c) => c.attemptId))];
  let attempt: BookingAttempt | undefined;
  if (running.length > 0) {
    const held = running.length === 1 ? await ledger.get(shop._id, running[0]!) : undefined;
    if (!held || !sameOrders(held.orderIds, orderIds)) throw new AppError('BOOKING_IN_PROGRESS');
    attempt = await ledger.takeOver(shop._id, held.attemptId, nowMs, lease);
    if (!attempt) throw new AppError('BOOKING_IN_PROGRESS');
  } else {
    attempt = {
      attemptId: newId(), shopId: shop._id, orderIds, userId: req.user._id, createdAt: new Date(nowMs).toISOString(), leaseUntil: lease, stage: 'claimed',
      attempts: Object.fromEntries(orderIds.map((id) => [id, (claims.get(id)?.attempt ?? 0) + 1])),
    };
    if (!(await ledger.start(attempt, claims, nowMs))) {
      alreadyBooked(await ledger.claims(shop._id, orderIds));
      throw new AppError('BOOKING_IN_PROGRESS');
    }
  }
  try {
    return await runAttempt(attempt, lease, req, chosen, draft, deps);
  } catch (error) {
    // the steps taken are recorded: a retry may take the attempt over at once
    await ledger.releaseLease(shop._id, attempt.attemptId, lease).catch(() => undefined);
    if (error instanceof AppError && error.code === 'COURIER_CHECK_NEEDED') await needsCourierCheck(shop, attempt.attemptId, error, deps);
    throw error;
  }
}

/** An attempt that stopped for a person to check with the courier is listed under 'Needs attention' until resolved. */
async function needsCourierCheck(shop: ShopRecord, attemptId: string, error: AppError, deps: Deps): Promise<void> {
  const held = await deps.attempts.get(shop._id, attemptId);
  if (!held?.plan) return;
  const account = await deps.accounts.get(shop._id, held.plan.accountId);
  const orderName = held.plan.orderNames.join(', ');
  await deps.attention.raise(shop._id, {
    subject: { kind: 'attempt', attemptId }, reason: 'COURIER_CHECK_NEEDED', message: error.message, at: deps.now().toISOString(), orderName,
    attempt: {
      attemptId, orderNames: held.plan.orderNames, accountId: held.plan.accountId, accountName: account?.name ?? '', company: account?.company ?? 'LEOPARD',
      userId: held.userId, cod: held.plan.cod, destinationCity: held.plan.destinationCity, createdAt: held.createdAt,
    },
  });
}

function alreadyBooked(claims: Map<string, OrderClaim>): void {
  const booked = [...claims.values()].find((c) => c.state === 'booked');
  if (booked) {
    throw new AppError('ORDER_ALREADY_BOOKED', {
      msg: `This order is already booked (tracking number ${booked.trackingNumber}). Cancel that booking to book it again.`,
      extra: { tracking_number: booked.trackingNumber },
    });
  }
}

const sameOrders = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

function courierRequest(plan: BookingPlan): BookingRequest {
  return {
    reference: plan.reference,
    consignee: plan.consignee,
    destinationCity: plan.destinationKey,
    pieces: plan.pieces,
    weightGrams: plan.weight,
    codAmount: plan.cod,
    productsDescription: plan.productsList,
    remarks: plan.remarks || undefined,
    shippingType: 'overnight',
  };
}

async function runAttempt(
  attempt: BookingAttempt, lease: number, req: BookOrdersRequest, chosen: BookingAccount, draft: BookingPlan, deps: Deps,
): Promise<BookingRecord> {
  const { shop } = req;
  const ledger = deps.attempts;
  const client = deps.shopifyFor(shop);
  let orders: ShopifyOrderToFulfil[] | undefined;
  let plan = attempt.plan;
  let reservations = attempt.reservations ?? [];
  let trackingNumber = attempt.trackingNumber;
  let labelUrl = attempt.labelUrl;
  // a resumed attempt books with the account it started with, whatever this request chose
  const booking = plan && plan.accountId !== chosen.account._id ? await bookingAccount(shop._id, plan.accountId, deps) : chosen;

  const giveUp = async (error: unknown): Promise<never> => {
    await Promise.all(reservations.map((r) => monthlyUsage(deps.usage).release(r)));
    await ledger.abandon(attempt, deps.now().getTime());
    throw error;
  };

  if (attempt.stage === 'claimed') {
    try {
      orders = req.prefetched ?? await ordersToFulfil(client, attempt.orderIds);
      orders.forEach(checkFulfillable);
      reservations = await reserveAll(shop, attempt.orderIds, deps);
    } catch (error) {
      return giveUp(error);
    }
    const names = orders.map((o) => o.name);
    plan = { ...draft, orderNames: names, reference: referenceOf(names, attempt.attemptId) };
    await ledger.advance(shop._id, attempt.attemptId, lease, { stage: 'calling', plan, reservations });
    ({ trackingNumber, labelUrl } = await callCourier(booking.adapter, plan, giveUp, deps.metrics));
  } else if (attempt.stage === 'calling') {
    // the request that called the courier died before recording its answer
    plan = plan!;
    trackingNumber = await findLost(booking.adapter, plan);
    if (!trackingNumber) ({ trackingNumber, labelUrl } = await callCourier(booking.adapter, plan, giveUp, deps.metrics));
  }
  if (attempt.stage !== 'courier-booked') {
    await ledger.advance(shop._id, attempt.attemptId, lease, { stage: 'courier-booked', trackingNumber, ...(labelUrl ? { labelUrl } : {}) });
  }
  return finishAttempt(attempt, { plan: plan!, trackingNumber: trackingNumber!, labelUrl, orders, booking, shop, user: req.user }, deps);
}

async function reserveAll(shop: ShopRecord, orderIds: string[], deps: Deps): Promise<UsageReservation[]> {
  const made: UsageReservation[] = [];
  try {
    for (const id of orderIds) made.push(await monthlyUsage(deps.usage).reserve(shop, id, deps.now()));
    return made;
  } catch (error) {
    await Promise.all(made.map((r) => monthlyUsage(deps.usage).release(r)));
    throw error;
  }
}

/** After a lost answer: the booking found by our reference, undefined when the courier has none, or stop. */
async function findLost(adapter: CourierAdapter, plan: BookingPlan): Promise<string | undefined> {
  if (!adapter.capabilities.findByReference) throw checkWithCourier(plan);
  try {
    const found = await adapter.findByReference({ reference: plan.reference, phone: plan.consignee.phone, codAmount: plan.cod });
    if (found.kind === 'found') return found.trackingNumber;
    if (found.kind === 'not-found') return undefined;
  } catch (error) {
    if (!isCourierUnavailable(error)) throw error;
    // the attempt stays at 'calling': booking again asks the courier first, so nothing is booked twice
    throw new AppError('COURIER_UNAVAILABLE', {
      msg: `The courier did not answer in time, so it is not yet known whether ${parcelOf(plan)} was booked. Book again in a moment: Dakiya asks the courier first and never books it twice.`,
    });
  }
  throw checkWithCourier(plan);
}

/** A merge is one parcel of several orders: said in the singular, as the parcel. */
const parcelOf = (plan: BookingPlan) => (plan.orderNames.length > 1 ? `the parcel of ${plan.orderNames.join(', ')}` : plan.orderNames.join(', '));

const checkWithCourier = (plan: BookingPlan) => new AppError('COURIER_CHECK_NEEDED', {
  msg: `The courier did not say whether ${parcelOf(plan)} was booked. Check with the courier (reference ${plan.reference}) before booking it again.`,
});

/** What the courier's booking answer gave: a parcel found again by our reference comes without a label link. */
interface CourierBooked { trackingNumber: string; labelUrl?: string }

/** The one courier call. Refusals and clear outages free the orders; a lost answer is resolved or kept for a person. */
async function callCourier(adapter: CourierAdapter, plan: BookingPlan, giveUp: (error: unknown) => Promise<never>, metrics: Metrics): Promise<CourierBooked> {
  try {
    const result = await adapter.book(courierRequest(plan));
    if (result.ok) return { trackingNumber: result.trackingNumber, ...(result.labelUrl ? { labelUrl: result.labelUrl } : {}) };
    metrics.count('BookingsRefusedByCourier');
    const detail = result.messages.filter(Boolean).join('; ');
    return giveUp(new AppError('COURIER_REFUSED', { msg: `The courier refused this booking${detail ? `: ${detail}` : ''}`, ...(result.raw ? { extra: { details: result.raw } } : {}) }));
  } catch (error) {
    if (!isCourierUnavailable(error)) throw error;
    metrics.count('CourierUnavailable');
    if (!error.ambiguous) return giveUp(new AppError('COURIER_UNAVAILABLE'));
    const found = await findLost(adapter, plan);
    if (found) return { trackingNumber: found };
    return giveUp(new AppError('COURIER_UNAVAILABLE'));
  }
}

export interface Finishing {
  plan: BookingPlan;
  trackingNumber: string;
  /** The courier's label link from its booking answer, where it gave one. */
  labelUrl?: string;
  orders: ShopifyOrderToFulfil[] | undefined;
  booking: BookingAccount;
  shop: ShopRecord;
  /** Who finishes it (the booking's `bookedBy` stays the attempt's). */
  user: UserRecord;
  /**
   * When the courier booked it, when that is not now: a person's "It was booked" answers a check later, and
   * the booking's time (and day) is the attempt's, not the answer's.
   */
  bookedAt?: Date;
}

/** The courier booked the parcel (its tracking number is recorded on the attempt): fulfil on Shopify and save. */
export async function finishAttempt(attempt: BookingAttempt, f: Finishing, deps: Deps): Promise<BookingRecord> {
  const { shop, user } = f;
  const client = deps.shopifyFor(shop);
  const account = f.booking.account;
  const tracking = {
    number: f.trackingNumber,
    company: courierDefinition(account.company).name,
    url: trackingPageUrl(deps.env.APP_URL, f.trackingNumber),
  };
  let fulfillments: BookingRecord['fulfillments'] = [];
  let orders = f.orders;
  try {
    // a resumed attempt reads the orders again: a fulfillment may have been made before the request died
    orders ??= await ordersToFulfil(client, attempt.orderIds);
    for (const order of orders) fulfillments = fulfillments.concat(await fulfilOrder(client, order, tracking));
  } catch (error) {
    if (error instanceof AppError && error.status >= 500) {
      throw new AppError('FULFILMENT_PENDING', {
        msg: `The courier booked the parcel (tracking number ${f.trackingNumber}) but Shopify did not answer. Book again to finish: the same parcel is used.`,
      });
    }
    throw error;
  }
  const now = deps.now();
  const at = now.toISOString();
  const booked = f.bookedAt ?? now;
  const record: BookingRecord = {
    shopId: shop._id,
    trackingNumber: f.trackingNumber,
    bookingId: newId(),
    orderIds: attempt.orderIds,
    orderNames: f.plan.orderNames,
    tag: attempt.orderIds.length > 1 ? MERGED_TAG : '',
    accountId: account._id,
    accountName: account.name,
    company: account.company,
    status: 'FULFILLED',
    paymentStatus: 'UNPAID',
    bookedAt: booked.toISOString(),
    bookedDay: shopDay(booked, shop.iana_time_zone),
    bookedBy: attempt.userId,
    bookedByTag: attempt.userId === user._id ? user.tag : '',
    lastStatusAt: at,
    consignee: f.plan.consignee,
    destinationCity: f.plan.destinationCity,
    cod: f.plan.cod,
    weight: f.plan.weight,
    pieces: f.plan.pieces,
    productsList: f.plan.productsList,
    remarks: f.plan.remarks,
    lineItems: orders.flatMap((o) => o.lineItems.map((li) => ({
      image: li.imageUrl, title: li.title, variant_title: li.variantTitle, price: li.unitPrice.amount, currentQuantity: li.currentQuantity,
    }))),
    fulfillments,
    attention: [],
    ...(f.labelUrl ? { labelUrl: f.labelUrl } : {}),
  };
  // the day counters beside the booking's pointers, only when this call created it; the claims say booked after both,
  // so a retry after a failure here still finds its attempt unfinished and writes them again
  const created = await deps.bookings.save(record, () => moveCounters(shop, undefined, record, deps));
  await deps.attempts.markBooked(attempt, record.trackingNumber, now.getTime());
  if (created) deps.metrics.count('BookingsMade');
  return created ? record : ((await deps.bookings.get(shop._id, f.trackingNumber)) ?? record);
}
