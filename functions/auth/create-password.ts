import type { Operation } from '../platform/operation';
import { AppError } from '../platform/errors';
import { hashPassword } from '../platform/passwords';
import { redeemLink } from '../domain/links';

/** The owner's (or a new staff member's) first password, from the emailed one-time link. */
export const createPassword: Operation<'auth.createPassword'> = async ({ body }, _ctx, deps) => {
  const invalid = new AppError('VALIDATION_FAILED', { msg: 'This link is not valid or has expired', param: 'hash' });
  const user = await redeemLink(body.hash, 'create-password', deps);
  if (!user || user._id !== body._id) throw invalid;
  await deps.users.update(user.shopId, user._id, {
    passwordHash: await hashPassword(body.password),
    updatedAt: deps.now().toISOString(),
  });
  return { msg: 'Password has been created' };
};
