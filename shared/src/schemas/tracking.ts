import { z } from '../zod';
import { TrackOrderParams, TrackingResult } from './orders';

/**
 * GET /track-order-public/{id} and the page /track/{track_number} (spec 001 §2, §3 "Tracking result"):
 * anyone holding a tracking number may ask, and numbers are sequential and guessable, so the answer is
 * the spec's tracking fields with the consignee's first name only: no phone, address, amount or other
 * orders of the consignee.
 */
export const PublicTrackingParams = TrackOrderParams;
export type PublicTrackingParams = z.infer<typeof PublicTrackingParams>;

export const PublicTracking = TrackingResult.strict();
export type PublicTracking = z.infer<typeof PublicTracking>;

/** The first word of a name, for a greeting on a page anyone may open. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
