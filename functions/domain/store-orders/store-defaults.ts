import type { Deps } from '../ports/deps';
import type { StoreDefaults } from './order-lookup';

/** The store settings a lookup applies, read once per request (a shop that never saved gets the defaults). */
export async function storeDefaults(shopId: string, deps: Deps): Promise<StoreDefaults> {
  const settings = await deps.settings.get(shopId);
  return { freeShippingValue: settings.free_shipping_value, defaultWeight: settings.default_weight };
}
