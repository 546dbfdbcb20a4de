import type { Deps } from './ports/deps';
import { AppError } from '../ground/errors';
import { newId } from '../ground/ids';
import { randomDigits, randomSecret, sha256 } from '../ground/tokens';
import { countedCheck } from './sign-in-limits';
import type { SignInCodeRecord } from './ports/sign-in';
import type { PersonRecord } from './records';

/**
 * The step-up of a stepped-up sign-in (domain/sign-in-limits.ts): a six-digit code emailed to the account.
 * A wrong password gets the same answer and the same work (a record, a queued mail), but no code is
 * ever mailed for it, so the answer tells a guesser nothing about the password.
 */
export const CODE_LIFETIME_SECONDS = 15 * 60;
/** Wrong codes one waiting sign-in takes before it ends (and the person signs in again for a new code). */
export const CODE_TRIES = 5;

const WRONG_CODE = 'The code is not correct. Use the code from the newest Dakiya sign-in email.';
const EXPIRED = 'This sign-in has expired. Sign in again to get a new code.';

const codeDigest = (id: string, code: string) => sha256(`${id}:${code}`);

/** Records the waiting sign-in and queues its mail; answers the token the page sends back with the code. */
export async function startCodeStep(deps: Deps, account: string, person: PersonRecord | undefined, store: string | undefined): Promise<string> {
  const id = newId(deps.now());
  const secret = randomSecret();
  await deps.signInCodes.put({
    id, account, personId: person?._id, store, tokenDigest: sha256(secret), tries: 0,
    expiresAt: Math.floor(deps.now().getTime() / 1000) + CODE_LIFETIME_SECONDS,
  });
  await deps.jobs.enqueue('mail.send', { kind: 'sign-in-code', codeId: id });
  return `${id}.${secret}`;
}

/** The mail worker's part: a fresh code for a sign-in whose password was right (a retry replaces the code). */
export async function issueSignInCode(deps: Deps, id: string): Promise<{ person: PersonRecord; code: string } | undefined> {
  const record = await deps.signInCodes.get(id);
  const person = record?.personId ? await deps.people.get(record.personId) : undefined;
  if (!record || !person || person.email.toLowerCase() !== record.account) return undefined;
  const code = randomDigits(6);
  return (await deps.signInCodes.setCode(id, codeDigest(id, code))) ? { person, code } : undefined;
}

/**
 * The token and the emailed code, checked like any code (slowed down per address, counted for the
 * account) and used once: answers the person and the store their sign-in asked for.
 */
export async function redeemSignInCode(deps: Deps, token: string, code: string, address: string): Promise<{ person: PersonRecord; store?: string }> {
  const record = await waitingSignIn(deps, token);
  return countedCheck(deps, record.account, address, 'code', async () => {
    if (!(await deps.signInCodes.countTry(record.id, CODE_TRIES))) throw new AppError('VALIDATION_FAILED', { msg: EXPIRED, param: 'token' });
    const digest = codeDigest(record.id, code);
    if (!record.personId || record.codeDigest !== digest || !(await deps.signInCodes.take(record.id, digest))) {
      throw new AppError('VALIDATION_FAILED', { msg: WRONG_CODE, param: 'code' });
    }
    const person = await deps.people.get(record.personId);
    // the address changed since the mail: that sign-in is over
    if (!person || person.email.toLowerCase() !== record.account) throw new AppError('VALIDATION_FAILED', { msg: EXPIRED, param: 'token' });
    return { person, store: record.store };
  });
}

async function waitingSignIn(deps: Deps, token: string): Promise<SignInCodeRecord> {
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
  const record = match ? await deps.signInCodes.get(match[1]!) : undefined;
  if (!record || record.tokenDigest !== sha256(match![2]!)) throw new AppError('VALIDATION_FAILED', { msg: EXPIRED, param: 'token' });
  return record;
}
