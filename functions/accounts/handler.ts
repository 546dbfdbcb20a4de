import { groupHandler } from '../platform/chain';
import { accountCities, tcsCities } from './account-cities';
import { createAccount } from './create-account';
import { getAccount } from './get-account';
import { accountsTable, listAccounts, listActiveAccounts } from './list-accounts';
import { updateAccount } from './update-account';
import { getStatusPush, newStatusPush } from './status-push';

export const operations = {
  'accounts.list': listAccounts,
  'accounts.active': listActiveAccounts,
  'accounts.table': accountsTable,
  'accounts.create': createAccount,
  'accounts.get': getAccount,
  'accounts.update': updateAccount,
  'accounts.cities': accountCities,
  'accounts.tcsCities': tcsCities,
  'accounts.statusPush': getStatusPush,
  'accounts.newStatusPush': newStatusPush,
};

export const handler = groupHandler('accounts', operations);
