import type { Operation } from '../platform/operation';
import { AppError } from '../ground/errors';
import { checkCode, useRecoveryCode } from '../domain/two-factor';
import { startSession } from '../domain/sessions';
import { endPendingSignIn, readPendingSignIn } from '../domain/pending-sign-in';
import { personOf } from '../domain/people';
import { rememberAddress } from '../domain/sign-in-limits';

// a 400, not a 401: the page shows this message instead of the app's generic "Unauthorized"
const expired = () => new AppError('VALIDATION_FAILED', { msg: 'Your sign-in expired. Sign in again.', param: 'twoFactorToken' });

/** The second step: the short-lived token from login plus a code turn into a full session. */
export const verifyAuthenticator: Operation<'auth.verifyAuthenticator'> = async ({ body }, ctx, deps) => {
  const pending = await readPendingSignIn(body.twoFactorToken, 'two_factor', expired(), deps);
  const person = await personOf(pending.user, deps).catch(() => { throw expired(); });
  if (!person.two_factor_enabled) throw expired();
  await checkCode(person, body.code, deps, ctx.addressKey);
  await endPendingSignIn(pending, deps);
  await rememberAddress(deps, person.email, ctx.addressKey);
  return { auth_token: await startSession(pending.user, pending.shop, 'full', deps) };
};

/** The second step with a recovery code instead of the app's code, for someone who lost their phone. */
export const verifyRecoveryCode: Operation<'auth.verifyRecoveryCode'> = async ({ body }, ctx, deps) => {
  const pending = await readPendingSignIn(body.twoFactorToken, 'two_factor', expired(), deps);
  const person = await personOf(pending.user, deps).catch(() => { throw expired(); });
  await useRecoveryCode(person, body.recovery_code, deps, ctx.addressKey);
  await endPendingSignIn(pending, deps);
  await rememberAddress(deps, person.email, ctx.addressKey);
  const left = (await deps.people.get(person._id))?.recoveryCodes?.size ?? 0;
  return { auth_token: await startSession(pending.user, pending.shop, 'full', deps), recovery_codes_left: left };
};
