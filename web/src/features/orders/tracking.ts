import { TRACKING_STEPS, type TrackingDetail, type TrackOrderResult } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { formatDateTime } from '../../lib/format';
import { STATUS_LABELS } from './orders-view';

export type StepState = 'done' | 'current' | 'upcoming' | 'skipped';

export interface TrackingStep {
  label: string;
  state: StepState;
}

/**
 * The modal's 4-step progress (spec §4: 1 Fulfilled, 2 In process, 3 Delivered, 4 Cancelled). A
 * delivered parcel is never going to be cancelled, and a cancelled one was never delivered: the step
 * that cannot happen any more is shown as skipped, not as still to come. Null for a returned parcel,
 * which the modal shows as returned instead of as a step.
 */
export function trackingSteps(current: number | null): TrackingStep[] | null {
  if (current === null || current < 1 || current > TRACKING_STEPS.length) return null;
  const label = (i: number) => STATUS_LABELS[TRACKING_STEPS[i]!];
  const cancelled = current === 4;
  return TRACKING_STEPS.map((_, i) => {
    const step = i + 1;
    let state: StepState;
    if (cancelled) state = step === 1 ? 'done' : step === 4 ? 'current' : 'skipped';
    else if (step === 4) state = current === 3 ? 'skipped' : 'upcoming';
    else state = step < current ? 'done' : step === current ? (current === 3 ? 'done' : 'current') : 'upcoming';
    return { label: label(i), state };
  });
}

/** The timeline newest first: the latest scan is what a merchant looks for. */
export function timelineOf(details: readonly TrackingDetail[]): TrackingDetail[] {
  return [...details].sort((a, b) => Date.parse(b.status_date) - Date.parse(a.status_date));
}

export interface CheckNote {
  tone: 'info' | 'warning' | 'neutral';
  text: string;
}

/** What opening the modal did with the courier, in a line under the status. */
export function courierCheckNote(result: Pick<TrackOrderResult, 'company' | 'courier_check' | 'last_checked_at'>, timeZone?: string): CheckNote {
  const courier = COURIER_BY_ID[result.company]?.name ?? result.company;
  const when = result.last_checked_at ? formatDateTime(result.last_checked_at, { timeZone }) : null;
  switch (result.courier_check) {
    case 'asked':
      return { tone: 'neutral', text: `Checked with ${courier} just now.` };
    case 'recent':
      return { tone: 'neutral', text: when ? `Last checked with ${courier} on ${when}.` : `As Dakiya last recorded it; ${courier} is checked again when this opens later.` };
    case 'unavailable':
      return { tone: 'warning', text: `${courier} did not answer just now, so this is the status Dakiya last recorded${when ? ` (checked ${when})` : ''}.` };
    case 'not-found':
      return { tone: 'info', text: `${courier} has no tracking data for this parcel yet. M&P's data in particular takes some time to appear after booking.` };
  }
}

/** Spec §8: the modal's failure, with its note that M&P's data takes time to appear. */
export const TRACKING_ERROR_TITLE = 'Error tracking order';
export const TRACKING_ERROR_NOTE = "M&P's tracking data can take a few hours to appear after booking. Try again later.";
