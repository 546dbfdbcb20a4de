import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { hashPassword } from '../platform/passwords';
import { guardOwner, loadStaff } from '../domain/users/staff-rules';

export const setUserPassword: Operation<'users.setPassword'> = async ({ params, body }, ctx, deps) => {
  const { shop, user: actor, session } = requireAuth(ctx);
  const target = await loadStaff(shop._id, params.id, deps);
  guardOwner(shop, target, actor, 'changed');
  await deps.users.update(shop._id, target._id, { passwordHash: await hashPassword(body.password), updatedAt: ctx.now.toISOString() });
  if (body.logoutFromAllDevices) {
    // an admin changing their own password keeps the session they are using
    await deps.sessions.deleteAllOfUser(shop._id, target._id, target._id === actor._id ? session.tokenHash : undefined);
  }
  return { msg: 'Password has been changed' };
};
