import type { Deps } from './ports/deps';
import { AppError } from '../ground/errors';
import { randomBytesOf, sha256 } from '../ground/tokens';
import { epochSeconds } from '../ground/clock';
import { newTotpSecret, totpStep } from '../ground/totp';
import type { PersonRecord } from './records';
import { countedCheck } from './sign-in-limits';

export const RECOVERY_CODE_COUNT = 10;

const WRONG_CODE = 'The code is not correct. Try the newest code from your authenticator app.';
const USED_CODE = 'This code was already used. Wait for the next code from your authenticator app.';
const WRONG_RECOVERY_CODE = 'This recovery code is not correct or was already used.';

export async function newTwoFactorSecret(person: PersonRecord): Promise<{ secret: string; qrCodeDataUrl: string }> {
  // one secret for the person, whichever of their stores they set it up from
  return newTotpSecret(person.email);
}

/**
 * Every code (the app's, a recovery code) is a try of the person's codes from this address: slowed down
 * after five wrong ones there, counted for the account, never a lock (domain/sign-in-limits.ts).
 */
const counted = <T>(person: PersonRecord, address: string, deps: Deps, check: () => Promise<T>) =>
  countedCheck(deps, person.email, address, 'code', check);

/** Checks a code against a sealed secret. Answers the code's time step; the caller records it (a code is accepted once, RFC 6238 §5.2). */
async function matchCode(person: PersonRecord, sealedSecret: string, code: string, deps: Deps, param: string): Promise<number> {
  const secret = await deps.secrets.decrypt(sealedSecret, person._id);
  const step = await totpStep(secret, code, epochSeconds(deps.now()));
  if (step === undefined) throw new AppError('VALIDATION_FAILED', { msg: WRONG_CODE, param });
  if (person.lastTotpStep !== undefined && step <= person.lastTotpStep) throw new AppError('VALIDATION_FAILED', { msg: USED_CODE, param });
  return step;
}

/** A code from the pending secret, while two-factor is being set up: answers its time step. */
export async function checkSetupCode(person: PersonRecord, code: string, deps: Deps, address: string): Promise<number> {
  const pending = person.pendingTwoFactorSecret;
  if (!pending) throw new AppError('VALIDATION_FAILED', { msg: 'Scan the QR code first', param: 'code' });
  return counted(person, address, deps, () => matchCode(person, pending, code, deps, 'code'));
}

/** A code from the authenticator app of a user with two-factor on; it cannot be used again. */
export async function checkCode(person: PersonRecord, code: string, deps: Deps, address: string, param = 'code'): Promise<void> {
  await counted(person, address, deps, async () => {
    if (!person.twoFactorSecret) throw new AppError('VALIDATION_FAILED', { msg: WRONG_CODE, param });
    const step = await matchCode(person, person.twoFactorSecret, code, deps, param);
    // the conditional write is what makes it once: two requests with one code may both pass the read above
    if (!(await deps.people.acceptTotpStep(person._id, step))) throw new AppError('VALIDATION_FAILED', { msg: USED_CODE, param });
  });
}

// 32 symbols without 0/o and 1/l, so a code copied by hand is read back the same
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Ten codes of 12 symbols (60 bits each), shown once as xxxx-xxxx-xxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = [...randomBytesOf(12)].map((byte) => ALPHABET[byte & 31]).join('');
    return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
  });
}

/** What is stored: a digest bound to the person, so a digest of one person's code says nothing of another's. */
export function recoveryCodeDigest(person: Pick<PersonRecord, '_id'>, code: string): string {
  return sha256(`${person._id}:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);
}

/** Spends one recovery code (it works once), counted with the app's codes. */
export async function useRecoveryCode(person: PersonRecord, code: string, deps: Deps, address: string, param = 'recovery_code'): Promise<void> {
  await counted(person, address, deps, async () => {
    if (!person.two_factor_enabled || !(await deps.people.takeRecoveryCode(person._id, recoveryCodeDigest(person, code)))) {
      throw new AppError('VALIDATION_FAILED', { msg: WRONG_RECOVERY_CODE, param });
    }
  });
}

/** Six digits are an authenticator code; anything else is taken as a recovery code. */
export async function checkCodeOrRecoveryCode(person: PersonRecord, code: string, deps: Deps, address: string): Promise<void> {
  if (/^\d{6}$/.test(code.trim())) await checkCode(person, code.trim(), deps, address);
  else await useRecoveryCode(person, code, deps, address, 'code');
}
