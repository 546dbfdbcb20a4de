import { courierDefinition, ERRORS, waitingForCheck, type BookingCheck, type BookOrderInput, type BulkProgress } from '@dakiya/shared';
import type { ShopifyAdmin, ShopifyOrder } from '../ports/shopify';
import type { Deps } from '../ports/deps';
import { AppError, planLimitError } from '../../ground/errors';
import { newId } from '../../ground/ids';
import { withShopify } from '../shopify/calls';
import { lookupOf } from '../store-orders/order-lookup';
import { startingWeight, storeDefaults, type StoreDefaults } from '../store-orders/store-defaults';
import type { BulkRowRecord, OrderClaim } from '../ports/bookings';
import { checkFulfillable } from './shopify-order';
import type { ShopRecord, UserRecord } from '../records';
import { planLimit } from '../billing/plan-check';
import { bookOrders } from './book';
import { bookingAccount, type BookingAccount } from './plan';
import { pause } from '../../ground/clock';
import { checksNeeded } from './check';
import { monthlyUsage } from '../billing/usage';
import { keyedJobId } from '../ports/jobs';

type OrderToBook = NonNullable<Awaited<ReturnType<ShopifyAdmin['getOrderToBook']>>>;

const KEEP_ROWS_SECONDS = 30 * 86400;
/** Answers that pass with time: Shopify busy or briefly away (the booking is exactly-once, so trying again is safe). */
const RETRIED = new Set<string>(['SHOPIFY_BUSY', 'SHOPIFY_UNAVAILABLE', 'FULFILMENT_PENDING', 'BOOKING_IN_PROGRESS']);
const MAX_ROUNDS = 6;

export interface BulkRequest {
  orderId: string;
  accountId: string;
}

/** A row whose order Shopify does not know: failed when the bulk starts, never queued. */
export const ORDER_NOT_FOUND_ROW = 'Order not found';
/** A row refused by the monthly limit (bookings racing the up-front check): the web links to Plans. */
export const PLAN_LIMIT_ROW = 'Plan limit reached: this month\'s orders of your plan are used. Upgrade your plan to book this order.';

/**
 * Starts a bulk booking: one result item per order, then a job (a row of the job table) that books
 * them. The answer names the bulk, whose progress the web polls; closing the tab stops nothing.
 *
 * The orders' names come from Shopify (one `nodes(ids:)` read of `name` only, one point per order),
 * never from the client; an id Shopify does not know is a failed row at once. A free shop whose
 * remaining orders this month are fewer than the orders to book is refused before anything is
 * written, with the same plan-limit answer as one booking.
 */
export async function startBulk(shop: ShopRecord, user: UserRecord, requests: BulkRequest[], deps: Deps): Promise<{ bulkId: string; total: number }> {
  // each account must be this shop's and active before anything is queued
  for (const accountId of new Set(requests.map((r) => r.accountId))) await bookingAccount(shop._id, accountId, deps);
  const client = deps.shopifyFor(shop);
  const names = await withShopify(() => client.getOrderNames(requests.map((r) => r.orderId)));
  const known = requests.filter((r) => names.has(r.orderId)).length;
  const limit = planLimit(shop, 'orders');
  if (limit !== undefined && known > 0) {
    const used = await monthlyUsage(deps.usage).read(shop, monthlyUsage(deps.usage).monthOf(shop, deps.now()));
    if (limit - used < known) throw planLimitError();
  }
  const now = deps.now();
  const bulkId = newId(now);
  const expiresAt = Math.floor(now.getTime() / 1000) + KEEP_ROWS_SECONDS;
  await deps.bulkRows.put(shop._id, bulkId, requests.map((r, index) => {
    const name = names.get(r.orderId);
    return {
      bulkId, index, orderId: r.orderId, orderName: name ?? '', accountId: r.accountId, createdAt: now.toISOString(), expiresAt,
      ...(name === undefined ? { state: 'failed' as const, message: ORDER_NOT_FOUND_ROW, reason: 'not_found' as const } : { state: 'queued' as const }),
    };
  }));
  if (known > 0) await deps.jobs.enqueue('bookings.bulk', { bulkId, userId: user._id }, { shopId: shop._id, key: bulkId });
  return { bulkId, total: requests.length };
}

