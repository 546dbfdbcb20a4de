import type { Operation } from '../platform/operation';
import { AppError } from '../ground/errors';
import { hashPassword } from '../ground/passwords';
import { refuseCurrentPassword } from '../domain/passwords';
import { redeemPersonLink } from '../domain/links';
import { endSessionsOf } from '../domain/people';

const SENT = 'If an account exists for this email, we have sent a link to reset the password.';
const PER_EMAIL_PER_HOUR = 5;

/**
 * Same answer and the same work whether or not the email has an account (no account discovery, not
 * even by timing): the address is queued as it is, and the mail worker looks it up and sends or drops.
 */
export const requestPasswordReset: Operation<'auth.resetPin'> = async ({ body }, _ctx, deps) => {
  if (!(await deps.limiter.hit(`reset:${body.email}`, PER_EMAIL_PER_HOUR, 3600))) return { msg: SENT };
  await deps.jobs.enqueue('mail.send', { kind: 'reset-password', email: body.email });
  return { msg: SENT };
};

/**
 * A reset ends every session of the person, in every store: whoever knew the old password is out. The new password
 * must differ from the current one; a refusal leaves the link usable for a second try.
 */
export const resetPassword: Operation<'auth.resetPassword'> = async ({ query, body }, ctx, deps) => {
  const person = await redeemPersonLink(query.hash, 'reset-password', deps, (found) => refuseCurrentPassword(found, body.password, 'password'));
  if (!person) throw new AppError('VALIDATION_FAILED', { msg: 'This reset link is not valid or has expired', param: 'hash' });
  await deps.people.update(person._id, { passwordHash: await hashPassword(body.password), updatedAt: ctx.now.toISOString() });
  await endSessionsOf(person, deps);
  return { msg: 'Password has been changed' };
};
