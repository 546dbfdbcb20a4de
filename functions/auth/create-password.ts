import type { Operation } from '../platform/operation';
import { AppError } from '../platform/errors';
import { hashPassword } from '../platform/passwords';
import { redeemLink } from '../domain/links';

/** The owner's (or a new staff member's) first password, from the emailed one-time link. */
export const createPassword: Operation<'auth.createPassword'> = async ({ body }, _ctx, deps) => {
  const invalid = new AppError('VALIDATION_FAILED', { msg: 'This link is not valid or has expired', param: 'hash' });
  const link = await redeemLink(body.hash, 'create-password', deps);
  if (!link || link.userId !== body._id) throw invalid;
  const user = await deps.users.get(link.shopId, link.userId);
  if (!user) throw invalid;
  await deps.users.update(user.shopId, user._id, {
    passwordHash: await hashPassword(body.password),
    updatedAt: deps.now().toISOString(),
  });
  return { msg: 'Password has been created' };
};
