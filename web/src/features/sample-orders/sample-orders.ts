/**
 * Spec 000 §2 "Sample store-orders page": a static demo list on hard-coded data. Amounts are in
 * dollars, as the spec's money-spent filter is (§9). Each customer carries what the filters read:
 * account status, tags and the money they have spent in the store.
 */
export const ACCOUNT_STATUSES = ['enabled', 'not invited', 'invited', 'declined'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  enabled: 'Enabled',
  'not invited': 'Not invited',
  invited: 'Invited',
  declined: 'Declined',
};

export type PaymentStatus = 'Paid' | 'Partially paid' | 'Pending' | 'Refunded';
export type FulfillmentStatus = 'Fulfilled' | 'Unfulfilled' | 'Partially fulfilled';

export interface SampleOrder {
  id: string;
  /** '#1020' */
  order: string;
  /** ISO time the order was placed. */
  date: string;
  customer: string;
  accountStatus: AccountStatus;
  /** What the customer has spent in the store, all orders together (dollars). */
  moneySpent: number;
  tags: readonly string[];
  total: number;
  payment: PaymentStatus;
  fulfillment: FulfillmentStatus;
}

const row = (
  n: number, date: string, customer: string, accountStatus: AccountStatus, moneySpent: number, tags: string[],
  total: number, payment: PaymentStatus, fulfillment: FulfillmentStatus,
): SampleOrder => ({ id: `sample-${n}`, order: `#${n}`, date, customer, accountStatus, moneySpent, tags, total, payment, fulfillment });

export const SAMPLE_ORDERS: readonly SampleOrder[] = [
  row(1020, '2024-07-20T11:34:00Z', 'Jaydon Stanton', 'enabled', 1969.44, ['VIP', 'Wholesale'], 969.44, 'Paid', 'Unfulfilled'),
  row(1019, '2024-07-20T10:46:00Z', 'Ruben Westerfelt', 'invited', 701.19, ['Returning'], 701.19, 'Partially paid', 'Unfulfilled'),
  row(1018, '2024-07-20T10:44:00Z', 'Leo Carder', 'not invited', 798.24, [], 798.24, 'Paid', 'Unfulfilled'),
  row(1017, '2024-07-19T16:02:00Z', 'Ayesha Siddiqui', 'enabled', 245.5, ['Eid sale'], 129.0, 'Paid', 'Fulfilled'),
  row(1016, '2024-07-19T09:15:00Z', 'Bilal Chaudhry', 'declined', 58.9, [], 58.9, 'Pending', 'Unfulfilled'),
  row(1015, '2024-07-18T14:27:00Z', 'Hina Qureshi', 'enabled', 1420.0, ['VIP'], 310.75, 'Paid', 'Partially fulfilled'),
  row(1014, '2024-07-18T08:05:00Z', 'Omar Farooq', 'invited', 412.3, ['Wholesale'], 412.3, 'Paid', 'Fulfilled'),
  row(1013, '2024-07-17T17:40:00Z', 'Sana Malik', 'not invited', 89.99, ['Eid sale'], 89.99, 'Refunded', 'Unfulfilled'),
  row(1012, '2024-07-17T12:12:00Z', 'Zain Abbas', 'enabled', 530.0, ['Returning'], 199.0, 'Paid', 'Fulfilled'),
  row(1011, '2024-07-16T15:55:00Z', 'Maryam Tariq', 'declined', 1204.6, ['VIP', 'Returning'], 604.6, 'Partially paid', 'Partially fulfilled'),
  row(1010, '2024-07-16T07:30:00Z', 'Usman Raza', 'enabled', 34.5, [], 34.5, 'Paid', 'Fulfilled'),
  row(1009, '2024-07-15T13:20:00Z', 'Fatima Noor', 'invited', 1875.25, ['Wholesale'], 875.25, 'Pending', 'Unfulfilled'),
  row(1008, '2024-07-15T09:48:00Z', 'Hamza Iqbal', 'not invited', 150.0, ['Eid sale'], 150.0, 'Paid', 'Unfulfilled'),
  row(1007, '2024-07-14T18:03:00Z', 'Iqra Javed', 'enabled', 320.4, ['Returning'], 120.4, 'Paid', 'Fulfilled'),
  row(1006, '2024-07-14T10:10:00Z', 'Danish Akhtar', 'enabled', 2000.0, ['VIP'], 1250.0, 'Paid', 'Partially fulfilled'),
  row(1005, '2024-07-13T16:36:00Z', 'Nimra Aslam', 'declined', 0, [], 15.0, 'Refunded', 'Unfulfilled'),
];
