import type { Operation } from '../platform/operation';
import type { Deps } from '../domain/ports/deps';
import { AppError } from '../ground/errors';
import { burnPasswordCheck, verifyPassword } from '../ground/passwords';
import { beginTry, rememberAddress } from '../domain/sign-in-limits';
import { startCodeStep } from '../domain/sign-in-code';
import { openStore } from '../domain/sign-in';
import type { PersonRecord } from '../domain/records';

/** Sign-ins per address in 15 minutes (SIGN_IN_LIMIT_PER_ADDRESS), whatever the accounts. */
const ADDRESS_WINDOW_SECONDS = 15 * 60;

/**
 * Unknown email, no password yet and a wrong password get the same answer after the same work.
 * Restricted, unverified and uninstalled are told only after the right password. The limits of
 * domain/sign-in-limits.ts slow a guessing address down and, while an account is guessed at from many
 * addresses, ask a new address for an emailed code: that answer is the same whatever the password.
 */
export const loginUser: Operation<'auth.login'> = async ({ body }, ctx, deps) => {
  if (!(await deps.limiter.hit(`login-ip:${ctx.addressKey}`, deps.env.SIGN_IN_LIMIT_PER_ADDRESS, ADDRESS_WINDOW_SECONDS))) {
    // fixed windows: the ceiling lifts when this one ends, so the page can count down to it
    const seconds = deps.limiter.secondsLeft(ADDRESS_WINDOW_SECONDS);
    throw new AppError('RATE_LIMITED', { extra: { retry_after: seconds }, headers: { 'retry-after': String(seconds) } });
  }
  const attempt = await beginTry(deps, body.email, ctx.addressKey, 'password');
  const person = await deps.people.findByEmail(body.email);
  const verdict = await checkPassword(person, body.email, body.password, deps);
  if (attempt.stepUp) {
    await (verdict === 'wrong' ? attempt.failed() : attempt.passed());
    const token = await startCodeStep(deps, body.email, verdict === 'right' ? person : undefined, body.store);
    return { auth_token: '', two_factor_await: false, email_code_token: token };
  }
  if (verdict === 'wrong') {
    await attempt.failed();
    throw new AppError('INVALID_CREDENTIALS');
  }
  await attempt.passed();
  if (verdict === 'invited') throw new AppError('EMAIL_NOT_VERIFIED');
  const answer = await openStore(person!, body.store, deps);
  if (answer.auth_token && !answer.two_factor_await) await rememberAddress(deps, body.email, ctx.addressKey);
  return answer;
};

/** Always one scrypt check, whether there is a person, an invitation or nothing at this address. */
async function checkPassword(person: PersonRecord | undefined, email: string, password: string, deps: Deps): Promise<'right' | 'wrong' | 'invited'> {
  if (person?.passwordHash) return (await verifyPassword(password, person.passwordHash)) ? 'right' : 'wrong';
  if (person) {
    await burnPasswordCheck(password);
    return 'wrong';
  }
  return (await invitedWith(email, password, deps)) ? 'invited' : 'wrong';
}

/**
 * No person has this address yet: is there an invitation to it whose password (the one the admin set)
 * this is? Then the answer is 'verify your email', as before the people model.
 */
async function invitedWith(email: string, password: string, deps: Deps): Promise<boolean> {
  const refs = await deps.people.invitationsOf(email);
  const invitations = refs.length ? await deps.members.getMany(refs.slice(0, 25)) : [];
  const newest = invitations.filter((u) => u.invitePasswordHash).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!newest?.invitePasswordHash) {
    await burnPasswordCheck(password);
    return false;
  }
  return verifyPassword(password, newest.invitePasswordHash);
}
