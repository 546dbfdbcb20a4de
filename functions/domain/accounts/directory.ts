import type { Deps } from '../ports/deps';
import type { AccountEntry, ShopRecord } from '../records';

export interface ListedAccount extends AccountEntry {
  accountId: string;
}

/**
 * The shop's accounts as its directory lists them: no read for a shop that has one. A shop older than
 * the directory reads its accounts instead and writes the directory once, if no account was written
 * since its record was read (else a later request tries again).
 */
export async function accountsOf(shop: ShopRecord, deps: Deps): Promise<ListedAccount[]> {
  // by id either way: a filter's walk is named by its accounts in this order, and a map keeps none
  const byId = (a: ListedAccount, b: ListedAccount) => a.accountId.localeCompare(b.accountId);
  if (shop.accountDirectory) return Object.entries(shop.accountDirectory).map(([accountId, entry]) => ({ accountId, ...entry })).sort(byId);
  const accounts = await deps.accounts.listOfShop(shop._id);
  await deps.accounts.fillDirectory(shop._id, shop.accountsVersion, accounts);
  return accounts.map((a) => ({ accountId: a._id, company: a.company, active: !a.in_active })).sort(byId);
}

/** The ids of the shop's accounts with one of the couriers, active or not (their bookings stay listed). */
export async function accountIdsOf(shop: ShopRecord, couriers: string[], deps: Deps): Promise<string[]> {
  return (await accountsOf(shop, deps)).filter((a) => couriers.includes(a.company)).map((a) => a.accountId);
}
