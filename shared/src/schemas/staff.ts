import { z } from '../zod';
import { Role } from '../scopes';
import { ObjectId } from './common';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const day = (label: string) => z.string().trim().refine(realDay, `${label} must be a date like 2026-11-23`).optional();

/** Staff statistics read counter items, never bookings: ten years of months is still a small read. */
export const STAFF_RANGE_MAX_DAYS = 3660;

const spanDays = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

const ordered = (from: string | undefined, to: string | undefined) => !from || !to || from <= to;
const notTooLong = (from: string | undefined, to: string | undefined) => !from || !to || spanDays(from, to) <= STAFF_RANGE_MAX_DAYS;
const ORDER_MESSAGE = 'Start date must be on or before end date';
const LENGTH_MESSAGE = 'The date range must be at most ten years';

/** GET /staff/table-order-count and /staff/chart-order-count(/{id}) (spec 000 §7): booking days in the shop's time zone, both included; a missing end is today. */
export const StaffRangeQuery = z.object({ start: day('Start date'), end: day('End date') })
  .refine((q) => ordered(q.start, q.end), { message: ORDER_MESSAGE, path: ['end'] })
  .refine((q) => notTooLong(q.start, q.end), { message: LENGTH_MESSAGE, path: ['start'] });
export type StaffRangeQuery = z.infer<typeof StaffRangeQuery>;

/** The spec's named ranges (its eight presets), worked out in the shop's time zone. */
export const STAFF_PRESETS = ['today', 'yesterday', 'last7Days', 'currentMonth', 'lastMonth', 'last6Months', 'thisYear', 'lastYear'] as const;
export const StaffPreset = z.enum(STAFF_PRESETS, { error: `Flag must be one of ${STAFF_PRESETS.join(', ')}` });
export type StaffPreset = z.infer<typeof StaffPreset>;

/** GET /staff/find-individual-order-count/{id}?flag=&from=&to=: a preset by name, or from and to. */
export const StaffCountQuery = z.object({ flag: StaffPreset.optional(), from: day('Start date'), to: day('End date') })
  .refine((q) => ordered(q.from, q.to), { message: ORDER_MESSAGE, path: ['to'] })
  .refine((q) => notTooLong(q.from, q.to), { message: LENGTH_MESSAGE, path: ['from'] });
export type StaffCountQuery = z.infer<typeof StaffCountQuery>;

export const StaffRange = z.object({ start: z.string(), end: z.string() });
export type StaffRange = z.infer<typeof StaffRange>;

/** One member's bookings in a range: by status, and as the staff table sums them. */
export const StaffCounts = z.object({
  fulfilled: z.number().int(),
  inprocess: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
  rts: z.number().int(),
  /** fulfilled + inprocess + delivered */
  booked: z.number().int(),
  /** cancelled + rts */
  cancelledTotal: z.number().int(),
  total: z.number().int(),
});
export type StaffCounts = z.infer<typeof StaffCounts>;

export const StaffRow = StaffCounts.extend({
  _id: ObjectId,
  first_name: z.string(),
  last_name: z.string(),
  role: Role,
  tag: z.string().optional(),
});
export type StaffRow = z.infer<typeof StaffRow>;

/**
 * `totals` are the shop's own counts, every booking in the range; `former` is what people no longer in the
 * shop booked (present only when there is some), so the rows and `former` add up to `totals`.
 */
export const StaffTable = z.object({ stats: z.array(StaffRow), former: StaffCounts.optional(), totals: StaffCounts, range: StaffRange });
export type StaffTable = z.infer<typeof StaffTable>;

/** A point of the chart: a day (`2026-11-23`), or a month (`2026-11`) when the range is long. */
export const StaffChartPoint = z.object({ at: z.string(), booked: z.number().int(), cancelled: z.number().int(), total: z.number().int() });
export type StaffChartPoint = z.infer<typeof StaffChartPoint>;

export const StaffChart = z.object({ period: z.enum(['DAY', 'MONTH']), points: z.array(StaffChartPoint), range: StaffRange });
export type StaffChart = z.infer<typeof StaffChart>;

export const StaffMemberCounts = z.object({
  user: z.object({ _id: ObjectId, first_name: z.string(), last_name: z.string(), role: Role, tag: z.string().optional() }),
  counts: StaffCounts,
  range: StaffRange.optional(),
});
export type StaffMemberCounts = z.infer<typeof StaffMemberCounts>;
