import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../platform/errors';
import { toAccount } from '../domain/accounts/account-view';
import { openCredentials, sealCredentials, verifyWithCourier } from '../domain/accounts/credentials';
import { loadAccount } from '../domain/accounts/load-account';
import type { AccountRecord } from '../domain/records';

const need = (value: string | undefined, msg: string, param: string) => {
  if (!value) throw new AppError('VALIDATION_FAILED', { msg, param });
  return value;
};

/**
 * Spec 001 §5: edit account. The API key, username and token never change; the password (all but
 * PostEx), PostEx's address code and TCS's secret and shipper details may, and are checked again.
 */
export const updateAccount: Operation<'accounts.update'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const account = await loadAccount(shop._id, body.id, deps);
  const credentials = await openCredentials(account, deps);
  const patch: Partial<AccountRecord> = {
    name: body.name, in_active: body.activity === 'IN_ACTIVE', updatedAt: ctx.now.toISOString(),
    ...(body.weight !== undefined ? { weight: body.weight } : {}),
    ...(body.city ? { city: body.city } : {}),
  };
  if (account.company !== 'POSTEX') credentials.api_password = need(body.api_password, 'API password is required', 'api_password');
  if (account.company === 'POSTEX') {
    credentials.address_code = need(body.address_code, 'Address code is required', 'address_code');
    patch.address_code = credentials.address_code;
  }
  if (account.company === 'TCS') {
    credentials.client_secret = need(body.client_secret, 'Client secret is required', 'client_secret');
    patch.shipper_name = credentials.shipper_name = need(body.shipper_name, 'Shipper name is required', 'shipper_name');
    patch.shipper_address = credentials.shipper_address = need(body.shipper_address, 'Shipper address is required', 'shipper_address');
    patch.shipper_mobile = credentials.shipper_mobile = need(body.shipper_mobile, 'Shipper mobile is required', 'shipper_mobile');
    if (body.shipper_city) patch.shipper_city = credentials.shipper_city = body.shipper_city;
  }
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
