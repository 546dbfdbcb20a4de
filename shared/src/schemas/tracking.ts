import { z } from '../zod';
import { Courier } from './accounts';
import { BookingStatus } from './booking';
import { TrackOrderParams, TrackingDetail } from './orders';

/**
 * GET /track-order-public/{id} and the page /track/{track_number} (spec 001 §2, §3 "Tracking result"):
 * anyone holding a tracking number may ask, and numbers are sequential and guessable, so the answer is
 * the spec's tracking fields with the consignee's first name only: no phone, address, amount or other
 * orders of the consignee.
 */
export const PublicTrackingParams = TrackOrderParams;
export type PublicTrackingParams = z.infer<typeof PublicTrackingParams>;

export const PublicTracking = z.object({
  domain: z.string(),
  store: z.string(),
  company: Courier,
  order_name: z.string(),
  order: z.object({
    /** The first word of the consignee's name: enough for a greeting, not enough to identify anyone. */
    consignee_name: z.string(),
    track_number: z.string(),
    booking_date: z.string(),
    /** 1 to 4 (TRACKING_STEPS); null for a returned parcel, which is said as returned. */
    current_status: z.number().int().min(1).max(4).nullable(),
    /** The courier's scans, oldest first. */
    details: z.array(TrackingDetail),
  }),
  /** The status itself, so a returned parcel (no step) is told apart from one with no status yet. */
  status: BookingStatus,
}).strict();
export type PublicTracking = z.infer<typeof PublicTracking>;

/** The first word of a name, for a greeting on a page anyone may open. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
