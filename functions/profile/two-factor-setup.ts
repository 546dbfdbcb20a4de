import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { checkCodeOrRecoveryCode, checkSetupCode, newRecoveryCodes, newTwoFactorSecret, recoveryCodeDigest } from '../domain/two-factor';
import { checkCurrentPassword } from '../domain/current-password';
import { endSessionsOf, personOf } from '../domain/people';
import { startSession } from '../domain/sessions';

const ALREADY_ON = () => new AppError('VALIDATION_FAILED', { msg: 'Two factor authentication is already enabled' });
const NOT_ON = () => new AppError('VALIDATION_FAILED', { msg: 'Two factor authentication is not enabled' });

/** A fresh secret is kept sealed as pending until a code from it is verified; it enables nothing by itself. */
export const getQrCode: Operation<'profile.qrCode'> = async (_input, ctx, deps) => {
  const person = await personOf(requireAuth(ctx).user, deps);
  if (person.two_factor_enabled) throw ALREADY_ON();
  const { secret, qrCodeDataUrl } = await newTwoFactorSecret(person);
  await deps.people.update(person._id, { pendingTwoFactorSecret: await deps.secrets.encrypt(secret, person._id) });
  return { qrCodeDataUrl, secret };
};

/**
 * Enabling needs the current password and a code from the new secret, so a stolen session cannot
 * lock the owner out. It protects the person in every store, ends every session, hands back a new
 * token for this browser and the recovery codes, shown this once (only their digests are kept).
 */
export const verifyQrCode: Operation<'profile.verifyQrCode'> = async ({ body }, ctx, deps) => {
  const { user, shop } = requireAuth(ctx);
  const person = await personOf(user, deps);
  if (person.two_factor_enabled) throw ALREADY_ON();
  await checkCurrentPassword(person, body.password, deps, ctx.addressKey);
  const step = await checkSetupCode(person, body.code, deps, ctx.addressKey);
  const codes = newRecoveryCodes();
  const on = { secret: person.pendingTwoFactorSecret!, step, recoveryCodes: codes.map((code) => recoveryCodeDigest(person, code)) };
  if (!(await deps.people.setTwoFactor(person, on, ctx.now.toISOString()))) throw ALREADY_ON();
  await endSessionsOf(person, deps);
  const token = await startSession({ ...user, two_factor_enabled: true }, shop, 'full', deps);
  return { auth_token: token, msg: 'Two factor authentication enabled', recovery_codes: codes };
};

/** Turning it off needs the password and a code (from the app, or a recovery code for a lost phone). */
export const disableTwoFactor: Operation<'profile.disableTwoFactor'> = async ({ body }, ctx, deps) => {
  const person = await personOf(requireAuth(ctx).user, deps);
  if (!person.two_factor_enabled) throw NOT_ON();
  await checkCurrentPassword(person, body.password, deps, ctx.addressKey);
  await checkCodeOrRecoveryCode(person, body.code, deps, ctx.addressKey);
  await deps.people.setTwoFactor(person, null, ctx.now.toISOString());
  return { msg: 'Two factor authentication disabled' };
};

/** New recovery codes replace every old one; the same proof as turning it off. */
export const renewRecoveryCodes: Operation<'profile.recoveryCodes'> = async ({ body }, ctx, deps) => {
  const person = await personOf(requireAuth(ctx).user, deps);
  if (!person.two_factor_enabled) throw NOT_ON();
  await checkCurrentPassword(person, body.password, deps, ctx.addressKey);
  await checkCodeOrRecoveryCode(person, body.code, deps, ctx.addressKey);
  const codes = newRecoveryCodes();
  await deps.people.replaceRecoveryCodes(person._id, codes.map((code) => recoveryCodeDigest(person, code)), ctx.now.toISOString());
  return { msg: 'New recovery codes created', recovery_codes: codes };
};
