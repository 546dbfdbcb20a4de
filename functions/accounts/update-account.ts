import { courierDefinition } from '@dakiya/shared';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../platform/errors';
import { toAccount } from '../domain/accounts/account-view';
import { accountDetailsOf, openCredentials, sealCredentials, verifyWithCourier } from '../domain/accounts/credentials';
import { loadAccount } from '../domain/accounts/load-account';
import type { AccountRecord } from '../domain/records';

/**
 * Spec 001 §5: edit account. The permanent identity (API key, username, token) never changes; the
 * fields the courier's definition marks editable must be given again (all but those optional on
 * edit), and the whole set is checked with the courier again before it is saved.
 */
export const updateAccount: Operation<'accounts.update'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const account = await loadAccount(shop._id, body.id, deps);
  const credentials = await openCredentials(account, deps);
  const given = body as Record<string, unknown>;
  for (const field of courierDefinition(account.company).fields) {
    if (!field.editable) continue;
    const value = given[field.key];
    if (typeof value === 'string' && value !== '') credentials[field.key] = value;
    else if (!field.optionalOnEdit) throw new AppError('VALIDATION_FAILED', { msg: `${field.label} is required`, param: field.key });
  }
  const patch: Partial<AccountRecord> = {
    name: body.name, in_active: body.activity === 'IN_ACTIVE', updatedAt: ctx.now.toISOString(),
    ...(body.weight !== undefined ? { weight: body.weight } : {}),
    ...(body.city ? { city: body.city } : {}),
    ...accountDetailsOf(account.company, credentials),
  };
  await verifyWithCourier(deps.courier(account.company, credentials));
  patch.credentials = await sealCredentials(shop._id, credentials, deps);
  await deps.accounts.update(shop._id, account._id, patch);

  const current = await deps.accounts.defaultId(shop._id);
  let defaultId = current;
  if (body.is_default) defaultId = account._id;
  else if (current === account._id) defaultId = undefined;
  if (defaultId !== current) await deps.accounts.setDefault(shop._id, defaultId);
  return { msg: 'Account updated', account: toAccount({ ...account, ...patch }, defaultId) };
};
