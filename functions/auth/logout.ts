import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';

export const logout: Operation<'auth.logout'> = async (_input, ctx, deps) => {
  const { session } = requireAuth(ctx);
  await deps.sessions.delete(session.shopId, session.userId, session.tokenHash);
  return { msg: 'Logged out' };
};
