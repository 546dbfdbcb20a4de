import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { VIEWER_ADDRESS_HEADER } from '@dakiya/shared';
import { call, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { mailCode } from '../test-support/mail-links';
import { waitAfter } from '../domain/sign-in-limits';

/**
 * Issue 17: sign-in cannot be used to lock a person out. Every case runs on a clock of its own, so
 * waiting two seconds or an hour is moving the clock; the limits live in DynamoDB Local, whose expired
 * items are never deleted (the reads must check expiry themselves).
 */
const clock = { ms: Date.now() };
const later = (seconds: number) => { clock.ms += seconds * 1000; };
let deps: TestDeps;
let shop: SeededShop;

beforeAll(async () => {
  deps = await testDeps({ now: () => new Date(clock.ms) });
  shop = await seedShop(deps, { plan: 'MONTHLY' });
});

const from = (address: string) => ({ [VIEWER_ADDRESS_HEADER]: `${address}:41000` });
const signIn = (email: string, password: string, address: string, store?: string) =>
  call(deps, 'auth.login', { body: { email, password, ...(store ? { store } : {}) }, headers: from(address) });
const WRONG = { errors: [{ msg: 'Email or password is incorrect', code: 'INVALID_CREDENTIALS' }] };
const waitBody = (seconds: number) => ({
  errors: [{ msg: `Too many failed attempts. Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`, code: 'RATE_LIMITED' }],
  retry_after: seconds,
});

async function staffMember() {
  const staff = await seedUser(deps, shop.shop._id);
  return { email: staff.user.email, password: staff.password, user: staff.user, token: staff.token };
}

it('after five failures each further try waits 2^n seconds, at most a minute', () => {
  expect([0, 4, 5, 6, 7, 8, 9, 10, 30].map(waitAfter)).toEqual([0, 0, 2, 4, 8, 16, 32, 60, 60]);
});

describe('per account and address: a guesser is slowed, the owner is not', () => {
  it("a guesser's address is slowed and then refused while the owner signs in at once from another address", async () => {
    const owner = await staffMember();
    const guesser = '203.0.113.7';
    for (let i = 0; i < 5; i++) expect(await signIn(owner.email, `guess-${i}`, guesser)).toMatchObject({ status: 400, body: WRONG });
    const slowed = await signIn(owner.email, 'guess-5', guesser);
    expect(slowed).toMatchObject({ status: 429, body: waitBody(2), headers: { 'retry-after': '2' } });
    // refused while it waits, even with the right password: nothing is checked
    expect(await signIn(owner.email, owner.password, guesser)).toMatchObject({ status: 429, body: waitBody(2) });
    // the owner, elsewhere, is not slowed at all: a typo is a typo, the right password signs in
    expect(await signIn(owner.email, 'owner-typo', '198.51.100.20')).toMatchObject({ status: 400, body: WRONG });
    const ownerIn = await signIn(owner.email, owner.password, '198.51.100.20');
    expect(ownerIn.status).toBe(200);
    expect((await call(deps, 'auth.me', { token: ownerIn.body.auth_token })).status).toBe(200);

    // each wait served lets one more guess be checked, and doubles the next wait up to a minute
    for (const wait of [2, 4, 8, 16, 32, 60, 60]) {
      later(wait - 1);
      expect(await signIn(owner.email, 'guess-early', guesser), `1 s before the end of ${wait} s`).toMatchObject({ status: 429, body: waitBody(1) });
      later(1);
      expect(await signIn(owner.email, 'guess-on-time', guesser)).toMatchObject({ status: 400, body: WRONG });
      expect(await signIn(owner.email, 'guess-again', guesser)).toMatchObject({ status: 429, body: { retry_after: Math.min(wait * 2, 60) } });
    }
    // and the owner still signs in at once from their own address
    expect((await signIn(owner.email, owner.password, '198.51.100.20')).status).toBe(200);
  });

  it('a success forgets the address’s failures, and so do fifteen minutes without a try', async () => {
    const person = await staffMember();
    const address = '203.0.113.8';
    for (let i = 0; i < 5; i++) await signIn(person.email, 'typo', address);
    expect((await signIn(person.email, 'typo', address)).status).toBe(429);
    later(2);
    expect((await signIn(person.email, person.password, address)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(person.email, 'typo', address)).status).toBe(400);
    expect((await signIn(person.email, 'typo', address)).status).toBe(429);
    later(15 * 60);
    for (let i = 0; i < 5; i++) expect((await signIn(person.email, 'typo', address)).status).toBe(400);
  });

  it('an unknown address (no account) is slowed the same way: nothing tells it apart', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < 5; i++) expect(await signIn('nobody-here@example.pk', 'guess', address)).toMatchObject({ status: 400, body: WRONG });
    expect(await signIn('nobody-here@example.pk', 'guess', address)).toMatchObject({ status: 429, body: waitBody(2) });
  });

  it('parallel guesses cannot all pass a count of zero: five are checked, the rest wait', async () => {
    const person = await staffMember();
    const burst = await Promise.all(Array.from({ length: 12 }, () => signIn(person.email, 'parallel-guess', '203.0.113.10')));
    expect(burst.filter((r) => r.status === 400)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it('the viewer address is the one the origin check trusts: a forged X-Forwarded-For is not a new address', async () => {
    const person = await staffMember();
    const viewer = '203.0.113.11';
    for (let i = 0; i < 5; i++) {
      const forged = { ...from(viewer), 'x-forwarded-for': `192.0.2.${i}`, 'x-real-ip': `192.0.2.${i}` };
      expect((await call(deps, 'auth.login', { body: { email: person.email, password: 'guess' }, headers: forged })).status).toBe(400);
    }
    const forged = { ...from(viewer), 'x-forwarded-for': '192.0.2.99' };
    expect((await call(deps, 'auth.login', { body: { email: person.email, password: 'guess' }, headers: forged })).status).toBe(429);
  });
});

describe('per address: 100 sign-ins per 15 minutes, as before', () => {
  it('the ceiling holds whatever the account, and another address is not touched', async () => {
    const person = await staffMember();
    const address = '203.0.113.12';
    for (let i = 0; i < 99; i++) await deps.limiter.hit(`login-ip:${address}`, 100, 15 * 60);
    expect((await signIn(person.email, person.password, address)).status).toBe(200);
    const ceiling = { status: 429, body: { errors: [{ msg: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' }] } };
    expect(await signIn(person.email, person.password, address)).toMatchObject(ceiling);
    expect(await signIn(shop.owner.email, shop.password, address)).toMatchObject(ceiling);
    expect((await signIn(person.email, person.password, '203.0.113.13')).status).toBe(200);
  });

  it('its 429 says when the fixed window ends: retry_after and Retry-After, and the ceiling lifts then', async () => {
    const person = await staffMember();
    const address = '203.0.113.14';
    // ten minutes into a fifteen-minute window: five are left
    later((900 + 600 - (Math.floor(clock.ms / 1000) % 900)) % 900);
    for (let i = 0; i < 100; i++) await deps.limiter.hit(`login-ip:${address}`, 100, 15 * 60);
    const ceiling = (seconds: number) => ({
      status: 429,
      body: { errors: [{ msg: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' }], retry_after: seconds },
      headers: { 'retry-after': String(seconds) },
    });
    expect(await signIn(person.email, person.password, address)).toMatchObject(ceiling(300));
    later(299);
    expect(await signIn(person.email, person.password, address)).toMatchObject(ceiling(1));
    later(1);
    expect((await signIn(person.email, person.password, address)).status).toBe(200);
  });
});

// fifty scrypt checks a case: slow on a busy machine
describe('per account across addresses: guesses from many addresses bring a step-up, never a lock', { timeout: 120_000 }, () => {
  /** `count` wrong passwords, five from each address (the most one address gets checked at once). */
  async function guessesFrom(email: string, count: number, prefix: string) {
    const addresses = Array.from({ length: Math.ceil(count / 5) }, (_, i) => `${prefix}.${i + 1}`);
    await Promise.all(addresses.map(async (address, i) => {
      for (let n = 0; n < Math.min(5, count - i * 5); n++) expect((await signIn(email, `spread-guess-${n}`, address)).status).toBe(400);
    }));
  }
  const sentTo = (email: string) => deps.mailbox.sent.filter((m) => m.to === email);

  it('the owner passes the step-up with the emailed code; a familiar address needs none; an hour without failures ends it', async () => {
    // fifty minutes past a clock hour: an hour on, the hour's count has faded below fifty, so only a failure keeps the step-up on
    later((3600 + 50 * 60 - (Math.floor(clock.ms / 1000) % 3600)) % 3600);
    const owner = await staffMember();
    const home = '198.51.100.30';
    expect((await signIn(owner.email, owner.password, home)).status).toBe(200);

    await guessesFrom(owner.email, 49, '192.0.2');
    // 49 failures in the hour: a new address still signs in with the password alone
    const before = await signIn(owner.email, owner.password, '198.51.100.31');
    expect(before.status).toBe(200);
    expect(before.body.email_code_token).toBeUndefined();
    expect((await signIn(owner.email, 'guess-fifty', '192.0.2.200')).status).toBe(400);

    // 50: from an address that never signed in to this account, the right password asks for the code
    const stepped = await signIn(owner.email, owner.password, '198.51.100.32');
    expect(stepped.status).toBe(200);
    expect(stepped.body).toEqual({ auth_token: '', two_factor_await: false, email_code_token: expect.stringMatching(/^[0-9a-f]{24}\.[\w-]{43}$/) });
    await deps.drainJobs();
    const mail = sentTo(owner.email).at(-1);
    expect(mail?.subject).toMatch(/^\d{6} is your Dakiya sign-in code$/);
    const code = mailCode(mail);
    const verify = (token: string, c: string, address = '198.51.100.32') =>
      call(deps, 'auth.verifySignInCode', { body: { token, code: c }, headers: from(address) });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await verify(stepped.body.email_code_token, wrongCode)).toMatchObject({
      status: 400, body: { errors: [{ msg: 'The code is not correct. Use the code from the newest Dakiya sign-in email.', code: 'VALIDATION_FAILED', param: 'code' }] },
    });
    const passed = await verify(stepped.body.email_code_token, code);
    expect(passed.status).toBe(200);
    expect(passed.body.two_factor_await).toBe(false);
    expect((await call(deps, 'auth.me', { token: passed.body.auth_token })).body.data.email).toBe(owner.email);
    // the code works once
    expect((await verify(stepped.body.email_code_token, code)).status).toBe(400);

    // addresses that signed in before need no code, and neither does the one that just passed it
    for (const address of [home, '198.51.100.31', '198.51.100.32']) {
      const again = await signIn(owner.email, owner.password, address);
      expect(again.body.email_code_token, address).toBeUndefined();
      expect((await call(deps, 'auth.me', { token: again.body.auth_token })).status).toBe(200);
    }

    // one failure 59 minutes on keeps the step-up an hour past it; then an hour without failures ends it
    later(59 * 60);
    // (a wrong password from a new address is answered like a right one now: with the code step)
    expect((await signIn(owner.email, 'late-guess', '192.0.2.201')).body.email_code_token).toBeDefined();
    later(2 * 60);
    expect((await signIn(owner.email, owner.password, '198.51.100.33')).body.email_code_token).toBeDefined();
    later(59 * 60);
    const over = await signIn(owner.email, owner.password, '198.51.100.34');
    expect(over.body.email_code_token).toBeUndefined();
    expect((await call(deps, 'auth.me', { token: over.body.auth_token })).status).toBe(200);

    // an address is remembered for 90 days from its last sign-in: after that it is new again
    later(91 * 24 * 3600);
    await deps.signInTries.stepUp(owner.email, Math.floor(clock.ms / 1000) + 3600); // as fifty new failures would
    expect((await signIn(owner.email, owner.password, home)).body.email_code_token).toBeDefined();
  });

  it('a wrong password gets the same answer, but no code is ever mailed for it and no code opens it', async () => {
    const owner = await staffMember();
    await guessesFrom(owner.email, 50, '192.0.3');
    const mailsBefore = sentTo(owner.email).length;
    const wrong = await signIn(owner.email, 'still-guessing', '198.51.100.40');
    expect(wrong).toMatchObject({ status: 200, body: { auth_token: '', two_factor_await: false, email_code_token: expect.any(String) } });
    await deps.drainJobs();
    expect(sentTo(owner.email)).toHaveLength(mailsBefore);
    for (const code of ['000000', '123456']) {
      const tried = await call(deps, 'auth.verifySignInCode', { body: { token: wrong.body.email_code_token, code }, headers: from('198.51.100.40') });
      expect(tried).toMatchObject({ status: 400, body: { errors: [{ code: 'VALIDATION_FAILED', param: 'code' }] } });
    }
    // the owner at the same new address: the right password mails a code
    const right = await signIn(owner.email, owner.password, '198.51.100.41');
    await deps.drainJobs();
    expect(sentTo(owner.email)).toHaveLength(mailsBefore + 1);
    expect(right.body.email_code_token).toBeDefined();
  });

  it('a waiting sign-in takes five wrong codes, from however many addresses, then ends', async () => {
    const owner = await staffMember();
    await guessesFrom(owner.email, 50, '192.0.4');
    const stepped = await signIn(owner.email, owner.password, '198.51.100.50');
    await deps.drainJobs();
    const code = mailCode(sentTo(owner.email).at(-1));
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const tried = await call(deps, 'auth.verifySignInCode', { body: { token: stepped.body.email_code_token, code: wrongCode }, headers: from(`192.0.5.${i}`) });
      expect(tried.body.errors[0].param).toBe('code');
    }
    const late = await call(deps, 'auth.verifySignInCode', { body: { token: stepped.body.email_code_token, code }, headers: from('198.51.100.50') });
    expect(late).toMatchObject({ status: 400, body: { errors: [{ msg: 'This sign-in has expired. Sign in again to get a new code.', code: 'VALIDATION_FAILED', param: 'token' }] } });
  });

  it('more than five wrong emailed codes from one address wait like wrong passwords; the right code after the wait works', async () => {
    const owner = await staffMember();
    await guessesFrom(owner.email, 50, '192.0.8');
    const address = '198.51.100.80';
    // two waiting sign-ins from one address: the wait is the address's, whichever sign-in the codes are for
    const first = await signIn(owner.email, owner.password, address);
    await deps.drainJobs();
    const firstCode = mailCode(sentTo(owner.email).at(-1));
    const second = await signIn(owner.email, owner.password, address);
    await deps.drainJobs();
    const code = mailCode(sentTo(owner.email).at(-1));
    const wrongCode = ['000000', '111111', '222222'].find((c) => c !== code && c !== firstCode)!;
    const verify = (token: string, c: string) => call(deps, 'auth.verifySignInCode', { body: { token, code: c }, headers: from(address) });
    for (const token of [first, first, first, second, second].map((s) => s.body.email_code_token as string)) {
      expect((await verify(token, wrongCode)).body.errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', param: 'code' });
    }
    expect(await verify(second.body.email_code_token, wrongCode)).toMatchObject({ status: 429, body: waitBody(2), headers: { 'retry-after': '2' } });
    // refused unchecked while it waits, even the right code
    expect(await verify(second.body.email_code_token, code)).toMatchObject({ status: 429, body: waitBody(2) });
    later(2);
    const passed = await verify(second.body.email_code_token, code);
    expect(passed.status).toBe(200);
    expect((await call(deps, 'auth.me', { token: passed.body.auth_token })).body.data.email).toBe(owner.email);
  });

  it('a waiting sign-in ends after fifteen minutes', async () => {
    const owner = await staffMember();
    await guessesFrom(owner.email, 50, '192.0.6');
    const stepped = await signIn(owner.email, owner.password, '198.51.100.60');
    await deps.drainJobs();
    const code = mailCode(sentTo(owner.email).at(-1));
    later(15 * 60);
    const late = await call(deps, 'auth.verifySignInCode', { body: { token: stepped.body.email_code_token, code }, headers: from('198.51.100.60') });
    expect(late.body.errors[0]).toMatchObject({ msg: 'This sign-in has expired. Sign in again to get a new code.', param: 'token' });
  });
});

describe('the same rules for the two-factor step and recovery codes', { timeout: 60_000 }, () => {
  const PASSWORD = 'staff-password-1';
  const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(clock.ms / 1000) + steps * 30 });

  async function withTwoFactor() {
    const staff = await staffMember();
    const secret = (await call(deps, 'profile.qrCode', { token: staff.token })).body.secret as string;
    const on = await call(deps, 'profile.verifyQrCode', { token: staff.token, body: { code: await codeAt(secret), password: PASSWORD }, headers: from('198.51.100.70') });
    expect(on.status).toBe(200);
    return { ...staff, secret, codes: on.body.recovery_codes as string[] };
  }

  it('wrong codes from one address slow that address only: the owner passes the step at once from another', async () => {
    const staff = await withTwoFactor();
    const guesser = '203.0.113.70';
    const pending = (await signIn(staff.email, PASSWORD, guesser)).body.auth_token as string;
    for (let i = 0; i < 5; i++) {
      const body = i % 2 ? { recovery_code: 'aaaa-bbbb-cccc', twoFactorToken: pending } : undefined;
      const res = body
        ? await call(deps, 'auth.verifyRecoveryCode', { body, headers: from(guesser) })
        : await call(deps, 'auth.verifyAuthenticator', { body: { code: '000000', twoFactorToken: pending }, headers: from(guesser) });
      expect(res.status).toBe(400);
    }
    expect(await call(deps, 'auth.verifyAuthenticator', { body: { code: await codeAt(staff.secret, 1), twoFactorToken: pending }, headers: from(guesser) }))
      .toMatchObject({ status: 429, body: waitBody(2) });
    expect(await call(deps, 'auth.verifyRecoveryCode', { body: { recovery_code: staff.codes[0]!, twoFactorToken: pending }, headers: from(guesser) }))
      .toMatchObject({ status: 429, body: waitBody(2) });

    const mine = (await signIn(staff.email, PASSWORD, '198.51.100.71')).body.auth_token as string;
    const done = await call(deps, 'auth.verifyAuthenticator', { body: { code: await codeAt(staff.secret, 1), twoFactorToken: mine }, headers: from('198.51.100.71') });
    expect(done.status).toBe(200);
    const recovered = await call(deps, 'auth.verifyRecoveryCode', {
      body: { recovery_code: staff.codes[0]!, twoFactorToken: (await signIn(staff.email, PASSWORD, '198.51.100.72')).body.auth_token }, headers: from('198.51.100.72'),
    });
    expect(recovered.status).toBe(200);
    // the guesser's wait served, its next code is checked again
    later(2);
    expect((await call(deps, 'auth.verifyAuthenticator', { body: { code: '000000', twoFactorToken: pending }, headers: from(guesser) })).status).toBe(400);
  });

  it('wrong codes count toward the step-up like wrong passwords', async () => {
    const staff = await withTwoFactor();
    const pendings = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(staff.email, PASSWORD, `192.0.7.${i + 1}`)));
    await Promise.all(pendings.map(async ({ body }, i) => {
      for (let n = 0; n < 5; n++) {
        const res = await call(deps, 'auth.verifyAuthenticator', { body: { code: '000000', twoFactorToken: body.auth_token }, headers: from(`192.0.7.${i + 1}`) });
        expect(res.status).toBe(400);
      }
    }));
    expect((await signIn(staff.email, PASSWORD, '198.51.100.75')).body.email_code_token).toBeDefined();
  });
});
