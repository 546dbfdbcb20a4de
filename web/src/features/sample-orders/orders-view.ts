import { ORDER_SEARCH_MAX } from '@dakiya/shared';
import { ACCOUNT_STATUSES, type AccountStatus, type SampleOrder } from './sample-orders';

/** Spec 000 §9: money spent from 0 to 2000 in steps of 1; the slider starts at 0 to 500. Page Up/Down move 100. */
export const MONEY_SPENT = { min: 0, max: 2000, step: 1, largeStep: 100, initial: [0, 500] as const };

export const SORT_KEYS = ['order', 'customer', 'date', 'total'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export type Sort = `${SortKey}-${SortDirection}`;

/** Spec 000 §2: order, customer, date, total, each ascending or descending, said the way each reads. */
export const SORT_OPTIONS: readonly { value: Sort; label: string }[] = [
  { value: 'order-desc', label: 'Order, highest first' },
  { value: 'order-asc', label: 'Order, lowest first' },
  { value: 'customer-asc', label: 'Customer, A to Z' },
  { value: 'customer-desc', label: 'Customer, Z to A' },
  { value: 'date-desc', label: 'Date, newest first' },
  { value: 'date-asc', label: 'Date, oldest first' },
  { value: 'total-desc', label: 'Total, highest first' },
  { value: 'total-asc', label: 'Total, lowest first' },
];
export const DEFAULT_SORT: Sort = 'order-desc';

/** What the list shows: kept in the address (`?q=&sort=&status=&tag=&spent=`), so a shared link shows the same view. */
export interface OrdersView {
  query: string;
  sort: Sort;
  statuses: AccountStatus[];
  tag: string;
  /** Not applied until set: the slider only starts at 0 to 500. */
  spent: readonly [number, number] | null;
}

const isSort = (value: string | null): value is Sort => SORT_OPTIONS.some((o) => o.value === value);
const isStatus = (value: string): value is AccountStatus => (ACCOUNT_STATUSES as readonly string[]).includes(value);

function parseSpent(text: string | null): readonly [number, number] | null {
  const match = text ? /^(\d{1,4})-(\d{1,4})$/.exec(text) : null;
  if (!match) return null;
  const low = Number(match[1]);
  const high = Number(match[2]);
  if (low > high || low < MONEY_SPENT.min || high > MONEY_SPENT.max) return null;
  return [low, high];
}

/** The search and the tag stop where the store-orders search does, so the address stays short enough to load again. */
const capped = (text: string | null) => (text ?? '').slice(0, ORDER_SEARCH_MAX);

/** A link with anything odd in it still opens: what cannot be read is left at its default. */
export function viewFrom(params: URLSearchParams): OrdersView {
  const sort = params.get('sort');
  return {
    query: capped(params.get('q')),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    statuses: ACCOUNT_STATUSES.filter((s) => (params.get('status') ?? '').split(',').includes(s)),
    tag: capped(params.get('tag')),
    spent: parseSpent(params.get('spent')),
  };
}

export function paramsFrom(view: OrdersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.query) params.set('q', capped(view.query));
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.statuses.length) params.set('status', view.statuses.filter(isStatus).join(','));
  if (view.tag) params.set('tag', capped(view.tag));
  if (view.spent) params.set('spent', `${view.spent[0]}-${view.spent[1]}`);
  return params;
}

const orderNumber = (o: SampleOrder) => Number(o.order.replace(/\D/g, ''));
const compare: Record<SortKey, (a: SampleOrder, b: SampleOrder) => number> = {
  order: (a, b) => orderNumber(a) - orderNumber(b),
  customer: (a, b) => a.customer.localeCompare(b.customer, 'en', { sensitivity: 'base' }),
  date: (a, b) => a.date.localeCompare(b.date),
  total: (a, b) => a.total - b.total,
};

/** Search looks at the order number, the customer and the tags; every filter must hold. */
export function applyView(orders: readonly SampleOrder[], view: OrdersView): SampleOrder[] {
  const words = view.query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const tag = view.tag.trim().toLowerCase();
  const [key, direction] = view.sort.split('-') as [SortKey, SortDirection];
  const sign = direction === 'asc' ? 1 : -1;
  return orders
    .filter((o) => {
      const text = `${o.order} ${o.customer} ${o.tags.join(' ')}`.toLowerCase();
      if (!words.every((w) => text.includes(w))) return false;
      if (view.statuses.length && !view.statuses.includes(o.accountStatus)) return false;
      if (tag && !o.tags.some((t) => t.toLowerCase().includes(tag))) return false;
      if (view.spent && (o.moneySpent < view.spent[0] || o.moneySpent > view.spent[1])) return false;
      return true;
    })
    // ties keep the order number's own order, so a sort never shuffles equal rows
    .sort((a, b) => sign * compare[key](a, b) || orderNumber(b) - orderNumber(a));
}

/** Every tag of the sample, for the 'Tagged with' suggestions. */
export function allTags(orders: readonly SampleOrder[]): string[] {
  return [...new Set(orders.flatMap((o) => o.tags))].sort((a, b) => a.localeCompare(b));
}

/** The filters in force, each as a chip a person can remove. */
export function appliedFilters(view: OrdersView, labels: Record<AccountStatus, string>): { key: 'statuses' | 'tag' | 'spent'; label: string }[] {
  const chips: { key: 'statuses' | 'tag' | 'spent'; label: string }[] = [];
  if (view.statuses.length) chips.push({ key: 'statuses', label: `Account status: ${view.statuses.map((s) => labels[s]).join(', ')}` });
  if (view.tag.trim()) chips.push({ key: 'tag', label: `Tagged with ${view.tag.trim()}` });
  if (view.spent) chips.push({ key: 'spent', label: `Money spent is between ${wholeMoney(view.spent[0])} and ${wholeMoney(view.spent[1])}` });
  return chips;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** An order's total: '$969.44', '$1,250.00'. */
export function money(amount: number): string {
  return dollars.format(amount);
}

/** A slider's end: '$500'. */
export function wholeMoney(amount: number): string {
  return wholeDollars.format(amount);
}

/** Selection: a header box that selects what is shown, or clears it when all of that is selected. */
export function toggleAll(selected: ReadonlySet<string>, shown: readonly SampleOrder[]): Set<string> {
  const next = new Set(selected);
  const all = shown.length > 0 && shown.every((o) => next.has(o.id));
  for (const o of shown) {
    if (all) next.delete(o.id);
    else next.add(o.id);
  }
  return next;
}

export function headerState(selected: ReadonlySet<string>, shown: readonly SampleOrder[]): boolean | 'indeterminate' {
  const count = shown.filter((o) => selected.has(o.id)).length;
  if (count === 0) return false;
  return count === shown.length ? true : 'indeterminate';
}
