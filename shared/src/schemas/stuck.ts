import { z } from '../zod';
import { COURIER_IDS, type CourierId } from '../couriers';

/**
 * Stuck parcels (issue 22 item 2): how many days each courier may leave a parcel in one state before
 * the status sync puts it under 'Needs attention'. Set per courier in settings; the defaults and why
 * are in the README's Choices.
 */
export const STUCK_RULES = ['not_picked_up', 'in_transit', 'attempt_not_retried'] as const;
export type StuckRule = (typeof STUCK_RULES)[number];

export const STUCK_RULE_LABELS: Record<StuckRule, string> = {
  not_picked_up: 'Booked, not picked up',
  in_transit: 'In transit',
  attempt_not_retried: 'Failed attempt, not retried',
};

export const STUCK_MIN_DAYS = 1;
export const STUCK_MAX_DAYS = 60;

const days = (label: string) => z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`) })
  .int(`${label} must be whole days`)
  .min(STUCK_MIN_DAYS, `${label} must be at least ${STUCK_MIN_DAYS} day`)
  .max(STUCK_MAX_DAYS, `${label} must be at most ${STUCK_MAX_DAYS} days`);

export const StuckDays = z.object(Object.fromEntries(STUCK_RULES.map((r) => [r, days(STUCK_RULE_LABELS[r])])) as Record<StuckRule, ReturnType<typeof days>>);
export type StuckDays = z.infer<typeof StuckDays>;

/** One set of days per courier. */
export const StuckSettings = z.object(Object.fromEntries(COURIER_IDS.map((c) => [c, StuckDays])) as Record<CourierId, typeof StuckDays>);
export type StuckSettings = z.infer<typeof StuckSettings>;

/** Pakistani couriers collect daily and deliver in 1 to 5 days; these flag what has clearly stopped, not what is merely slow. */
export const DEFAULT_STUCK_DAYS: StuckDays = { not_picked_up: 3, in_transit: 7, attempt_not_retried: 2 };

export const DEFAULT_STUCK_SETTINGS: StuckSettings = Object.fromEntries(COURIER_IDS.map((c) => [c, { ...DEFAULT_STUCK_DAYS }])) as StuckSettings;

/** A saved value over the defaults, courier by courier and rule by rule (a courier added later reads its defaults). */
export function stuckSettingsOver(saved: Partial<Record<CourierId, Partial<StuckDays>>> | undefined): StuckSettings {
  return Object.fromEntries(COURIER_IDS.map((c) => [c, { ...DEFAULT_STUCK_SETTINGS[c], ...saved?.[c] }])) as StuckSettings;
}
