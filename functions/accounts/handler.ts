import { groupHandler } from '../platform/chain';
import { accountCities, tcsCities } from './account-cities';
import { createAccount } from './create-account';
import { getAccount } from './get-account';
import { accountsTable, listAccounts, listActiveAccounts } from './list-accounts';
import { updateAccount } from './update-account';

export const operations = {
  'accounts.list': listAccounts,
  'accounts.active': listActiveAccounts,
  'accounts.table': accountsTable,
  'accounts.create': createAccount,
  'accounts.get': getAccount,
  'accounts.update': updateAccount,
  'accounts.cities': accountCities,
  'accounts.tcsCities': tcsCities,
};

export const handler = groupHandler('accounts', operations);
