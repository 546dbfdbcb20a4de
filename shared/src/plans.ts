import { z } from './zod';
import { courierNames } from './couriers';

export const PlanId = z.enum(['FREE', 'MONTHLY', 'YEARLY']);
export type PlanId = z.infer<typeof PlanId>;

/** Business constants of spec 000 §9 and spec 001 §9. */
export const LIMITS = {
  freeOrdersPerMonth: 5000,
  freeTrackingAccounts: 10,
  freeUserAccounts: 10,
  defaultPageSize: 50,
  maxPageSize: 250,
  defaultAccountWeightGrams: 100,
  maxAccountWeightGrams: 50000,
  maxFreeShippingValue: 50000,
  csvMaxBytes: 5 * 1024 * 1024,
} as const;

export const PLANS = [
  {
    id: 'FREE',
    title: 'Basic',
    price: 0,
    features: [
      '5000 orders per month',
      '10 tracking accounts',
      '10 user accounts',
      `Booking with ${courierNames('and')}`,
    ],
  },
  {
    id: 'MONTHLY',
    title: 'Monthly',
    price: 10,
    // the status sync (issue 21) polls paid shops' parcels and puts the settings' status tags on their orders
    features: [
      'Unlimited orders',
      'Unlimited tracking accounts and users',
      'Automatic status updates',
      'CSV export',
      'Two-factor authentication',
      'Order tag settings',
    ],
  },
  {
    id: 'YEARLY',
    title: 'Yearly',
    price: 99.99,
    features: [
      'Everything in Monthly',
      'Two months free',
    ],
  },
] as const;
