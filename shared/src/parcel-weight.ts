import { LIMITS } from './plans';
import type { CourierDefinition } from './couriers/definition';

/**
 * The weight a booking starts from, on every path (one order, a merge, a bulk booking) and in the form
 * that proposes it, so the screen shows what the server would use: the chosen tracking account's weight,
 * else the store's default weight (Settings; 100 g until the store saves its own). A value of 0 or none
 * means "not set".
 */
export function proposedWeight(source: WeightSources): number {
  return weightProposal(source).grams;
}

export interface WeightSources {
  accountWeight?: number | null;
  storeWeight?: number | null;
}

/** `proposedWeight` and where it came from, so a form can say why it proposes that weight. */
export function weightProposal(source: WeightSources): { grams: number; from: 'account' | 'store' | 'default' } {
  const set = (grams: number | null | undefined) => (grams && grams > 0 ? grams : undefined);
  const account = set(source.accountWeight);
  if (account) return { grams: account, from: 'account' };
  const store = set(source.storeWeight);
  if (store) return { grams: store, from: 'store' };
  return { grams: LIMITS.defaultAccountWeightGrams, from: 'default' };
}

/**
 * The courier's lightest parcel (its definition's `minWeightGrams`), in the words a lighter booking is
 * refused with: the booking form says it before sending, the server when it plans the booking.
 */
export function courierWeightIssue(courier: Pick<CourierDefinition, 'name' | 'booking'>, grams: number): string | undefined {
  const min = courier.booking.minWeightGrams;
  return grams < min ? `Weight must be at least ${min} grams for ${courier.name}` : undefined;
}
