import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { toSessionUser } from '../domain/users/user-view';

export const getProfile: Operation<'profile.get'> = async (_input, ctx) => {
  const { user, shop } = requireAuth(ctx);
  const view = toSessionUser(user, shop);
  return {
    data: {
      ...view,
      shop: { ...view.shop, status: shop.status, plan: shop.plan },
      recovery_codes_left: user.two_factor_enabled ? (user.recoveryCodes?.size ?? 0) : 0,
    },
  };
};
