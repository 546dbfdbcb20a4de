import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_CREDENTIALS } from '../local/simulators/couriers';
import { expectRefusal, launch, shot } from './support/browser';
import { CONNECTION_FAILED, dropConnection, signedIn, stillUsable, toastSays, VIEWPORTS } from './support/failures';
import { api } from './support/inbox';

// These flows change which account is the default, so they run in the paid shop, not the demo shop
// whose seeded default other flows look at.
let browser: Browser;
let token: string;
let anchorId: string;
beforeAll(async () => {
  browser = await launch();
  token = (await api().call('auth.login', { body: inject('paidAdmin') })).auth_token;
  // the shop's first account becomes its default; the flows below work on the ones after it
  anchorId = await leopards(`Anchor ${Date.now() % 100000}`);
});
afterAll(async () => { await browser?.close(); });

/** A Leopards account of the paid shop, made through the API (checked with the simulator). */
async function leopards(name: string): Promise<string> {
  const created = await api().call('accounts.create', {
    token, body: { company: 'LEOPARD', account_name: name, weight: 500, city: 'Lahore', is_default: 'No', ...DEMO_CREDENTIALS.LEOPARD } as never,
  });
  return created.account._id;
}

async function set(page: Page, key: string, value: string) {
  const field = page.getByTestId(`field-${key}`).last();
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
  else await field.fill(value);
}

const row = (page: Page, name: string) => page.getByTestId(`account-row-${name}`).first();
const tag = () => `${Date.now() % 100000}`;

