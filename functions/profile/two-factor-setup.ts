import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../platform/errors';
import { checkCode, newTwoFactorSecret } from '../domain/two-factor';
import { startSession } from '../domain/sessions';

/** A fresh secret is kept sealed as pending until a code from it is verified. */
export const getQrCode: Operation<'profile.qrCode'> = async (_input, ctx, deps) => {
  const { user, shop } = requireAuth(ctx);
  if (user.two_factor_enabled) throw new AppError('VALIDATION_FAILED', { msg: 'Two factor authentication is already enabled' });
  const { secret, qrCodeDataUrl } = await newTwoFactorSecret(user, shop.name);
  await deps.users.update(user.shopId, user._id, { pendingTwoFactorSecret: await deps.secrets.encrypt(secret, user.shopId) });
  return { qrCodeDataUrl, secret };
};

/** Enabling the second factor ends every session and hands back a new token for this browser. */
export const verifyQrCode: Operation<'profile.verifyQrCode'> = async ({ body }, ctx, deps) => {
  const { user } = requireAuth(ctx);
  if (user.two_factor_enabled) throw new AppError('VALIDATION_FAILED', { msg: 'Two factor authentication is already enabled' });
  if (!user.pendingTwoFactorSecret) throw new AppError('VALIDATION_FAILED', { msg: 'Scan the QR code first', param: 'code' });
  await checkCode(user, user.pendingTwoFactorSecret, body.code, deps);
  await deps.users.update(user.shopId, user._id, {
    two_factor_enabled: true, twoFactorSecret: user.pendingTwoFactorSecret, pendingTwoFactorSecret: '', updatedAt: ctx.now.toISOString(),
  });
  await deps.sessions.deleteAllOfUser(user.shopId, user._id);
  const token = await startSession({ ...user, two_factor_enabled: true }, 'full', deps);
  return { auth_token: token, msg: 'Two factor authentication enabled' };
};
