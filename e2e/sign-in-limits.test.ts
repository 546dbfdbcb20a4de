import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectRefusal, launch, newPage, shot } from './support/browser';
import { newStaff, VIEWPORTS } from './support/failures';
import { callFrom } from './support/from-address';
import { codeFromInbox } from './support/inbox';

/**
 * Issue 17 in a browser: sign-in slows a guessing network down and says how long to wait, while the
 * person signs in at once from elsewhere; guesses spread over many networks make a new one also need
 * a code emailed to the account, read here from the local SES inbox. The browsers are 127.0.0.1; the
 * guessers and "elsewhere" are other loopback addresses, which the gateway takes as other viewers.
 */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** Submits the form and answers the status of the sign-in call it made. */
async function submit(page: Page): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/login-user') && r.request().method() === 'POST'),
    page.getByTestId('login-submit').click(),
  ]);
  return response.status();
}

describe.each(VIEWPORTS)('sign-in limits (%s)', (name, viewport) => {
  it('a guessing browser is slowed down and told how long to wait; the person signs in at once from another network', async () => {
    const person = await newStaff('USER', ['READ_ORDERS']);
    const page = await newPage(browser, viewport);
    expectRefusal(page, 400, '/login-user');
    expectRefusal(page, 429, '/login-user');
    await page.goto('/login');
    await page.getByTestId('login-email').fill(person.email);
    await page.getByTestId('login-password').fill('a-wrong-guess');
    for (let i = 0; i < 5; i++) {
      expect(await submit(page)).toBe(400);
      await expect.poll(() => page.getByTestId('login-error').innerText()).toBe('Email or password is incorrect');
    }
    // the waits double from 2 s: a try that comes after one is checked, and the next wait is longer
    let status = 400;
    for (let i = 0; i < 4 && status !== 429; i++) {
      await expect.poll(() => page.getByTestId('login-submit').isEnabled()).toBe(true);
      status = await submit(page);
    }
    expect(status).toBe(429);
    await expect.poll(() => page.getByTestId('login-error').innerText()).toMatch(/^Too many failed attempts\.\nYou can try again in \d+ seconds?\.$/);
    expect(await page.getByTestId('login-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('login-submit').innerText()).toMatch(/^Try again in \d+ s$/);
    await shot(page, `sign-in-slowed-${name}`);

    // meanwhile the person, on another network, is not slowed at all
    const elsewhere = await callFrom('127.0.0.2', 'auth.login', { email: person.email, password: person.password });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.auth_token).toEqual(expect.any(String));

    // the countdown ends, the form works again, and the right password signs in from here too
    await expect.poll(() => page.getByTestId('login-submit').innerText(), { timeout: 70_000 }).toBe('Login');
    expect(await page.getByTestId('login-error').innerText()).toContain('You can try again now.');
    await page.getByTestId('login-password').fill(person.password);
    expect(await submit(page)).toBe(200);
    await page.waitForURL('**/dashboard**');
    await page.getByTestId('role-badge').waitFor();
  });

  it('guesses from many networks bring the step-up: a new network also needs the code emailed to the account', async () => {
    const person = await newStaff('USER', ['READ_ORDERS']);
    // fifty wrong passwords, five from each of ten networks (the most one network gets checked at once)
    const networks = Array.from({ length: 10 }, (_, i) => `127.0.0.${10 + i}`);
    await Promise.all(networks.map(async (address) => {
      for (let n = 0; n < 5; n++) expect((await callFrom(address, 'auth.login', { email: person.email, password: `spread-${n}` })).status).toBe(400);
    }));

    const since = Math.floor(Date.now() / 1000) - 1;
    const page = await newPage(browser, viewport);
    expectRefusal(page, 400, '/verify-sign-in-code');
    await page.goto('/login');
    await page.getByTestId('login-email').fill(person.email);
    await page.getByTestId('login-password').fill(person.password);
    expect(await submit(page)).toBe(200);
    await page.getByTestId('email-code-step').waitFor();
    expect(await page.getByTestId('email-code-hint').innerText()).toContain(person.email);
    await shot(page, `sign-in-email-code-${name}`);

    const code = await codeFromInbox(person.email, since);
    await page.getByTestId('email-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('email-code-submit').click();
    await expect.poll(() => page.getByTestId('email-code-field-error').innerText()).toBe('The code is not correct. Use the code from the newest Dakiya sign-in email.');
    await shot(page, `sign-in-email-code-wrong-${name}`);
    await page.getByTestId('email-code').fill(code);
    await page.getByTestId('email-code-submit').click();
    await page.waitForURL('**/dashboard**');
    await page.getByTestId('role-badge').waitFor();

    // this network has now signed in: the next sign-in here needs the password alone
    const again = await newPage(browser, viewport);
    await again.goto('/login');
    await again.getByTestId('login-email').fill(person.email);
    await again.getByTestId('login-password').fill(person.password);
    expect(await submit(again)).toBe(200);
    await again.waitForURL('**/dashboard**');
  });
});