describe.each(VIEWPORTS)('tracking account screens when things go wrong (%s)', (name, viewport) => {
  it('accounts list: Set default on an account made inactive a moment ago is refused; offline it says the connection failed; it works once back', async () => {
    const t = tag();
    const stale = `Stale ${name} ${t}`;
    const good = `Good ${name} ${t}`;
    const staleId = await leopards(stale);
    await leopards(good);
    const page = await signedIn(browser, inject('paidAdmin'), viewport, '**/dashboard');
    await page.goto('/dashboard/accounts?limit=250');
    await row(page, stale).waitFor();
    await expect.poll(() => page.title()).toBe('Tracking accounts · Dakiya');
    // someone else makes it inactive while this list is open
    await api().call('accounts.update', { token, body: { id: staleId, name: stale, activity: 'IN_ACTIVE', is_default: false } });
    expectRefusal(page, 400, '/update-account');
    await page.getByTestId(`account-make-default-${stale}`).click();
    await toastSays(page, 'An inactive account cannot be the default. Make it active, or choose another default account.');
    await shot(page, `fail-accounts-default-inactive-${name}`);

    const online = await dropConnection(page);
    await page.getByTestId(`account-make-default-${good}`).click();
    await toastSays(page, CONNECTION_FAILED);
    await stillUsable(page, 'Tracking accounts');
    await online();
    await page.getByTestId(`account-make-default-${good}`).click();
    await toastSays(page, `${good} is now the default account`);
    await expect.poll(() => row(page, good).innerText()).toContain('DEFAULT');
    expect(await page.getByTestId(`account-make-default-${good}`).count()).toBe(0);
  });

  it('create account: refused credentials and a dropped connection are said above Save; the form keeps what was typed', async () => {
    const page = await signedIn(browser, inject('paidAdmin'), viewport, '**/dashboard');
    await page.goto('/dashboard/accounts/create-account');
    await expect.poll(() => page.title()).toBe('Create tracking account · Dakiya');
    await page.getByTestId('company-LEOPARD').click();
    await set(page, 'api_key', String(DEMO_CREDENTIALS.LEOPARD.api_key));
    await set(page, 'api_password', 'not-the-password');
    const accountName = `New ${name} ${tag()}`;
    await set(page, 'account_name', accountName);
    await page.getByTestId('account-submit').click();
    // the pickup city is asked for by its name
    await expect.poll(() => page.getByTestId('field-city-error').innerText()).toBe('Please add the pickup city');
    await set(page, 'city', 'Lahore');
    expectRefusal(page, 400, '/create-account');
    await page.getByTestId('account-submit').click();
    await expect.poll(() => page.getByTestId('account-error').innerText()).toContain('The courier did not accept these credentials');

    await set(page, 'api_password', String(DEMO_CREDENTIALS.LEOPARD.api_password));
    const online = await dropConnection(page);
    await page.getByTestId('account-submit').click();
    await expect.poll(() => page.getByTestId('account-error').innerText()).toContain(CONNECTION_FAILED);
    await shot(page, `fail-create-account-offline-${name}`);
    await online();
    await page.getByTestId('account-submit').click();
    await page.waitForURL('**/dashboard/accounts');
    await row(page, accountName).waitFor();
  });

  it('edit account: renaming needs no password; a changed password the courier refuses and a dropped connection are said; an inactive account cannot be the default', async () => {
    const accountName = `Edit ${name} ${tag()}`;
    const id = await leopards(accountName);
    const page = await signedIn(browser, inject('paidAdmin'), viewport, '**/dashboard');
    await page.goto(`/dashboard/edit-account/${id}`);
    await page.getByTestId('edit-account-form').waitFor();
    await expect.poll(() => page.title()).toBe('Edit tracking account · Dakiya');

    // inactive: the default switch turns off and cannot be turned on
    await page.getByTestId('edit-default').click();
    await page.getByTestId('edit-activity').last().selectOption('IN_ACTIVE');
    expect(await page.getByTestId('edit-default').locator('input').isChecked()).toBe(false);
    expect(await page.getByTestId('edit-default').locator('input').isDisabled()).toBe(true);
    expect(await page.getByTestId('edit-account-form').innerText()).toContain('An inactive account cannot be the default.');
    await shot(page, `edit-account-inactive-${name}`);
    await page.getByTestId('edit-activity').last().selectOption('ACTIVE');

    await set(page, 'api_password', 'changed-and-wrong');
    expectRefusal(page, 400, '/update-account');
    await page.getByTestId('edit-submit').click();
    await expect.poll(() => page.getByTestId('account-error').innerText()).toContain('The courier did not accept these credentials');

    await set(page, 'api_password', '');
    await set(page, 'name', `${accountName} R`);
    const online = await dropConnection(page);
    await page.getByTestId('edit-submit').click();
    await expect.poll(() => page.getByTestId('account-error').innerText()).toContain(CONNECTION_FAILED);
    await stillUsable(page, 'Edit Account');
    await online();
    await page.getByTestId('edit-submit').click();
    await page.waitForURL('**/dashboard/accounts**');
    await toastSays(page, 'Account updated');
    await row(page, `${accountName} R`).waitFor();
  });

  it('edit account: the default account is not made inactive unseen; with Default turned off by the person it is', async () => {
    const accountName = `Default ${name} ${tag()}`;
    const id = await leopards(accountName);
    await api().call('accounts.update', { token, body: { id, is_default: true } });
    const page = await signedIn(browser, inject('paidAdmin'), viewport, '**/dashboard');
    await page.goto(`/dashboard/edit-account/${id}`);
    await page.getByTestId('edit-account-form').waitFor();
    await page.getByTestId('edit-activity').last().selectOption('IN_ACTIVE');
    const refusal = 'This is the default account, so it cannot be made inactive. Make another account the default first, or turn Default off.';
    expect(await page.getByTestId('edit-activity-error').innerText()).toBe(refusal);
    expect(await page.getByTestId('edit-default').locator('input').isChecked()).toBe(true);
    await shot(page, `edit-account-default-inactive-${name}`);
    await page.getByTestId('edit-submit').click();
    expect(await page.getByTestId('edit-activity-error').innerText()).toBe(refusal);
    expect(page.url()).toContain(`/edit-account/${id}`);
    expect((await api().call('accounts.get', { token, params: { id } })).account).toMatchObject({ is_default: true, in_active: false });

    await page.getByTestId('edit-default').click();
    expect(await page.getByTestId('edit-activity-error').count()).toBe(0);
    await page.getByTestId('edit-submit').click();
    await page.waitForURL('**/dashboard/accounts**');
    await toastSays(page, 'Account updated');
    expect((await api().call('accounts.get', { token, params: { id } })).account).toMatchObject({ is_default: false, in_active: true });
    // the shop has no default now; the flows after this one expect the anchor to be it
    await api().call('accounts.update', { token, body: { id: anchorId, is_default: true } });
  });
});
