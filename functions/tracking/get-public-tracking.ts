import type { Operation } from '../platform/operation';
import { publicTracking } from '../domain/tracking/public';
import { limitTracking } from './limit';

/** GET /track-order-public/{id}: the public tracking page's answer, as JSON; id is the tracking number. */
export const getPublicTracking: Operation<'tracking.public'> = async ({ params }, ctx, deps) => {
  await limitTracking(ctx.addressKey, deps);
  return (await publicTracking(params.id, deps)).tracking;
};
