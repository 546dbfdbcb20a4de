import type { StoreOption } from '@dakiya/shared';
import type { Operation } from '../platform/operation';
import type { Deps } from '../domain/ports/deps';
import { AppError } from '../ground/errors';
import { burnPasswordCheck, verifyPassword } from '../ground/passwords';
import { startSession } from '../domain/sessions';
import { loginLimiterKey } from '../domain/current-password';
import { membershipsOf, type Membership } from '../domain/people';

/** Attempts per account (a success starts the count again) and per address, in a 15-minute window. */
const WINDOW_SECONDS = 15 * 60;
const PER_ACCOUNT = 10;

const usable = (m: Membership) => m.user.is_active && m.shop.status === 'ACTIVE';
const option = (m: Membership): StoreOption => ({ domain: m.shop.domain, name: m.shop.name });

/**
 * Unknown email, no password yet and a wrong password get the same answer after the same work.
 * Restricted, unverified and uninstalled are told only after the right password. A person in several
 * stores chooses one (the store opened from Shopify comes as `store`): each has its own session.
 */
export const loginUser: Operation<'auth.login'> = async ({ body }, ctx, deps) => {
  const accountKey = loginLimiterKey(body.email);
  if (!(await deps.limiter.hit(`login-ip:${ctx.addressKey}`, deps.env.SIGN_IN_LIMIT_PER_ADDRESS, WINDOW_SECONDS))) throw new AppError('RATE_LIMITED');
  // counted before the check, atomically: parallel guesses cannot all read a count of zero
  if (!(await deps.limiter.hit(accountKey, PER_ACCOUNT, WINDOW_SECONDS))) throw new AppError('RATE_LIMITED');
  const person = await deps.people.findByEmail(body.email);
  if (!person?.passwordHash) {
    if (person) await burnPasswordCheck(body.password);
    else if (await invitedWith(body.email, body.password, deps)) {
      await deps.limiter.reset(accountKey, WINDOW_SECONDS);
      throw new AppError('EMAIL_NOT_VERIFIED');
    }
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(body.password, person.passwordHash))) throw new AppError('INVALID_CREDENTIALS');
  await deps.limiter.reset(accountKey, WINDOW_SECONDS);

  const memberships = await membershipsOf(person, deps);
  const asked = body.store ? memberships.find((m) => m.shop.domain === body.store) : undefined;
  const open = memberships.filter(usable);
  let chosen = asked;
  if (!chosen) {
    if (open.length === 1 && !body.store) chosen = open[0]!;
    else if (open.length > 0) {
      const notice = body.store ? `You have no access to ${body.store} with this account. Choose one of your stores.` : undefined;
      return { auth_token: '', two_factor_await: false, stores: open.map(option), notice };
    } else {
      // nothing to open: say why, the restriction first (the admin can lift it)
      if (memberships.some((m) => !m.user.is_active)) throw new AppError('USER_RESTRICTED');
      throw new AppError(memberships.length ? 'SHOP_INACTIVE' : 'INVALID_CREDENTIALS');
    }
  }
  if (!chosen.user.is_active) throw new AppError('USER_RESTRICTED');
  if (chosen.shop.status !== 'ACTIVE') throw new AppError('SHOP_INACTIVE');

  // the plan gates setting two-factor up, not the protection: once on, it is asked for on every plan
  const secondStep = person.two_factor_enabled;
  const token = await startSession(chosen.user, chosen.shop, secondStep ? 'two_factor' : 'full', deps);
  return { auth_token: token, two_factor_await: secondStep };
};

/**
 * No person has this address yet: is there an invitation to it whose password (the one the admin set)
 * this is? Then the answer is 'verify your email', as before the people model. Always one scrypt check,
 * like an unknown address.
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
