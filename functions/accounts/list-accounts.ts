import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import type { Deps } from '../domain/ports/deps';
import { toAccount } from '../domain/accounts/account-view';

async function accountsOf(shopId: string, deps: Deps) {
  const [records, defaultId] = await Promise.all([deps.accounts.listOfShop(shopId), deps.accounts.defaultId(shopId)]);
  // the default first, then oldest first: the booking page preselects the first one
  return records.map((r) => toAccount(r, defaultId)).sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

export const listAccounts: Operation<'accounts.list'> = async (_input, ctx, deps) => ({
  accounts: await accountsOf(requireAuth(ctx).shop._id, deps),
});

/** Inactive accounts are hidden from booking (spec 001 §4). */
export const listActiveAccounts: Operation<'accounts.active'> = async (_input, ctx, deps) => ({
  accounts: (await accountsOf(requireAuth(ctx).shop._id, deps)).filter((a) => !a.in_active),
});

export const accountsTable: Operation<'accounts.table'> = async ({ query }, ctx, deps) => {
  const all = await accountsOf(requireAuth(ctx).shop._id, deps);
  const { page, limit } = query;
  return {
    accounts: all.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: all.length, pages: Math.max(1, Math.ceil(all.length / limit)) },
  };
};
