import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { trackOrder as track } from '../domain/orders/track';

/** GET /track-order/{id}: the Order Tracking Info modal; id is the tracking number. */
export const trackOrder: Operation<'orders.track'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return track(shop, params.id, deps);
};
