/** What reserving an order in the month's usage did, handed back to release it when the courier refuses. */
export interface UsageReservation {
  shopId: string;
  /** Numeric Shopify order id (a GID is reduced to it, so both forms count as one order). */
  shopifyOrderId: string;
  month: string;
  /** True when this reservation added the order to the month; false when it counted already. */
  counted: boolean;
}

/**
 * The monthly order counter's storage: one slot per order and month (a conditional put, so an order
 * counts once a month) and one counter per month (an atomic ADD). The two are separate writes on
 * purpose: a transaction on one hot counter item is cancelled under contention in AWS.
 */
export interface UsageStore {
  /** Writes the order's slot of the month; false when it was already there (the order counts already). */
  claimSlot(shopId: string, month: string, orderId: string, expiresAt: number): Promise<boolean>;
  /** Adds one to the month's counter, never past `limit`; false when the limit is reached. */
  addOne(shopId: string, month: string, limit: number | undefined): Promise<boolean>;
  /** Deletes the slot; true when this call deleted it. */
  dropSlot(shopId: string, month: string, orderId: string): Promise<boolean>;
  /** Takes one off the month's counter (never below zero). */
  subtractOne(shopId: string, month: string): Promise<void>;
  count(shopId: string, month: string): Promise<number>;
}
