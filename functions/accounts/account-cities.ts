import { PAKISTAN_CITIES } from '@dakiya/shared';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import type { Deps } from '../domain/ports/deps';
import { openCredentials, withCourier } from '../domain/accounts/credentials';
import { loadAccount } from '../domain/accounts/load-account';
import type { AccountRecord } from '../domain/records';

async function citiesOf(account: AccountRecord, deps: Deps) {
  const adapter = deps.courier(account.company, await openCredentials(account, deps));
  const result = await withCourier(() => adapter.listCities());
  if (!result.ok) throw new AppError('COURIER_UNAVAILABLE', { msg: 'City fetching failed' });
  return result.cities
    .map((c) => ({ label: c.name, value: c.key }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The courier's own city list for this account: the keys its bookings take. */
export const accountCities: Operation<'accounts.cities'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return { cities: await citiesOf(await loadAccount(shop._id, params.tracking_account_id, deps), deps) };
};

/**
 * TCS's list needs TCS credentials: the shop's default or first active TCS account answers it.
 * Before any TCS account exists (creating the first), Dakiya's own city list stands in.
 */
export const tcsCities: Operation<'accounts.tcsCities'> = async (_input, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const accounts = (await deps.accounts.listOfShop(shop._id)).filter((a) => a.company === 'TCS' && !a.in_active);
  const defaultId = await deps.accounts.defaultId(shop._id);
  const account = accounts.find((a) => a._id === defaultId) ?? accounts[0];
  if (!account) return { cities: PAKISTAN_CITIES.map((name) => ({ label: name, value: name })) };
  return { cities: await citiesOf(account, deps) };
};
