import { z } from '../zod';
import { COURIER_IDS } from '../couriers';
import { Courier } from './accounts';
import { BOOKING_STATUSES, BookingStatus } from './booking';
import { listOf, multi, shopDay } from './orders';

/**
 * Dashboard analytics and the courier x city scorecard (spec 001 "Dashboard", issue 24): every count
 * comes from the counter items, never from reading bookings, except a one-booking lookup and a
 * delivered range narrowed further (a city, booking days), which walk the delivered index.
 */

/** Spec: the dashboard shows the last seven days by default. */
export const DASHBOARD_DEFAULT_DAYS = 7;
/** A range spans at most this many days (a delivered range reads one item a day). */
export const ANALYTICS_MAX_DAYS = 731;
export const CITY_PAGE_SIZE = 10;
/** Fewer delivered or returned parcels than this: the scorecard says the rates are a small sample. */
export const SCORECARD_MIN_SAMPLE = 30;

const spanDays = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const notTooLong = (q: { from?: string; to?: string }) => !q.from || !q.to || spanDays(q.from, q.to) <= ANALYTICS_MAX_DAYS;

const page = z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').max(1000, 'Page must be at most 1000').default(1);
const limit = z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(50, 'Limit must be at most 50').default(CITY_PAGE_SIZE);
const city = z.string().trim().max(100, 'City must be at most 100 characters').optional();

