import { displayFulfillmentStatus } from './order-math';
import type { OrderRecord } from './records';

/**
 * The subset of Shopify's order search syntax the app uses (§3.4, §9.3): `key:value` terms joined
 * by implicit AND, `-key:value` or `NOT key:value` negation, quoted values, comparison operators on
 * ids and dates. Unknown keys are ignored, as Shopify ignores them (with a search warning).
 */
interface Term {
  key: string;
  value: string;
  negate: boolean;
}

export function parseSearch(query: string): Term[] {
  const tokens = query.match(/(-?[\w.]+:(?:"[^"]*"|'[^']*'|\S+))|"[^"]*"|\S+/g) ?? [];
  const terms: Term[] = [];
  let negateNext = false;
  for (const token of tokens) {
    if (token === 'AND') continue;
    if (token === 'NOT') {
      negateNext = true;
      continue;
    }
    const match = /^(-?)([\w.]+):(.*)$/.exec(token);
    if (match) {
      terms.push({ key: (match[2] ?? '').toLowerCase(), value: unquote(match[3] ?? ''), negate: negateNext || match[1] === '-' });
    } else {
      terms.push({ key: 'default', value: unquote(token), negate: negateNext });
    }
    negateNext = false;
  }
  return terms;
}

function unquote(value: string): string {
  return /^(".*"|'.*')$/.test(value) ? value.slice(1, -1) : value;
}

export function matchesSearch(order: OrderRecord, terms: Term[]): boolean {
  return terms.every((term) => matchTerm(order, term) !== term.negate);
}

const FULFILLMENT: Record<string, string[]> = {
  unshipped: ['UNFULFILLED'],
  unfulfilled: ['UNFULFILLED', 'PARTIALLY_FULFILLED'],
  shipped: ['FULFILLED'],
  fulfilled: ['FULFILLED'],
  partial: ['PARTIALLY_FULFILLED'],
  scheduled: ['SCHEDULED'],
  on_hold: ['ON_HOLD'],
  request_declined: ['REQUEST_DECLINED'],
};

function matchTerm(order: OrderRecord, { key, value }: Term): boolean {
  const v = value.toLowerCase();
  switch (key) {
    case 'status':
      if (v === 'any') return true;
      if (v === 'open') return !order.closedAt && !order.cancelledAt;
      if (v === 'closed') return Boolean(order.closedAt);
      if (v === 'cancelled') return Boolean(order.cancelledAt);
      if (v === 'not_closed') return !order.closedAt;
      return false;
    case 'fulfillment_status':
      if (v === 'any') return true;
      return (FULFILLMENT[v] ?? []).includes(displayFulfillmentStatus(order));
    case 'financial_status':
      if (v === 'any') return true;
      return order.financialStatus.toLowerCase() === v;
    case 'tag':
      return order.tags.some((t) => t.toLowerCase() === v);
    case 'tag_not':
      return !order.tags.some((t) => t.toLowerCase() === v);
    case 'name':
      return order.name.toLowerCase() === (v.startsWith('#') ? v : `#${v}`);
    case 'id':
      return compare(Number(order.id), value, Number);
    case 'created_at':
      return compareDate(order.createdAt, value);
    case 'updated_at':
      return compareDate(order.updatedAt, value);
    case 'processed_at':
      return compareDate(order.processedAt, value);
    case 'test':
      return String(order.test) === v;
    case 'email':
      return (order.email ?? '').toLowerCase() === v;
    case 'sku':
      return order.lineItems.some((li) => (li.sku ?? '').toLowerCase() === v);
    case 'default':
      return order.name.toLowerCase().includes(v) || (order.email ?? '').toLowerCase().includes(v);
    default:
      return true;
  }
}

function compare<T>(actual: T, expression: string, parse: (s: string) => T): boolean {
  const match = /^(>=|<=|>|<|=)?(.*)$/.exec(expression);
  const op = match?.[1] ?? '=';
  const target = parse(match?.[2] ?? '');
  switch (op) {
    case '>':
      return actual > target;
    case '<':
      return actual < target;
    case '>=':
      return actual >= target;
    case '<=':
      return actual <= target;
    default:
      return actual === target;
  }
}

/** Dates compare as instants; a bare day with `=` matches that whole UTC day. */
function compareDate(actual: string, expression: string): boolean {
  const match = /^(>=|<=|>|<|=)?(.*)$/.exec(expression);
  const op = match?.[1] ?? '=';
  const raw = (match?.[2] ?? '').replace(/^['"]|['"]$/g, '');
  const at = Date.parse(actual);
  const target = Date.parse(raw);
  if (Number.isNaN(target)) return false;
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  if (op === '=' && dayOnly) return at >= target && at < target + 86_400_000;
  return compare(at, `${op}${target}`, Number);
}

export type OrderSortKey = 'PROCESSED_AT' | 'CREATED_AT' | 'UPDATED_AT' | 'ID' | 'ORDER_NUMBER' | 'TOTAL_PRICE' | 'RELEVANCE';

/** Sort key tuple of an order: the value, then the id as a tie breaker. */
export function orderSortKey(order: OrderRecord, sortKey: OrderSortKey): (string | number)[] {
  switch (sortKey) {
    case 'CREATED_AT':
      return [order.createdAt, Number(order.id)];
    case 'UPDATED_AT':
      return [order.updatedAt, Number(order.id)];
    case 'ORDER_NUMBER':
      return [order.orderNumber, Number(order.id)];
    case 'ID':
    case 'RELEVANCE':
    case 'TOTAL_PRICE':
      return [Number(order.id)];
    default:
      return [order.processedAt, Number(order.id)];
  }
}
