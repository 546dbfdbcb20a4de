/**
 * What the app counts, by fixed names. The interface takes no dimension, so no metric can carry a
 * shop id (or any other unbounded value): each name is counted per function, by the chain.
 */
export type MetricName =
  | 'BookingsMade'
  | 'BookingsRefusedByCourier'
  | 'CourierUnavailable'
  | 'ShopifyRequests'
  | 'ShopifyPoints'
  | 'ShopifyThrottled'
  | 'JobsDone'
  | 'JobsRetried'
  | 'JobsFailed'
  | 'ServerErrors'
  /** The status sync (issue 21): parcels asked about, parcels whose status moved, courier calls that failed. */
  | 'ParcelsPolled'
  | 'ParcelsMoved'
  | 'CourierErrors'
  /** Its scheduler: tracking accounts queued by a slot, parcels queued for a courier ask, and how late the slot's last batch left (seconds). */
  | 'SyncAccountsScheduled'
  | 'SyncParcelsScheduled'
  | 'SyncLagSeconds';

export interface Metrics {
  count(name: MetricName, value?: number): void;
  /** Writes what was counted (the chains call it at the end of each invocation, whatever its outcome). */
  flush(): void;
}

export const noMetrics: Metrics = { count: () => undefined, flush: () => undefined };
