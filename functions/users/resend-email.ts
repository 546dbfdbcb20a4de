import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../platform/errors';
import { loadStaff } from '../domain/users/staff-rules';
import { sendVerification } from '../domain/users/staff-mail';

const PER_HOUR = 5;

export const resendEmail: Operation<'users.resendEmail'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const target = await loadStaff(shop._id, body.account_id, deps);
  if (target.is_verified_user) throw new AppError('VALIDATION_FAILED', { msg: 'This user has already verified their email', param: 'account_id' });
  if (!(await deps.limiter.hit(`resend:${target._id}`, PER_HOUR, 3600))) throw new AppError('RATE_LIMITED');
  await sendVerification(target, shop.name, deps);
  return { msg: 'Email sent' };
};
