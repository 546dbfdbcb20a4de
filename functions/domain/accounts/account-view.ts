import { LIMITS, type TrackingAccount } from '@dakiya/shared';
import type { AccountRecord } from '../records';

/** The browser's view: the saved credential names, never their values. */
export function toAccount(record: AccountRecord, defaultId: string | undefined): TrackingAccount {
  return {
    _id: record._id,
    name: record.name,
    company: record.company,
    address_code: record.address_code,
    weight: record.weight || LIMITS.defaultAccountWeightGrams,
    is_default: record._id === defaultId,
    in_active: record.in_active,
    city: record.city,
    shipper_name: record.shipper_name,
    shipper_mobile: record.shipper_mobile,
    shipper_address: record.shipper_address,
    shipper_city: record.shipper_city,
    saved_credentials: record.saved_credentials,
    createdAt: record.createdAt,
  };
}
