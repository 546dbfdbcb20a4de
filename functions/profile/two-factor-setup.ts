import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../platform/errors';
import { checkCodeOrRecoveryCode, checkSetupCode, newRecoveryCodes, newTwoFactorSecret, recoveryCodeDigest } from '../domain/two-factor';
import { checkCurrentPassword } from '../domain/current-password';
import { startSession } from '../domain/sessions';

const ALREADY_ON = () => new AppError('VALIDATION_FAILED', { msg: 'Two factor authentication is already enabled' });
const NOT_ON = () => new AppError('VALIDATION_FAILED', { msg: 'Two factor authentication is not enabled' });

/** A fresh secret is kept sealed as pending until a code from it is verified; it enables nothing by itself. */
export const getQrCode: Operation<'profile.qrCode'> = async (_input, ctx, deps) => {
  const { user, shop } = requireAuth(ctx);
  if (user.two_factor_enabled) throw ALREADY_ON();
  const { secret, qrCodeDataUrl } = await newTwoFactorSecret(user, shop.name);
  await deps.users.update(user.shopId, user._id, { pendingTwoFactorSecret: await deps.secrets.encrypt(secret, user.shopId) });
  return { qrCodeDataUrl, secret };
};

/**
 * Enabling needs the current password and a code from the new secret, so a stolen session cannot
 * lock the owner out. It ends every session, hands back a new token for this browser and the
 * recovery codes, shown this once (only their digests are kept).
 */
export const verifyQrCode: Operation<'profile.verifyQrCode'> = async ({ body }, ctx, deps) => {
  const { user, shop } = requireAuth(ctx);
  if (user.two_factor_enabled) throw ALREADY_ON();
  await checkCurrentPassword(user, body.password, deps);
  const step = await checkSetupCode(user, body.code, deps);
  const codes = newRecoveryCodes();
  const enabled = await deps.users.enableTwoFactor(user.shopId, user._id, {
    secret: user.pendingTwoFactorSecret!, step, recoveryCodes: codes.map((code) => recoveryCodeDigest(user, code)), updatedAt: ctx.now.toISOString(),
  });
  if (!enabled) throw ALREADY_ON();
  await deps.sessions.deleteAllOfUser(user.shopId, user._id);
  const token = await startSession({ ...user, two_factor_enabled: true }, shop, 'full', deps);
  return { auth_token: token, msg: 'Two factor authentication enabled', recovery_codes: codes };
};

/** Turning it off needs the password and a code (from the app, or a recovery code for a lost phone). */
export const disableTwoFactor: Operation<'profile.disableTwoFactor'> = async ({ body }, ctx, deps) => {
  const { user } = requireAuth(ctx);
  if (!user.two_factor_enabled) throw NOT_ON();
  await checkCurrentPassword(user, body.password, deps);
  await checkCodeOrRecoveryCode(user, body.code, deps);
  await deps.users.disableTwoFactor(user.shopId, user._id, ctx.now.toISOString());
  return { msg: 'Two factor authentication disabled' };
};

/** New recovery codes replace every old one; the same proof as turning it off. */
export const renewRecoveryCodes: Operation<'profile.recoveryCodes'> = async ({ body }, ctx, deps) => {
  const { user } = requireAuth(ctx);
  if (!user.two_factor_enabled) throw NOT_ON();
  await checkCurrentPassword(user, body.password, deps);
  await checkCodeOrRecoveryCode(user, body.code, deps);
  const codes = newRecoveryCodes();
  await deps.users.replaceRecoveryCodes(user.shopId, user._id, codes.map((code) => recoveryCodeDigest(user, code)), ctx.now.toISOString());
  return { msg: 'New recovery codes created', recovery_codes: codes };
};
