import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Deps } from '../platform/deps';
import { AppError } from '../platform/errors';
import type { UserRecord } from './records';

/** Wrong codes: five per user in fifteen minutes, then the second step is locked for the rest of the window. */
export const CODE_LIMIT = 5;
export const CODE_WINDOW_SECONDS = 15 * 60;

export async function newTwoFactorSecret(user: UserRecord, shopName: string): Promise<{ secret: string; qrCodeDataUrl: string }> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: `Dakiya (${shopName})`, label: user.email, secret });
  return { secret, qrCodeDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/** Checks a code against a sealed secret, counting wrong codes toward the lockout. */
export async function checkCode(user: UserRecord, sealedSecret: string, code: string, deps: Deps): Promise<void> {
  const key = `2fa:${user._id}`;
  // counted before the check, atomically: a burst of parallel guesses cannot all pass a count of zero
  if (!(await deps.limiter.hit(key, CODE_LIMIT, CODE_WINDOW_SECONDS))) throw new AppError('RATE_LIMITED');
  const secret = await deps.secrets.decrypt(sealedSecret, user.shopId);
  // otplib v13 answers an object: `.valid` is the verdict (an object is always truthy)
  const result = await verify({ secret, token: code, epoch: Math.floor(deps.now().getTime() / 1000), epochTolerance: 30 });
  if (!result.valid) {
    throw new AppError('VALIDATION_FAILED', { msg: 'The code is not correct. Try the newest code from your authenticator app.', param: 'code' });
  }
  await deps.limiter.reset(key, CODE_WINDOW_SECONDS);
}