export async function bulkProgress(shop: ShopRecord, bulkId: string, deps: Deps): Promise<BulkProgress> {
  const rows = await deps.bulkRows.list(shop._id, bulkId);
  if (rows.length === 0) throw new AppError('NOT_FOUND', { msg: 'This bulk booking was not found' });
  const count = (state: BulkRowRecord['state']) => rows.filter((r) => r.state === state).length;
  const queued = count('queued');
  const record = await deps.jobRecords.get({ id: keyedJobId('bookings.bulk', bulkId), shopId: shop._id });
  // a job that ended for good with rows never reached says so on those rows
  const ended = record && record.status !== 'pending';
  return {
    jobId: bulkId,
    status: queued === 0 || ended ? 'done' : queued === rows.length ? 'queued' : 'running',
    total: rows.length,
    booked: count('booked'),
    failed: count('failed') + (ended ? queued : 0),
    check: count('check'),
    createdAt: rows[0]!.createdAt,
    rows: rows.map((r) => ({
      order_id: r.orderId,
      order_name: r.orderName,
      state: ended && r.state === 'queued' ? 'failed' : r.state,
      ...(r.trackingNumber ? { tracking_number: r.trackingNumber } : {}),
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.message ? { message: r.message } : ended && r.state === 'queued' ? { message: 'Not booked: the bulk booking stopped. Book this order again.' } : {}),
    })),
  };
}

/** The form a person would have sent for this order, built from the order itself (the lookup's mapping). */
function inputFor(order: ShopifyOrder, account: BookingAccount, defaults: StoreDefaults): BookOrderInput {
  const lookup = lookupOf(order, defaults);
  return {
    tracking_account: account.account._id,
    shipping_type: 'overnight',
    order_id: order.legacyResourceId,
    pieces: Math.max(1, lookup.pieces),
    weight: startingWeight(account.account, defaults, order.totalWeight),
    cod_amount: lookup.cod_amount,
    order_name: lookup.order_name,
    products_list: lookup.products_list || order.name,
    consignee_name: lookup.consignee_fullname,
    consignee_email: lookup.consignee_email || undefined,
    consignee_phone: lookup.consignee_phone1,
    consignee_phone2: lookup.consignee_phone2 || undefined,
    consignee_phone3: lookup.consignee_phone3 || undefined,
    consignee_address: lookup.consignee_address,
    destination_city: lookup.consignee_city,
  };
}

const alreadyBooked = (trackingNumber: string) => ({
  state: 'failed' as const, reason: 'booked' as const, trackingNumber, message: `This order is already booked (tracking number ${trackingNumber}).`,
});

/** A row whose order's attempt lost the courier's answer: only a person can say whether it was booked. */
const waitsForCheck = (check: BookingCheck) => ({
  state: 'check' as const, reason: 'check_needed' as const,
  message: `${waitingForCheck(check)} Say what ${check.courier} shows on the order's page: it is not booked again until then.`,
});

/**
 * Why an order cannot be booked as Shopify has it, said before the form's fields are checked (a
 * cancelled order has no consignee to check): Dakiya booked it already, its earlier attempt waits for a
 * person's check with a courier that cannot be asked (booking it again could make a second parcel),
 * Shopify will not let it be fulfilled (cancelled, fulfilled, on hold, another service's), or it has no
 * address to send it to. An order whose attempt is under way otherwise is left to the booking, which resumes it.
 */
function refusedAsIs(read: OrderToBook, input: BookOrderInput, claim: OrderClaim | undefined, check: BookingCheck | undefined): Partial<BulkRowRecord> | undefined {
  if (claim?.state === 'booked' && claim.trackingNumber) return alreadyBooked(claim.trackingNumber);
  if (check) return waitsForCheck(check);
  if (claim?.state === 'booking') return undefined;
  try {
    checkFulfillable(read.fulfil);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { message: error.message, reason: error.code === 'ORDER_CANCELLED' ? 'cancelled' : 'not_fulfillable' };
  }
  if (!input.consignee_address.trim()) return { message: ERRORS.ORDER_NO_SHIPPING_ADDRESS.msg, reason: 'no_address' };
  return undefined;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function bounded<T>(items: T[], limit: number, work: (item: T, position: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const position = next++;
      await work(items[position]!, position);
    }
  });
  await Promise.all(lanes);
}

/**
 * The bulk job: the rows not yet done (a retried job resumes), per account with at most the
 * courier's `bulkParallel` bookings at once (1 for couriers that cannot be asked by reference), each
 * through the same exactly-once booking as one order. Each outcome is written to its row at once.
 */
