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

export const INDEXES: readonly IndexDef[] = [
  {
    name: 'jobsDue',
    partition: 'gsi1pk',
    sort: 'gsi1sk',
    answers: 'which pending job records of a job are overdue (their message may be lost)? Sparse: only pending records carry the keys',
    projection: ['id', 'shopId', 'job', 'sends', 'sweepAt', 'group'],
  },
];
