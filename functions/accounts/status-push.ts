import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { loadAccount } from '../domain/accounts/load-account';
import { newPushSecret, pushes, pushView } from '../domain/accounts/status-push';
import type { Deps } from '../domain/ports/deps';
import type { AccountRecord } from '../domain/records';

async function pushingAccount(shopId: string, id: string, deps: Deps): Promise<AccountRecord> {
  const account = await loadAccount(shopId, id, deps);
  if (!pushes(account)) throw new AppError('PUSH_NOT_OFFERED');
  return account;
}

/** The account's callback address, made on first ask for an account saved before pushes existed. */
export const getStatusPush: Operation<'accounts.statusPush'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const account = await pushingAccount(shop._id, params.id, deps);
  if (account.pushSecret) return pushView(account, deps);
  return renew(account, ctx.now, deps);
};

/** A new secret on demand: the address Leopards had stops working at once. */
export const newStatusPush: Operation<'accounts.newStatusPush'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return renew(await pushingAccount(shop._id, params.id, deps), ctx.now, deps);
};

async function renew(account: AccountRecord, now: Date, deps: Deps) {
  const { fields } = await newPushSecret(account.shopId, deps);
  await deps.accounts.update(account.shopId, account._id, { ...fields, updatedAt: now.toISOString() });
  return pushView({ ...account, ...fields }, deps);
}
