import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { loadStaff } from '../domain/users/staff-rules';
import { queueVerification } from '../domain/users/staff-mail';

const PER_HOUR = 5;

/**
 * Queues a fresh verification mail (its link replaces the older ones). Throttled per user: one a
 * minute and five an hour, so a double click or an impatient admin cannot flood someone's inbox.
 */
export const resendEmail: Operation<'users.resendEmail'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const target = await loadStaff(shop._id, body.account_id, deps);
  if (target.is_verified_user) throw new AppError('VALIDATION_FAILED', { msg: 'This user has already verified their email', param: 'account_id' });
  if (!(await deps.limiter.hit(`resend-minute:${target._id}`, 1, 60))) {
    throw new AppError('RATE_LIMITED', { msg: 'A verification email was just sent. Wait a minute before sending another.' });
  }
  if (!(await deps.limiter.hit(`resend:${target._id}`, PER_HOUR, 3600))) throw new AppError('RATE_LIMITED');
  await queueVerification(target, deps);
  return { msg: 'Email sent' };
};
