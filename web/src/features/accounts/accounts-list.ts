import { LIMITS } from '@dakiya/shared';

/** Spec 001 §9: page 1 and 50 rows unless the address says otherwise. */
export const ACCOUNTS_PAGE_SIZE = LIMITS.defaultPageSize;
/** Spec 001 §9: account lists are kept 300 s before SWR asks again. */
export const ACCOUNTS_CACHE_MS = 300_000;
/** Spec 001 §4 and §9: after creating an account, back to the list after 700 ms. */
export const CREATE_REDIRECT_MS = 700;
/** Spec 001 §9: when a page change finds no limit to carry over, it asks for 1 row. */
export const FALLBACK_LIMIT = 1;

export interface TableQuery {
  page: number;
  limit: number;
}

function positiveInt(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** The table's query from the address: `?page=&limit=`, defaulting to page 1 of 50. */
export function tableQueryFrom(params: URLSearchParams): TableQuery {
  return {
    page: positiveInt(params.get('page')) ?? 1,
    limit: positiveInt(params.get('limit')) ?? ACCOUNTS_PAGE_SIZE,
  };
}

/**
 * The query for another page: the limit the list was shown with (from the answer's pagination),
 * else 1 (spec 001 §9 "falls back to limit 1 when missing on a page change").
 */
export function pageChangeQuery(page: number, currentLimit: number | null | undefined): TableQuery {
  const limit = typeof currentLimit === 'number' && Number.isInteger(currentLimit) && currentLimit >= 1 ? currentLimit : FALLBACK_LIMIT;
  return { page: Math.max(1, Math.trunc(page)), limit };
}

/** The address search for a table query; defaults are left out so the plain path stays plain. */
export function tableSearch(query: TableQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.page !== 1) out.page = String(query.page);
  if (query.limit !== ACCOUNTS_PAGE_SIZE) out.limit = String(query.limit);
  return out;
}

const grams = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** What an account without a weight of its own shows: its bookings start from the store's default weight (Settings). */
export const STORE_DEFAULT_WEIGHT = 'Store default';

/** '100 g', '1,500 g'; an account without a weight (0 or none) shows that the store's default applies. */
export function formatWeight(weight: number | null | undefined): string {
  return typeof weight === 'number' && Number.isFinite(weight) && weight > 0 ? `${grams.format(weight)} g` : STORE_DEFAULT_WEIGHT;
}

/** A filter for SWR's `mutate`: every cached accounts read (table, lists, one account). */
export function isAccountsKey(key: unknown): boolean {
  return Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('accounts.');
}
