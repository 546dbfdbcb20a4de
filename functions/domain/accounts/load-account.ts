import type { Deps } from '../ports/deps';
import { AppError } from '../../ground/errors';
import type { AccountRecord } from '../records';

/** An account of this shop, or 404: another shop's ids resolve to nothing. */
export async function loadAccount(shopId: string, accountId: string, deps: Deps): Promise<AccountRecord> {
  const account = await deps.accounts.get(shopId, accountId);
  if (!account) throw new AppError('NOT_FOUND', { msg: 'Tracking account not found' });
  return account;
}
