import type { Deps } from './ports/deps';
import { AppError } from '../ground/errors';
import type { Tries, TryKind } from './ports/sign-in';

/**
 * Guessing stays slow and nobody can lock a person out (OWASP ASVS 2.2.1). The README's "Sign-in
 * limits" says the same in words; a test proves each rule.
 * - Per account and address: after FREE_FAILURES failures each further try waits 2^n seconds, at most
 *   MAX_WAIT_SECONDS; a success forgets them, and so do FORGET_SECONDS without a try. Another
 *   address's failures never slow this one.
 * - Per account, across addresses: after STEP_UP_FAILURES failures in an hour, a password sign-in from
 *   an address that has not signed in to the account (in FAMILIAR_SECONDS) also needs a code emailed
 *   to the account, until an hour passes without a failure. Never a lock.
 * (Per address, sign-ins are counted by the plain limiter: SIGN_IN_LIMIT_PER_ADDRESS in 15 minutes.)
 */
export const FREE_FAILURES = 5;
export const MAX_WAIT_SECONDS = 60;
export const FORGET_SECONDS = 15 * 60;
export const STEP_UP_FAILURES = 50;
export const HOUR_SECONDS = 3600;
export const FAMILIAR_SECONDS = 90 * 24 * 3600;
/** A burst of parallel tries at one item: each round one of them counts; more rounds than tries allowed only under a storm. */
const MAX_ROUNDS = 10;

/** The wait after `failures` failures before the next try may be checked. */
export function waitAfter(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES + 1), MAX_WAIT_SECONDS);
}

export function slowDown(seconds: number): AppError {
  const unit = seconds === 1 ? 'second' : 'seconds';
  return new AppError('RATE_LIMITED', {
    msg: `Too many failed attempts. Wait ${seconds} ${unit} and try again.`,
    extra: { retry_after: seconds },
    headers: { 'retry-after': String(seconds) },
  });
}

export interface SignInTry {
  /** A password try from an address new to the account while it is stepped up: the emailed code is needed too. */
  readonly stepUp: boolean;
  /** The check failed: counted toward the account's hour (the try itself was counted when it began). */
  failed(): Promise<void>;
  /** The check passed: this address's failures are forgotten. */
  passed(): Promise<void>;
}

const seconds = (deps: Deps) => Math.floor(deps.now().getTime() / 1000);

/**
 * Counts a try before its check, so parallel guesses cannot all pass a count of zero; refuses it with
 * the time to wait while this address is slowed down.
 */
export async function beginTry(deps: Deps, typed: string, address: string, kind: TryKind): Promise<SignInTry> {
  const account = typed.toLowerCase();
  const now = seconds(deps);
  const hourStart = now - (now % HOUR_SECONDS);
  const state = await deps.signInTries.read(account, address, kind, hourStart);
  let seen: Tries | undefined = state.tries;
  for (let round = 0; ; round++) {
    if (round === MAX_ROUNDS) throw slowDown(1);
    const wait = seen ? seen.lastAt + waitAfter(seen.failures) - now : 0;
    if (wait > 0) throw slowDown(wait);
    const next = { failures: (seen?.failures ?? 0) + 1, lastAt: now };
    const result = await deps.signInTries.swap(account, address, kind, seen, next, now + FORGET_SECONDS);
    if (result.swapped) break;
    seen = result.now;
  }
  const stepUpOn = state.stepUpUntil > now;
  return {
    stepUp: kind === 'password' && stepUpOn && !state.familiar,
    failed: async () => {
      const count = await deps.signInTries.addFailure(account, hourStart, hourStart + 2 * HOUR_SECONDS);
      // the usual sliding-window estimate: the previous hour weighted by how much of it is still within the last hour
      const inLastHour = count + (state.previousHourFailures * (HOUR_SECONDS - (now - hourStart))) / HOUR_SECONDS;
      if (stepUpOn || inLastHour >= STEP_UP_FAILURES) await deps.signInTries.stepUp(account, now + HOUR_SECONDS);
    },
    passed: () => deps.signInTries.clear(account, address, kind),
  };
}

/** The check of `kind` for `account`, counted and slowed down by the rules above; a VALIDATION_FAILED it throws is a failure. */
export async function countedCheck<T>(deps: Deps, account: string, address: string, kind: TryKind, check: () => Promise<T>): Promise<T> {
  const attempt = await beginTry(deps, account, address, kind);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') await attempt.failed();
    throw error;
  }
  await attempt.passed();
  return result;
}

/** A sign-in completed from this address: while the account is stepped up, it needs no emailed code. */
export async function rememberAddress(deps: Deps, account: string, address: string): Promise<void> {
  await deps.signInTries.rememberAddress(account.toLowerCase(), address, seconds(deps) + FAMILIAR_SECONDS);
}
