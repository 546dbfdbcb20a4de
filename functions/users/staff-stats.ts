import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { loadStaff } from '../domain/users/staff-rules';
import { addCounts, chartOver, countsOf, countsOver, emptyCounts, resolveRange, subtractCounts } from '../domain/staff/stats';
import type { UserRecord } from '../domain/records';

const who = (u: UserRecord) => ({ _id: u._id, first_name: u.first_name, last_name: u.last_name, role: u.role, ...(u.tag ? { tag: u.tag } : {}) });

/** GET /staff/table-order-count: every member's counts over the range, what former members booked, and the shop's totals. */
export const staffTable: Operation<'users.staffTable'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const range = resolveRange(shop, deps, query);
  const members = await deps.members.listOfShop(shop._id);
  const [totals, stats] = await Promise.all([
    countsOver(shop, { kind: 'shop' }, range, deps),
    Promise.all(members.map(async (u) => ({ ...who(u), ...await countsOver(shop, { kind: 'staff', userId: u._id }, range, deps) }))),
  ]);
  const inMembers = stats.reduce((sum, row) => addCounts(sum, row), emptyCounts());
  const former = subtractCounts(totals, inMembers);
  return { stats, ...(former.total > 0 ? { former } : {}), totals, range };
};

/** GET /staff/chart-order-count: the shop's bookings over the range, whoever booked them. */
export const staffChart: Operation<'users.staffChart'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return chartOver(shop, { kind: 'shop' }, resolveRange(shop, deps, query), deps);
};

/** GET /staff/chart-order-count/{id}: one member's bookings over the range. */
export const staffMemberChart: Operation<'users.staffMemberChart'> = async ({ params, query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const user = await loadStaff(shop._id, params.id, deps);
  return chartOver(shop, { kind: 'staff', userId: user._id }, resolveRange(shop, deps, query), deps);
};

/** GET /staff/{id}/all-orders-count: everything the member has booked (their month items, a few per year). */
export const staffAllCounts: Operation<'users.staffAllCounts'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const user = await loadStaff(shop._id, params.id, deps);
  const months = await deps.counters.range(shop._id, { kind: 'staff', userId: user._id, period: 'MONTH' }, '0000-00', '9999-99');
  return { user: who(user), counts: countsOf(months) };
};

/** GET /staff/find-individual-order-count/{id}?flag=&from=&to=: one member's counts over a preset or a range. */
export const staffCount: Operation<'users.staffCount'> = async ({ params, query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const user = await loadStaff(shop._id, params.id, deps);
  const range = resolveRange(shop, deps, { flag: query.flag, start: query.from, end: query.to });
  return { user: who(user), counts: await countsOver(shop, { kind: 'staff', userId: user._id }, range, deps), range };
};
