import { LIMITS } from './plans';
import type { CourierDefinition } from './couriers/definition';

/**
 * The weight a booking starts from, on every path (one order, a merge, a bulk booking) and in the form
 * that proposes it, so the screen shows what the server would use: the chosen tracking account's weight,
 * else the store's default weight (Settings; 100 g until the store saves its own). A value of 0 or none
 * means "not set".
 */
export function proposedWeight(source: { accountWeight?: number | null; storeWeight?: number | null }): number {
  const set = (grams: number | null | undefined) => (grams && grams > 0 ? grams : undefined);
  return set(source.accountWeight) ?? set(source.storeWeight) ?? LIMITS.defaultAccountWeightGrams;
}

/**
 * The courier's lightest parcel (its definition's `minWeightGrams`), in the words a lighter booking is
 * refused with: the booking form says it before sending, the server when it plans the booking.
 */
export function courierWeightIssue(courier: Pick<CourierDefinition, 'name' | 'booking'>, grams: number): string | undefined {
  const min = courier.booking.minWeightGrams;
  return grams < min ? `Weight must be at least ${min} grams for ${courier.name}` : undefined;
}
