import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_CREDENTIALS } from '../local/simulators/couriers';
import { expectRefusal, launch, newPage, shot, signIn } from './support/browser';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  const owner = inject('owner');
  await signIn(page, owner.email, owner.password);
  await page.waitForURL('**/dashboard');
});
afterAll(async () => { await browser?.close(); });

/** Fills a field whatever it is: native selects get an option, inputs get text. */
async function set(key: string, value: string) {
  const field = page.getByTestId(`field-${key}`).last();
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
  else await field.fill(value);
}

const couriers = ['LEOPARD', 'MNP', 'POSTEX', 'TCS'] as const;

describe('tracking accounts in the browser', () => {
  it('lists the seeded accounts with their badges', async () => {
    await page.goto('/dashboard/accounts');
    await page.getByTestId('accounts-table').waitFor();
    for (const name of ['Leopards Karachi', 'M&P Main', 'PostEx COD', 'TCS Overnight']) await page.getByTestId(`account-row-${name}`).first().waitFor();
    expect(await page.getByTestId('account-row-Leopards Karachi').first().innerText()).toContain('DEFAULT');
    await shot(page, 'accounts-list');
  });

  it.each(couriers.map((c) => [c]))('adds a %s account with credentials the courier accepts', async (company) => {
    const name = `E2E ${company}`;
    await page.goto('/dashboard/accounts/create-account');
    await page.getByTestId(`company-${company}`).click();
    const creds = DEMO_CREDENTIALS[company] as Record<string, string>;
    for (const [key, value] of Object.entries(creds)) {
      if (key === 'shipper_city') continue;
      await set(key, value);
    }
    if (company === 'TCS') await set('shipper_city', 'Karachi');
    await set('account_name', name);
    await set('city', 'Lahore');
    await set('weight', '750');
    await shot(page, `create-account-${company.toLowerCase()}`);
    await page.getByTestId('account-submit').click();
    await page.waitForURL('**/dashboard/accounts');
    await page.getByTestId(`account-row-${name}`).first().waitFor();
    expect(await page.getByTestId(`account-row-${name}`).first().innerText()).toContain('750');
  });

  it("shows an account left without a weight as 'Store default', in the list and on its edit form", async () => {
    const name = 'E2E store weight';
    await page.goto('/dashboard/accounts/create-account');
    await page.getByTestId('company-LEOPARD').click();
    for (const [key, value] of Object.entries(DEMO_CREDENTIALS.LEOPARD)) await set(key, String(value));
    await set('account_name', name);
    await set('city', 'Karachi');
    const weight = page.getByTestId('field-weight');
    expect([await weight.inputValue(), await weight.getAttribute('placeholder')]).toEqual(['', 'Store default']);
    await page.getByTestId('account-submit').click();
    await page.waitForURL('**/dashboard/accounts');
    const row = page.getByTestId(`account-row-${name}`).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Store default');

    await page.getByTestId(`account-edit-${name}`).first().click();
    await page.waitForURL('**/dashboard/edit-account/**');
    // the form holds the saved account once its name is in
    await expect.poll(() => page.getByTestId('field-name').inputValue()).toBe(name);
    expect([await page.getByTestId('field-weight').inputValue(), await page.getByTestId('field-weight').getAttribute('placeholder')]).toEqual(['', 'Store default']);
  });

  it('refuses credentials the courier does not accept, saying so on the form', async () => {
    await page.goto('/dashboard/accounts/create-account');
    await page.getByTestId('company-LEOPARD').click();
    await set('api_key', String(DEMO_CREDENTIALS.LEOPARD.api_key));
    await set('api_password', 'not-the-password');
    await set('account_name', 'Wrong password');
    await set('city', 'Karachi');
    expectRefusal(page, 400, '/create-account');
    await page.getByTestId('account-submit').click();
    await expect.poll(() => page.getByTestId('account-error').innerText()).toContain('The courier did not accept these credentials');
    await shot(page, 'create-account-refused');
  });

  it('edits an account, makes it the default and deactivates another', async () => {
    await page.goto('/dashboard/accounts');
    await page.getByTestId('account-edit-E2E MNP').first().click();
    await page.waitForURL('**/dashboard/edit-account/**');
    await set('name', 'E2E MNP Lahore');
    await set('api_password', String(DEMO_CREDENTIALS.MNP.api_password));
    await page.getByTestId('edit-default').click();
    await shot(page, 'edit-account');
    await page.getByTestId('edit-submit').click();
    await page.waitForURL('**/dashboard/accounts');
    await expect.poll(() => page.getByTestId('account-row-E2E MNP Lahore').first().innerText()).toContain('DEFAULT');
    expect(await page.getByTestId('account-row-Leopards Karachi').first().innerText()).not.toContain('DEFAULT');

    await page.getByTestId('account-edit-E2E POSTEX').first().click();
    await page.waitForURL('**/dashboard/edit-account/**');
    await page.getByTestId('edit-activity').selectOption('IN_ACTIVE');
    await page.getByTestId('edit-submit').click();
    await page.waitForURL('**/dashboard/accounts');
    await expect.poll(() => page.getByTestId('account-row-E2E POSTEX').first().innerText()).toContain('Inactive');

    // the default goes back to Leopards: the flows after this one book prepaid orders, which M&P refuses
    await page.getByTestId('account-edit-Leopards Karachi').first().click();
    await page.waitForURL('**/dashboard/edit-account/**');
    // Leopards pushes status changes: its page gives the callback address to hand the courier, with Copy
    await expect.poll(() => page.getByTestId('status-push-url').innerText()).toMatch(/\/api\/v1\/courier-push\/leopard\/[0-9a-f]{24}\.[0-9a-f]{24}\.[\w-]{43}$/);
    // the whole address is on screen, for a person to read out or check against what Leopards set, not cut at the field's end
    expect(await page.getByTestId('status-push-url').evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
    await page.getByTestId('status-push-copy').waitFor();
    expect(await page.getByTestId('status-push-last').innerText()).toMatch(/No push yet|Last push/);
    await shot(page, 'edit-account-status-push');
    await page.getByTestId('edit-default').click();
    await page.getByTestId('edit-submit').click();
    await page.waitForURL('**/dashboard/accounts');
    await expect.poll(() => page.getByTestId('account-row-Leopards Karachi').first().innerText()).toContain('DEFAULT');
  });
});
