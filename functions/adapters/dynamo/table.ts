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
}

export const INDEXES: readonly IndexDef[] = [];
