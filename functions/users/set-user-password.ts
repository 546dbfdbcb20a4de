import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { hashPassword } from '../ground/passwords';
import { AppError } from '../ground/errors';
import { guardOwner, loadStaff } from '../domain/users/staff-rules';
import { refuseShared } from '../domain/people';

/** An ADMIN sets a staff member's password; a person who also belongs to another store changes their own. */
export const setUserPassword: Operation<'users.setPassword'> = async ({ params, body }, ctx, deps) => {
  const { shop, user: actor, session } = requireAuth(ctx);
  const target = await loadStaff(shop._id, params.id, deps);
  guardOwner(shop, target, actor, 'changed');
  const passwordHash = await hashPassword(body.password);
  const updatedAt = ctx.now.toISOString();
  if (target.personId) {
    const person = await deps.people.get(target.personId);
    if (!person) throw new AppError('NOT_FOUND', { msg: 'User not found' });
    refuseShared(person, 'password');
    await deps.people.update(person._id, { passwordHash, updatedAt });
  } else {
    // an invitation: the password the person will have once they verify
    await deps.members.update(shop._id, target._id, { invitePasswordHash: passwordHash, updatedAt });
  }
  if (body.logoutFromAllDevices) {
    // an admin changing their own password keeps the session they are using
    await deps.sessions.deleteAllOfUser(shop._id, target._id, target._id === actor._id ? session.tokenHash : undefined);
  }
  return { msg: 'Password has been changed' };
};
