import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { toAccount } from '../domain/accounts/account-view';
import { loadAccount } from '../domain/accounts/load-account';

export const getAccount: Operation<'accounts.get'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const account = await loadAccount(shop._id, params.id, deps);
  return { account: toAccount(account, await deps.accounts.defaultId(shop._id)) };
};
