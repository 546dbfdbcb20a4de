import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { loadStaff } from '../domain/users/staff-rules';
import { NOT_SENT, queueVerificationAfterSave } from '../domain/users/staff-mail';
import { toUser } from '../domain/users/user-view';
import { refuseShared } from '../domain/people';

/**
 * An ADMIN's email cannot change (spec 000 §5). A new address must be verified again: the user becomes
 * an invitation to it (keeping their password), cannot sign in until then, and their sessions end. A
 * person who also belongs to another store changes their own address.
 */
export const changeEmail: Operation<'users.changeEmail'> = async ({ params, body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const target = await loadStaff(shop._id, params.id, deps);
  if (target.role === 'ADMIN') throw new AppError('VALIDATION_FAILED', { msg: "An admin's email cannot be changed", param: 'email' });
  if (body.email === target.email) throw new AppError('VALIDATION_FAILED', { msg: 'This is already the email of this user', param: 'email' });
  const person = target.personId ? await deps.people.get(target.personId) : undefined;
  if (person) refuseShared(person, 'email');
  const updated = await deps.members.reinvite(target, body.email, person, ctx.now.toISOString());
  await deps.sessions.deleteAllOfUser(shop._id, target._id);
  const sent = await queueVerificationAfterSave(updated, deps, ctx.log);
  return { msg: sent ? 'Email updated' : NOT_SENT('Email updated'), user: toUser(updated, shop) };
};
