import { planLimit } from '../domain/billing/plan-check';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { newId } from '../ground/ids';
import { toAccount } from '../domain/accounts/account-view';
import { accountDetailsOf, credentialsOf, sealCredentials, verifyWithCourier } from '../domain/accounts/credentials';
import { newPushSecret, pushes } from '../domain/accounts/status-push';
import type { AccountRecord } from '../domain/records';

export const createAccount: Operation<'accounts.create'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const { credentials, saved } = credentialsOf(body);
  await verifyWithCourier(deps.courier(body.company, credentials));

  const stamp = ctx.now.toISOString();
  const account: AccountRecord = {
    _id: newId(ctx.now), shopId: shop._id, name: body.account_name, company: body.company,
    address_code: '', ...accountDetailsOf(body.company, credentials),
    // none given is 0, "not set": a booking then starts from the store's default weight (proposedWeight)
    weight: body.weight ?? 0, in_active: false, city: body.city,
    credentials: await sealCredentials(shop._id, credentials, deps), saved_credentials: saved,
    createdAt: stamp, updatedAt: stamp,
  };
  // a courier that pushes gets its callback address with the account, ready to give the courier
  if (pushes(account)) Object.assign(account, (await newPushSecret(shop._id, deps)).fields);
  await deps.accounts.createCounted(account, planLimit(shop, 'accounts'));
  // the first account becomes the default even when not asked, so booking always has one preselected
  let defaultId = await deps.accounts.defaultId(shop._id);
  if (body.is_default === 'Default' || !defaultId) {
    await deps.accounts.setDefault(shop._id, account._id);
    defaultId = account._id;
  }
  return { msg: 'Account has been created', account: toAccount(account, defaultId) };
};
