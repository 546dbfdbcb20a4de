import { courierDefinition, DEFAULT_NOT_DEACTIVATED } from '@dakiya/shared';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { toAccount } from '../domain/accounts/account-view';
import { accountDetailsOf, openCredentials, sealCredentials, verifyWithCourier } from '../domain/accounts/credentials';
import { loadAccount } from '../domain/accounts/load-account';
import type { AccountRecord } from '../domain/records';

export const INACTIVE_DEFAULT = 'An inactive account cannot be the default. Make it active, or choose another default account.';

/**
 * Spec 001 §5: edit account, departing from the spec's rule that the password (and TCS's secret) is sent
 * on every edit (README, "Choices"). The permanent identity (API key, username, token) never changes; a
 * field the courier's definition marks editable keeps its saved value unless it is sent, so renaming an
 * account or making it the default needs no password. Only when a value really changes is the new set
 * checked with the courier before anything is saved. An inactive account is hidden from booking, so it
 * cannot be the default; the default is not made inactive unless the same request turns Default off
 * (`is_default: false`), so no shop loses its default without saying so. `is_default` not sent: unchanged.
 */
export const updateAccount: Operation<'accounts.update'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const account = await loadAccount(shop._id, body.id, deps);
  const inactive = body.activity === undefined ? account.in_active : body.activity === 'IN_ACTIVE';
  if (inactive && body.is_default) throw new AppError('VALIDATION_FAILED', { msg: INACTIVE_DEFAULT, param: 'is_default' });
  const current = await deps.accounts.defaultId(shop._id);
  if (inactive && !account.in_active && current === account._id && body.is_default !== false) {
    throw new AppError('VALIDATION_FAILED', { msg: DEFAULT_NOT_DEACTIVATED, param: 'activity' });
  }

  const saved = await openCredentials(account, deps);
  const credentials = { ...saved };
  const given = body as Record<string, unknown>;
  const editable = courierDefinition(account.company).fields.filter((field) => field.editable);
  for (const field of editable) {
    const value = given[field.key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') throw new AppError('VALIDATION_FAILED', { msg: `${field.label} is required`, param: field.key });
    credentials[field.key] = value;
  }
  const patch: Partial<AccountRecord> & { in_active: boolean } = {
    name: body.name ?? account.name, in_active: inactive, updatedAt: ctx.now.toISOString(),
    ...(body.weight !== undefined ? { weight: body.weight } : {}),
    ...(body.city ? { city: body.city } : {}),
    ...accountDetailsOf(account.company, credentials),
  };
  if (editable.some((field) => credentials[field.key] !== saved[field.key])) {
    await verifyWithCourier(deps.courier(account.company, credentials));
    patch.credentials = await sealCredentials(shop._id, credentials, deps);
  }
  await deps.accounts.setActivity(account, { ...patch, in_active: inactive });

  let defaultId = current;
  if (body.is_default === true) defaultId = account._id;
  else if (body.is_default === false && current === account._id) defaultId = undefined;
  if (defaultId !== current) await deps.accounts.setDefault(shop._id, defaultId);
  return { msg: 'Account updated', account: toAccount({ ...account, ...patch }, defaultId) };
};
