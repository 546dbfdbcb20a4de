import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../platform/errors';
import { loadStaff } from '../domain/users/staff-rules';
import { NOT_SENT, queueVerificationAfterSave } from '../domain/users/staff-mail';
import { toUser } from '../domain/users/user-view';

/**
 * An ADMIN's email cannot change (spec 000 §5). A new address must be verified again: until then the
 * user cannot sign in, and their sessions end.
 */
export const changeEmail: Operation<'users.changeEmail'> = async ({ params, body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const target = await loadStaff(shop._id, params.id, deps);
  if (target.role === 'ADMIN') throw new AppError('VALIDATION_FAILED', { msg: "An admin's email cannot be changed", param: 'email' });
  if (body.email === target.email) throw new AppError('VALIDATION_FAILED', { msg: 'This is already the email of this user', param: 'email' });
  const patch = { is_verified_user: false, updatedAt: ctx.now.toISOString() };
  await deps.staff.changeEmail(target, body.email, patch);
  await deps.sessions.deleteAllOfUser(shop._id, target._id);
  const updated = { ...target, ...patch, email: body.email };
  const sent = await queueVerificationAfterSave(updated, deps, ctx.log);
  return { msg: sent ? 'Email updated' : NOT_SENT('Email updated'), user: toUser(updated, shop) };
};