export async function runBulk(shopId: string, bulkId: string, userId: string, deps: Deps): Promise<void> {
  const shop = await deps.shops.get(shopId);
  const user = await deps.members.get(shopId, userId);
  if (!shop || !user) return;
  const rows = (await deps.bulkRows.list(shopId, bulkId)).filter((r) => r.state === 'queued');
  if (rows.length === 0) return;
  const defaults = await storeDefaults(shopId, deps);
  const client = deps.shopifyFor(shop);
  const byAccount = new Map<string, BulkRowRecord[]>();
  for (const row of rows) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);

  const settle = (row: BulkRowRecord, patch: Partial<BulkRowRecord>) =>
    deps.bulkRows.settle(shopId, bulkId, row.index, { ...patch, updatedAt: deps.now().toISOString() });

  await Promise.all([...byAccount].map(async ([accountId, work]) => {
    let account: BookingAccount;
    try {
      account = await bookingAccount(shopId, accountId, deps);
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'The tracking account could not be opened';
      await Promise.all(work.map((row) => settle(row, { state: 'failed', message })));
      return;
    }
    const limit = courierDefinition(account.account.company).booking.bulkParallel;
    // one read per order: the form's fields and the fulfillment check come from it. The order a lane
    // will take next is read while this one books, so reads are off the lanes' path; a row tried
    // again reads afresh. Settled results, so a read that fails waits for its row unseen.
    const readAhead = new Map<number, Promise<{ read?: OrderToBook; error?: unknown }>>();
    const readOf = (row: BulkRowRecord) => withShopify(() => client.getOrderToBook(row.orderId));
    const readFirst = async (row: BulkRowRecord): Promise<OrderToBook | null> => {
      const early = readAhead.get(row.index);
      if (!early) return readOf(row);
      readAhead.delete(row.index);
      const { read, error } = await early;
      if (error) throw error;
      return read ?? null;
    };
    await bounded(work, limit, async (row, position) => {
      const ahead = work[position + limit];
      if (ahead) readAhead.set(ahead.index, readOf(ahead).then((read) => ({ read: read ?? undefined }), (error: unknown) => ({ error })));
      let prepaid = false;
      for (let round = 0; ; round++) {
        try {
          const [read, claims] = await Promise.all([round === 0 ? readFirst(row) : readOf(row), deps.attempts.claims(shopId, [row.orderId])]);
          if (!read) throw new AppError('ORDER_NOT_FOUND');
          const { order } = read;
          const input = inputFor(order, account, defaults);
          prepaid = input.cod_amount <= 0;
          const check = claims.get(row.orderId)?.state === 'booking' ? (await checksNeeded(shopId, claims, deps)).get(row.orderId) : undefined;
          const refused = refusedAsIs(read, input, claims.get(row.orderId), check);
          if (refused) {
            await settle(row, { state: 'failed', orderName: order.name, ...refused });
            return;
          }
          const record = await bookOrders({ shop, user, orderIds: [row.orderId], input, account, prefetched: [read.fulfil] }, deps);
          await settle(row, { state: 'booked', trackingNumber: record.trackingNumber, orderName: order.name });
          return;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // Shopify's bucket is shared by every lane: a busy answer waits and tries again (the booking resumes where it stopped)
          if (RETRIED.has(error.code) && round < MAX_ROUNDS) {
            await pause(Math.min(30_000, 2_000 * 2 ** round));
            continue;
          }
          if (error.code === 'PLAN_LIMIT_REACHED') await settle(row, { state: 'failed', message: PLAN_LIMIT_ROW, reason: 'plan_limit' });
          else if (error.code === 'ORDER_ALREADY_BOOKED' && error.extra?.tracking_number) await settle(row, alreadyBooked(error.extra.tracking_number));
          else if (error.code === 'COURIER_CHECK_NEEDED') await settle(row, { state: 'check', reason: 'check_needed', message: error.message });
          // a prepaid order and a cash-on-delivery-only courier: left for another account, as the form said before the bulk
          else if (error.code === 'VALIDATION_FAILED' && error.param === 'cod_amount' && prepaid) await settle(row, { state: 'failed', message: error.message, reason: 'prepaid' });
          else await settle(row, { state: 'failed', message: error.message });
          return;
        }
      }
    });
  }));
}
