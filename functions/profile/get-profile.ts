import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { toSessionUser } from '../domain/users/user-view';
import { personOf } from '../domain/people';

export const getProfile: Operation<'profile.get'> = async (_input, ctx, deps) => {
  const { user, shop } = requireAuth(ctx);
  const person = await personOf(user, deps);
  const view = toSessionUser(user, shop);
  return {
    data: {
      ...view,
      shop: { ...view.shop, status: shop.status, plan: shop.plan },
      recovery_codes_left: person.two_factor_enabled ? (person.recoveryCodes?.size ?? 0) : 0,
    },
  };
};
