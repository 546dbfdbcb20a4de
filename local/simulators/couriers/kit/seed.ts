import { z } from 'zod';
import { SCENARIOS } from './shipments';

/**
 * A parcel as if it had been booked at a past time, for history: the same account, city and
 * consignee rules as the courier's booking call, then the scenario moves it on from that time.
 * One shape for every courier; each simulator turns it into its own booking.
 */
export const SeedShipment = z.object({
  /** The tracking account's credentials, as the app holds them; the set must be known to the simulator. */
  credentials: z.record(z.string(), z.string()),
  /** ISO 8601 time or epoch milliseconds; not later than the simulator clock. */
  bookedAt: z.union([z.iso.datetime({ offset: true }), z.number().int()]).transform((v) => (typeof v === 'number' ? v : Date.parse(v))),
  orderRef: z.string().min(1),
  consignee: z.object({ name: z.string().min(1), phone: z.string().min(1), address: z.string().min(1), email: z.string().optional() }),
  /** A destination in the courier's own city list, by name (Leopards' numeric id works too). */
  city: z.string().min(1),
  /** Cash to collect in PKR; 0 = prepaid (M&P refuses it, as when booking). */
  cod: z.number().nonnegative(),
  pieces: z.number().int().positive().default(1),
  weightGrams: z.number().int().positive().default(1000),
  /** The simulator's default scenario when absent. */
  scenario: z.enum(SCENARIOS).optional(),
  /** This parcel's time between two stages (the simulator's tick when absent): days to delivery vary by parcel. */
  tickMs: z.number().int().positive().optional(),
});
/** What a caller passes. */
export type SeedShipment = z.input<typeof SeedShipment>;
/** What a simulator receives, defaults applied. */
export type SeedInput = z.output<typeof SeedShipment>;

/** The booking options a seed gives the shipment store. */
export interface SeedTiming {
  scenario?: SeedInput['scenario'];
  bookedAt: number;
  tickMs?: number;
}

/** Refused: the courier would not have booked it (unknown credentials, city, bad phone…), said in its words. */
export class SeedRefused extends Error {}
