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
  /** Attributes copied into the index besides the keys; absent: every attribute. */
  projection?: readonly string[];
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
