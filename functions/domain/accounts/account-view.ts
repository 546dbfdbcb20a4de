import { ACCOUNT_DETAILS, type TrackingAccount } from '@dakiya/shared';
import type { AccountRecord } from '../records';

/** The browser's view: the saved credential names, never their values. */
export function toAccount(record: AccountRecord, defaultId: string | undefined): TrackingAccount {
  return {
    _id: record._id,
    name: record.name,
    company: record.company,
    address_code: record.address_code,
    weight: record.weight || 0,
    is_default: record._id === defaultId,
    in_active: record.in_active,
    city: record.city,
    ...Object.fromEntries(ACCOUNT_DETAILS.filter((key) => record[key] !== undefined).map((key) => [key, record[key]])),
    saved_credentials: record.saved_credentials,
    createdAt: record.createdAt,
  };
}
