import type { ShopRecord } from '../records';
import type { UsageReservation, UsageStore } from '../ports/usage';
import { planLimit } from './plan-check';
import { usageMonth } from './usage-month';
import { planLimitError } from '../../ground/errors';

export type UsageShop = Pick<ShopRecord, '_id' | 'plan' | 'iana_time_zone'>;

export interface Usage {
  /**
   * Counts the order in the shop's usage month of `at` (its own time zone). An order already counted
   * that month passes without counting again. A free shop at its monthly limit gets
   * PLAN_LIMIT_REACHED (with `plan_limit_error`), and nothing stays written.
   */
  reserve(shop: UsageShop, shopifyOrderId: string, at: Date): Promise<UsageReservation>;
  /** The courier refused: the order no longer counts this month. A cancelled booking keeps its count. */
  release(reservation: UsageReservation): Promise<void>;
  /** Orders counted in a usage month (`2026-11`). */
  read(shop: Pick<ShopRecord, '_id'>, month: string): Promise<number>;
  /** The usage month of an instant for this shop. */
  monthOf(shop: Pick<ShopRecord, 'iana_time_zone'>, at: Date): string;
}

/** Slots outlive their month by this much (TTL), long enough for any late release or re-booking question. */
const SLOT_KEEP_DAYS = 70;

export function orderNumberOf(id: string): string {
  const match = /^gid:\/\/shopify\/Order\/(\d+)/.exec(id);
  return match?.[1] ?? id;
}

/**
 * The slot is written first (conditional: one order once a month), then the counter is ADDed with
 * the free plan's ceiling as its condition. They are not one transaction: concurrent transactions on
 * one counter item are cancelled in AWS, while conditional ADDs on it all succeed up to the limit,
 * so N racing bookings at 4999 give exactly one more. A refused ADD deletes its slot again.
 * `monthlyUsage(deps.usage)` is the API every path uses.
 */
export function monthlyUsage(store: UsageStore): Usage {
  const monthOf = (shop: Pick<ShopRecord, 'iana_time_zone'>, at: Date) => usageMonth(at, shop.iana_time_zone);
  return {
    monthOf,
    async reserve(shop, shopifyOrderId, at) {
      const orderId = orderNumberOf(shopifyOrderId);
      const month = monthOf(shop, at);
      const reservation = { shopId: shop._id, shopifyOrderId: orderId, month };
      const expiresAt = Math.floor(at.getTime() / 1000) + (31 + SLOT_KEEP_DAYS) * 86_400;
      if (!(await store.claimSlot(shop._id, month, orderId, expiresAt))) return { ...reservation, counted: false };
      if (!(await store.addOne(shop._id, month, planLimit(shop, 'orders')))) {
        await store.dropSlot(shop._id, month, orderId);
        throw planLimitError();
      }
      return { ...reservation, counted: true };
    },
    async release(reservation) {
      if (!reservation.counted) return;
      // only the call that deletes the slot takes the order off the counter: a second release is a no-op
      if (await store.dropSlot(reservation.shopId, reservation.month, reservation.shopifyOrderId)) {
        await store.subtractOne(reservation.shopId, reservation.month);
      }
    },
    read: (shop, month) => store.count(shop._id, month),
  };
}
