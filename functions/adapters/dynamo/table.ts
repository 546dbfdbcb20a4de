/**
 * The single table (STYLE.md §4): generic keys, every item under its shop, and a GSI only where an
 * access pattern needs one. CDK, local mode and the tests all create the table from this definition.
 */
export const TABLE_KEYS = { partition: 'pk', sort: 'sk' } as const;
export const TTL_ATTRIBUTE = 'expiresAt';

export interface IndexDef {
  name: string;
  partition: string;
  sort: string;
  /** The question the index answers. */
  answers: string;
  /**
   * What the index copies besides the keys: a list of attributes, `keys` (nothing more), or every
   * attribute when absent. Every copied attribute costs write units on each change of the item.
   */
  projection?: 'keys' | readonly string[];
}

/** DynamoDB's Projection of an index definition (local mode and CDK read the same thing). */
export function projectionOf(index: IndexDef): { ProjectionType: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; NonKeyAttributes?: string[] } {
  if (index.projection === undefined) return { ProjectionType: 'ALL' };
  if (index.projection === 'keys') return { ProjectionType: 'KEYS_ONLY' };
  return { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection] };
}

/** The booking entity's named questions; the entity reads its key fields from here. */
export const BOOKING_INDEXES = [
  { name: 'bookingsByDate', partition: 'gsi2pk', sort: 'gsi2sk', projection: 'keys', answers: 'the bookings of a shop, newest first, between two booking dates' },
  { name: 'bookingsByStatus', partition: 'gsi3pk', sort: 'gsi3sk', projection: 'keys', answers: 'the bookings of a shop in one status, by booking date' },
  { name: 'bookingsByAccount', partition: 'gsi4pk', sort: 'gsi4sk', projection: 'keys', answers: 'the bookings of one tracking account, by booking date' },
  { name: 'bookingsByBookedBy', partition: 'gsi5pk', sort: 'gsi5sk', projection: 'keys', answers: 'the bookings one staff member made, by booking date' },
  { name: 'bookingsByPaymentStatus', partition: 'gsi6pk', sort: 'gsi6sk', projection: 'keys', answers: 'the bookings of a shop that are paid or unpaid, by booking date' },
  {
    name: 'movingParcelsByAccount', partition: 'gsi7pk', sort: 'gsi7sk', projection: 'keys',
    answers: 'the parcels of a tracking account still moving (not delivered, returned or cancelled), oldest status change first: the status sync reads it in windows. Sparse: a parcel leaves it when it stops moving',
  },
  { name: 'bookingsByCity', partition: 'gsi8pk', sort: 'gsi8sk', projection: 'keys', answers: 'the bookings of a shop to one destination city (its lower-cased cityKey), by booking date' },
  {
    name: 'mergedByDate', partition: 'gsi9pk', sort: 'gsi9sk', projection: 'keys',
    answers: 'the merged bookings of a shop, by booking date. Sparse: keyed on mergedAt, set on merged bookings only (an index on tag would refuse every booking whose tag is empty)',
  },
  {
    name: 'deliveredByDate', partition: 'gsi10pk', sort: 'gsi10sk', projection: 'keys',
    answers: 'the bookings of a shop delivered (or returned) between two instants, by the time they arrived. Sparse: keyed on deliveredAt, set when a parcel is delivered or back with the shipper',
  },
] as const satisfies readonly IndexDef[];

export const INDEXES: readonly IndexDef[] = [
  {
    name: 'jobsDue',
    partition: 'gsi1pk',
    sort: 'gsi1sk',
    answers: 'which pending job records of a job are overdue (their message may be lost)? Sparse: only pending records carry the keys',
    projection: ['id', 'shopId', 'job', 'sends', 'sweepAt', 'group'],
  },
  // Bookings (functions/adapters/dynamo/booking-store/entity.ts). Each index copies only the keys: a list
  // reads a page of keys, then the page's items (BatchGetItem), so a status change writes the status
  // index and the moving-parcels index and no other.
  ...BOOKING_INDEXES,
];
