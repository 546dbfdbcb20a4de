import { proposedWeight } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { AccountRecord } from '../records';

/** The store settings a lookup and a booking apply (owned by the settings area; 0 means "not set"). */
export interface StoreDefaults {
  /** An order worth at least this much ships free: its shipping is not collected. 0 = not set. */
  freeShippingValue: number;
  /** Grams: the store's default parcel weight (100 until the store saves its own). */
  defaultWeight: number;
}

/** The store settings a lookup applies, read once per request (a shop that never saved gets the defaults). */
export async function storeDefaults(shopId: string, deps: Deps): Promise<StoreDefaults> {
  const settings = await deps.settings.get(shopId);
  return { freeShippingValue: settings.free_shipping_value, defaultWeight: settings.default_weight };
}

/**
 * The weight a booking starts from, on every path (one order, a merge, a bulk booking): the order's own
 * weight (Shopify's, from its products), else the chosen account's weight, else the store's default
 * weight, else 100 g (shared's proposedWeight, which the booking form proposes from the same numbers).
 * Before an account is chosen (an order lookup) it is the store's part alone, and the form applies the
 * order's and the account's.
 */
export function startingWeight(
  account: Pick<AccountRecord, 'weight'> | undefined, defaults: Pick<StoreDefaults, 'defaultWeight'>, orderWeight?: number | null,
): number {
  return proposedWeight({ orderWeight, accountWeight: account?.weight, storeWeight: defaults.defaultWeight });
}

/** A merged parcel weighs its orders together, when Shopify weighs every one of them; otherwise it has no weight of its own. */
export function mergedWeight(weights: (number | null)[]): number | null {
  return weights.length > 0 && weights.every((w) => w !== null && w > 0) ? weights.reduce<number>((sum, w) => sum + w!, 0) : null;
}
