import type { Operation } from '../platform/operation';
import { AppError } from '../ground/errors';
import { hashPassword } from '../ground/passwords';
import { redeemPersonLink } from '../domain/links';

/** The owner's first password, from the emailed one-time link (`_id` is the person's). */
export const createPassword: Operation<'auth.createPassword'> = async ({ body }, _ctx, deps) => {
  const invalid = new AppError('VALIDATION_FAILED', { msg: 'This link is not valid or has expired', param: 'hash' });
  const person = await redeemPersonLink(body.hash, 'create-password', deps);
  if (!person || person._id !== body._id) throw invalid;
  await deps.people.update(person._id, { passwordHash: await hashPassword(body.password), updatedAt: deps.now().toISOString() });
  return { msg: 'Password has been created' };
};
