import { z } from './zod';
import { courierDefinition, type CourierId } from './couriers';
import { LIMITS } from './plans';

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

/** A booking's weight: whole grams, at least 1 (spec 001 §5), at most what an account may hold. */
export const BookingWeight = z.coerce
  .number({ error: 'Weight must be a number' })
  .int('Weight must be whole grams')
  .min(1, 'Weight must be at least 1')
  .max(LIMITS.maxAccountWeightGrams, `Weight must be at most ${LIMITS.maxAccountWeightGrams}`);

/** A booking's pieces: a whole number, 1 to 999. */
export const BookingPieces = z.coerce
  .number({ error: 'Pieces must be a number' })
  .int('Pieces must be a whole number')
  .min(1, 'Pieces must be at least 1')
  .max(999, 'Pieces must be at most 999');

/**
 * The chosen courier's own minimum weight, which the server checks before anything is claimed and
 * the form says before submitting: 'Weight must be at least 500 grams for TCS'. Undefined when met.
 */
export function courierWeightProblem(company: CourierId, grams: number): string | undefined {
  const { name, booking } = courierDefinition(company);
  return grams < booking.minWeightGrams ? `Weight must be at least ${booking.minWeightGrams} grams for ${name}` : undefined;
}
