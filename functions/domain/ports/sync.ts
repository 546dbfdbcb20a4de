/**
 * The status sync's work list: which parcels of one tracking account are due, read from the sparse
 * moving-parcels index (keys only) and the account's watch items, a page at a time with a cursor.
 */
export interface DueParcel {
  trackingNumber: string;
  /** The status change the index sorts it by; a watch item's is its expiry. */
  since: string;
}

export interface DuePage {
  parcels: DueParcel[];
  cursor?: string;
}

export interface SyncWorkList {
  /** Moving parcels whose status last changed in [from, below), oldest first; no `from`: every one older than `below`. */
  moving(shopId: string, accountId: string, range: { from?: string; below: string }, limit: number, cursor?: string): Promise<DuePage>;
  /** Parcels that stopped moving and are still watched at `now` (their watch has not expired). */
  watched(shopId: string, accountId: string, now: string, limit: number, cursor?: string): Promise<DuePage>;
}