/** GET /get-dashboard-analytics (spec 001 §3 "Dashboard"): the spec's query fields, days in the shop's time zone. */
export const DashboardQuery = z.object({
  /** One booking by tracking number or order name: its own numbers. */
  query: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  trackingNumber: z.string().trim().max(60, 'Tracking number must be at most 60 characters').optional(),
  city,
  status: multi('Status', listOf('Status', BOOKING_STATUSES), BOOKING_STATUSES.length),
  company: multi('Company', listOf('Company', COURIER_IDS), COURIER_IDS.length),
  bookingDateFrom: shopDay('Booking date from'),
  bookingDateTo: shopDay('Booking date to'),
  deliveredDateFrom: shopDay('Delivered date from'),
  deliveredDateTo: shopDay('Delivered date to'),
  page,
  limit,
}).refine((q) => inOrder({ from: q.bookingDateFrom, to: q.bookingDateTo }), {
  message: 'Booking date from must be on or before booking date to', path: ['bookingDateTo'],
}).refine((q) => inOrder({ from: q.deliveredDateFrom, to: q.deliveredDateTo }), {
  message: 'Delivered date from must be on or before delivered date to', path: ['deliveredDateTo'],
}).refine((q) => notTooLong({ from: q.bookingDateFrom, to: q.bookingDateTo }) && notTooLong({ from: q.deliveredDateFrom, to: q.deliveredDateTo }), {
  message: `Choose a range of at most ${ANALYTICS_MAX_DAYS} days`, path: ['bookingDateFrom'],
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;
export type DashboardQueryInput = z.input<typeof DashboardQuery>;

const Counts = z.object({ FULFILLED: z.number().int(), INPROCESS: z.number().int(), DELIVERED: z.number().int(), CANCELLED: z.number().int(), RTS: z.number().int() });
export type StatusCounts = z.infer<typeof Counts>;

/** One card: a status and how many bookings of the range have it (INPROCESS: total minus fulfilled, cancelled and delivered). */
export const DashboardMetric = z.object({ status: BookingStatus, count: z.number().int() });
export type DashboardMetric = z.infer<typeof DashboardMetric>;

/** A day or month of the chart: bookings by status and COD (booked that period; delivered of those). */
export const DashboardPoint = z.object({
  at: z.string(),
  counts: Counts,
  codBooked: z.number().nullable(),
  codDelivered: z.number().nullable(),
});
export type DashboardPoint = z.infer<typeof DashboardPoint>;

/** A destination city's deliveries over booking days: how many, and the average days to delivery. */
export const CityAverage = z.object({
  city: z.string(),
  delivered: z.number().int(),
  /** Null without deliveries; 15 and more days count as 15. */
  averageDays: z.number().nullable(),
});
export type CityAverage = z.infer<typeof CityAverage>;

export const DashboardAnalytics = z.object({
  totalOrders: z.number().int(),
  metrics: z.array(DashboardMetric),
  /** Null where the items read do not count COD (a city, a courier or a status narrows them). */
  codBooked: z.number().nullable(),
  codDelivered: z.number().nullable(),
  /** What the range counts: booking days, or the days parcels were delivered. */
  range: z.object({ by: z.enum(['booked', 'delivered']), from: z.string(), to: z.string(), period: z.enum(['DAY', 'MONTH']) }),
  series: z.array(DashboardPoint),
  /** The city list, paged (page, limit): delivered parcels and average days, over the booking range. */
  cities: z.object({ data: z.array(CityAverage), page: z.number().int(), limit: z.number().int(), totalCities: z.number().int() }),
  /** `counters`: the counter items; `booking`: one booking found by query or tracking number; `walk`: delivered parcels read one by one. */
  source: z.enum(['counters', 'booking', 'walk']),
  /** A walk stopped at its read budget: the numbers are at least these. */
  totalIsLowerBound: z.boolean(),
  /** Parcels under 'Needs attention' as stuck now, whatever the range (issue 22). */
  stuckParcels: z.number().int(),
});
export type DashboardAnalytics = z.infer<typeof DashboardAnalytics>;

/** GET /cities-delivery-average (spec 001 §3): booking days, and one city or Dakiya's city list. */
export const CitiesAverageQuery = z.object({
  startDate: shopDay('Start date'),
  endDate: shopDay('End date'),
  city,
}).refine((q) => inOrder({ from: q.startDate, to: q.endDate }), { message: 'Start date must be on or before end date', path: ['endDate'] })
  .refine((q) => notTooLong({ from: q.startDate, to: q.endDate }), { message: `Choose a range of at most ${ANALYTICS_MAX_DAYS} days`, path: ['startDate'] });
export type CitiesAverageQuery = z.infer<typeof CitiesAverageQuery>;

export const CitiesAverage = z.object({ from: z.string(), to: z.string(), data: z.array(CityAverage) });
export type CitiesAverage = z.infer<typeof CitiesAverage>;

/** GET /courier-scorecard: booking days (the last 90 by default), one city or a page of Dakiya's city list. */
export const ScorecardQuery = z.object({
  from: shopDay('From'),
  to: shopDay('To'),
  city,
  page,
  limit,
}).refine((q) => inOrder(q), { message: 'From must be on or before to', path: ['to'] })
  .refine(notTooLong, { message: `Choose a range of at most ${ANALYTICS_MAX_DAYS} days`, path: ['from'] });
export type ScorecardQuery = z.infer<typeof ScorecardQuery>;
export type ScorecardQueryInput = z.input<typeof ScorecardQuery>;

export const SCORECARD_DEFAULT_DAYS = 90;

/** GET /courier-scorecard/{city}: the booking form's one city, over the last SCORECARD_DEFAULT_DAYS days. */
export const CityScorecardParams = z.object({ city: z.string().trim().min(1, 'City is required').max(100, 'City must be at most 100 characters') });
export type CityScorecardParams = z.infer<typeof CityScorecardParams>;

/** One courier in one city: its bookings of the range and where they ended. */
export const ScorecardCourier = z.object({
  company: Courier,
  booked: z.number().int(),
  delivered: z.number().int(),
  returned: z.number().int(),
  /** Delivered (returned) of the parcels that ended either way; null before any ended. */
  deliveredPct: z.number().nullable(),
  returnedPct: z.number().nullable(),
  /** Fewer than SCORECARD_MIN_SAMPLE parcels ended: the rates say little yet. */
  smallSample: z.boolean(),
  /** The city's best: the highest delivered % among couriers with enough ended parcels. */
  best: z.boolean(),
  /** Days from booking to delivery of this courier's deliveries here; null without any, or while `daysByCourier` is false. */
  medianDays: z.number().int().nullable(),
  p90Days: z.number().int().nullable(),
});
export type ScorecardCourier = z.infer<typeof ScorecardCourier>;

/** One city: its couriers, and the median and p90 days of all its deliveries. */
export const ScorecardCity = z.object({
  city: z.string(),
  couriers: z.array(ScorecardCourier),
  delivered: z.number().int(),
  /** Null without deliveries; '15' stands for 15 days or more. */
  medianDays: z.number().int().nullable(),
  p90Days: z.number().int().nullable(),
  /**
   * False while some of the range's days are counted per city only (a shop whose counters the
   * migration has not rebuilt yet): the couriers' median and p90 are then null, the city's still right.
   */
  daysByCourier: z.boolean(),
});
export type ScorecardCity = z.infer<typeof ScorecardCity>;

export const Scorecard = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(ScorecardCity),
  page: z.number().int(),
  limit: z.number().int(),
  totalCities: z.number().int(),
  minSample: z.number().int(),
});
export type Scorecard = z.infer<typeof Scorecard>;
