import { GraphQLError } from 'graphql';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

const MAX_PAGE = 250;

/** Shopify's argument rules for connections (§3.2). */
export function checkPageArgs(args: ConnectionArgs): void {
  const { first, last } = args;
  if ((first === undefined || first === null) && (last === undefined || last === null)) {
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  }
  for (const [name, value] of [['first', first], ['last', last]] as const) {
    if (value !== undefined && value !== null && (value < 0 || value > MAX_PAGE)) {
      throw new GraphQLError(`The value of '${name}' must be between 0 and ${MAX_PAGE}`, { extensions: { code: 'BAD_REQUEST' } });
    }
  }
}

export function encodeCursor(key: (string | number)[]): string {
  return Buffer.from(JSON.stringify({ k: key })).toString('base64');
}

function decodeCursor(cursor: string): (string | number)[] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { k?: unknown };
    if (Array.isArray(parsed.k)) return parsed.k as (string | number)[];
  } catch {
    // fall through
  }
  throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
}

function compareKeys(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Pages `items`, already in their final order, whose `keyOf` grows (or shrinks, with
 * `descending`) along the list. Cursors carry the sort key, so they stay valid when items move
 * in or out of the filter between pages.
 */
export function paginate<T, N = T>(
  items: T[],
  args: ConnectionArgs,
  keyOf: (item: T) => (string | number)[],
  options: { descending?: boolean; toNode?: (item: T) => N } = {},
): Connection<N> {
  checkPageArgs(args);
  const sign = options.descending ? -1 : 1;
  const position = (item: T, cursor: string) => sign * compareKeys(keyOf(item), decodeCursor(cursor));
  let window = items;
  if (args.after) {
    const after = args.after;
    window = window.filter((item) => position(item, after) > 0);
  }
  if (args.before) {
    const before = args.before;
    window = window.filter((item) => position(item, before) < 0);
  }
  let start = 0;
  let end = window.length;
  if (args.first !== undefined && args.first !== null) end = Math.min(end, args.first);
  if (args.last !== undefined && args.last !== null) start = Math.max(start, end - args.last);
  const page = window.slice(start, end);
  const toNode = options.toNode ?? ((item: T) => item as unknown as N);
  const edges = page.map((item) => ({ cursor: encodeCursor(keyOf(item)), node: toNode(item) }));
  const firstIndex = items.indexOf(page[0] as T);
  const lastIndex = items.indexOf(page[page.length - 1] as T);
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      // Relay semantics over the whole filtered list: are there items beyond this page?
      hasNextPage: page.length > 0 && lastIndex < items.length - 1,
      hasPreviousPage: page.length > 0 && firstIndex > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/** Index-keyed pagination for nested lists (line items, shipping lines...). */
export function paginateList<T, N = T>(items: T[], args: ConnectionArgs, toNode?: (item: T) => N): Connection<N> {
  const indexed = items.map((item, index) => ({ item, index }));
  return paginate(indexed, args, (x) => [x.index], { toNode: (x) => (toNode ? toNode(x.item) : (x.item as unknown as N)) });
}
