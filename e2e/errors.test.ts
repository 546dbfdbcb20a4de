import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, expectConsoleError, expectRefusal, isOnTop, launch, newPage, PHONE, shot, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

async function ownerPage(viewport = DESKTOP): Promise<Page> {
  const owner = inject('owner');
  const page = await newPage(browser, viewport);
  await signIn(page, owner.email, owner.password);
  await page.waitForURL('**/dashboard');
  // the shell itself, not only its address: its code may still be on the way
  await page.getByTestId('role-badge').waitFor();
  return page;
}

const toast = (page: Page) => page.getByTestId('toast').first();

describe.each([['desktop', DESKTOP], ['phone', PHONE]] as const)('no white page (%s)', (name, viewport) => {
  it('a refused save shows the server message in a toast and the form stays usable', async () => {
    const page = await ownerPage(viewport);
    await page.goto('/dashboard/create-user');
    await page.getByTestId('user-first-name').fill('Sana');
    await page.getByTestId('user-last-name').fill('Packer');
    await page.getByTestId('user-email').fill(inject('staff').email);
    await page.getByTestId('user-password').fill('packer-pass-2026');
    await page.getByTestId('user-tag').fill('packer');
    await page.getByTestId('scope-READ_ORDERS').click();
    expectRefusal(page, 409, '/create-user');
    await page.getByTestId('create-user-submit').click();
    await expect.poll(() => toast(page).innerText()).toContain('This email is already in use');
    expect(await page.getByTestId('user-email-error').innerText()).toBe('This email is already in use');
    await shot(page, `errors-create-user-409-${name}`);
    // still the form, and it still works
    await page.getByTestId('user-email').fill(`sana-${name}-${Date.now()}@dakiya-demo.pk`);
    await page.getByTestId('create-user-submit').click();
    await page.waitForURL('**/dashboard/users');
  });

  it("signing in with no connection says 'Something went wrong' and that the connection failed; the form still signs in after", async () => {
    const owner = inject('owner');
    const page = await newPage(browser, viewport);
    await page.route('**/api/v1/login-user', (route) => route.abort('internetdisconnected'));
    expectConsoleError(page, /ERR_INTERNET_DISCONNECTED/);
    await signIn(page, owner.email, owner.password);
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe(
      'Something went wrong\nThe connection failed. Check your internet connection and try again.',
    );
    await shot(page, `errors-login-offline-${name}`);
    await page.unroute('**/api/v1/login-user');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
  });

  it("signing in when the form's code cannot download: offline it says the connection failed, never a silent button", async () => {
    const owner = inject('owner');
    const page = await newPage(browser, viewport);
    let asked = 0;
    // the schema's chunk (fetched early when the browser is idle) never arrives; the connection is gone by the submit
    await page.route(/\/assets\/src-[^/]+\.js$/, (route) => { asked += 1; return route.abort('internetdisconnected'); });
    expectConsoleError(page, /ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/);
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await page.context().setOffline(true);
    await page.getByTestId('login-email').fill(owner.email);
    await page.getByTestId('login-password').fill(owner.password);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe(
      'Something went wrong\nThe connection failed. Check your internet connection and try again.',
    );
    expect(asked).toBeGreaterThan(0);
    expect(await page.evaluate("sessionStorage.getItem('chunk_reload_at')")).toBeNull();
    await shot(page, `errors-login-chunk-offline-${name}`);
    await page.context().setOffline(false);
    await page.unroute(/\/assets\/src-[^/]+\.js$/);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
  });

  it("signing in after a deploy renamed the form's code reloads the page once; then sign-in works", async () => {
    const owner = inject('owner');
    const page = await newPage(browser, viewport);
    // until the page reloads, the old build's chunk name is gone from the server
    let loads = 0;
    let refused = 0;
    page.on('load', () => { loads += 1; });
    await page.route(/\/assets\/src-[^/]+\.js$/, async (route) => {
      if (loads < 2) {
        refused += 1;
        await route.fulfill({ status: 404, body: 'Not found' });
      } else await route.continue();
    });
    expectConsoleError(page, /status of 404/, /Failed to fetch dynamically imported module/);
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await page.getByTestId('login-email').fill(owner.email);
    await page.getByTestId('login-password').fill(owner.password);
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('login-submit').click();
    await reloaded;
    expect(await page.evaluate("sessionStorage.getItem('chunk_reload_at')")).toMatch(/^\d+$/);
    await page.getByTestId('login-email').fill(owner.email);
    await page.getByTestId('login-password').fill(owner.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    expect(refused).toBeGreaterThan(0);
  });

  it('a toast never covers the open user menu: its header and items are on top and clickable', async () => {
    const page = await ownerPage(viewport);
    await page.goto('/dashboard/create-user');
    await page.getByTestId('user-first-name').fill('Toast');
    await page.getByTestId('user-last-name').fill('Check');
    await page.getByTestId('user-email').fill(inject('staff').email);
    await page.getByTestId('user-password').fill('toast-pass-2026');
    await page.getByTestId('user-tag').fill('toast');
    await page.getByTestId('scope-READ_ORDERS').click();
    expectRefusal(page, 409, '/create-user');
    await page.getByTestId('create-user-submit').click();
    await toast(page).waitFor();
    await page.getByTestId('user-menu').click({ timeout: 3000 });
    await page.getByTestId('menu-profile').waitFor();
    for (const id of ['menu-full-name', 'menu-shop-name', 'menu-profile', 'menu-accounts', 'menu-logout']) {
      expect(await isOnTop(page, id, 'user-menu-content'), id).toBe(true);
    }
    // wherever the toasts sit, the menu's layer is above theirs (zag-js put toasts at 2^31-1)
    const layers = (await page.evaluate(`(() => {
      const z = (el) => Number(el ? getComputedStyle(el).zIndex : NaN);
      return {
        menu: z(document.querySelector('[data-testid="user-menu-content"]')?.parentElement),
        toasts: z(document.querySelector('[data-scope="toast"][data-part="group"]')),
      };
    })()`)) as { menu: number; toasts: number };
    expect(layers.menu).toBeGreaterThan(layers.toasts);
    await shot(page, `errors-toast-vs-menu-${name}`);
    expect(await toast(page).isVisible()).toBe(true);
    await page.getByTestId('menu-profile').click({ timeout: 3000 });
    await page.waitForURL('**/dashboard/profile');
  });

  it("toasts leave a page's header free: title, Back and the header's buttons stay on top", async () => {
    const page = await ownerPage(viewport);
    await page.goto('/dashboard/create-user');
    await page.getByTestId('user-first-name').fill('Header');
    await page.getByTestId('user-last-name').fill('Check');
    await page.getByTestId('user-email').fill(inject('staff').email);
    await page.getByTestId('user-password').fill('header-pass-2026');
    await page.getByTestId('user-tag').fill('header');
    await page.getByTestId('scope-READ_ORDERS').click();
    expectRefusal(page, 409, '/create-user');
    await page.getByTestId('create-user-submit').click();
    await toast(page).waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    for (const id of ['page-back', 'page-title']) expect(await isOnTop(page, id), id).toBe(true);
    // the same refusal again replaces the toast instead of piling up a second one
    await page.getByTestId('create-user-submit').click();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(1);
    await page.getByTestId('page-back').click();
    await page.getByTestId('users-refresh').waitFor();
    expect(await toast(page).isVisible()).toBe(true);
    for (const id of ['page-back', 'page-title', 'users-refresh', 'users-create']) expect(await isOnTop(page, id), id).toBe(true);
    await shot(page, `errors-toast-vs-header-${name}`);
  });
});

describe('a screen that fails shows a panel, never a white page', () => {
  it('a screen whose code is gone after a deploy reloads the page once and opens', async () => {
    const page = await ownerPage();
    let refused = 0;
    await page.route(/\/assets\/support-page-[^/]+\.js$/, async (route) => {
      if (refused++ === 0) await route.fulfill({ status: 404, body: 'Not found' });
      else await route.continue();
    });
    expectConsoleError(page, /status of 404/, /Failed to fetch dynamically imported module/);
    await page.getByTestId('support-link').click();
    await page.getByTestId('support-email').waitFor();
    expect(refused).toBe(2);
    expect(await page.evaluate("sessionStorage.getItem('chunk_reload_at')")).toMatch(/^\d+$/);
  });

  it('offline, a screen whose code cannot download says so with Reload and Back to dashboard; Reload opens it once back online', async () => {
    const page = await ownerPage();
    // the shell's own code must be in before the connection drops, or the root panel shows instead
    await page.getByTestId('support-link').waitFor();
    await page.context().setOffline(true);
    expectConsoleError(page, /Failed to fetch dynamically imported module|ERR_INTERNET_DISCONNECTED/);
    await page.getByTestId('support-link').click();
    await expect.poll(() => page.getByTestId('error-panel-title').innerText()).toBe('This screen could not load');
    expect(await page.getByTestId('error-panel').innerText()).toContain('Check your internet connection, then reload.');
    // the shell around it still works
    expect(await page.getByTestId('side-nav').isVisible()).toBe(true);
    await shot(page, 'errors-offline-chunk');
    await page.context().setOffline(false);
    await page.getByTestId('error-panel-reload').click();
    await page.getByTestId('support-email').waitFor();
  });

  it('a screen that breaks on an answer it cannot read shows the panel in the shell, with the reference of the server failure before it', async () => {
    const page = await ownerPage();
    await page.goto('/dashboard/users');
    await page.getByTestId('users-table').waitFor();
    const failure = { errors: [{ msg: 'Something went wrong. Please try again later', code: 'INTERNAL' }], request_id: 'req-e2e-42' };
    await page.route('**/api/v1/get-users?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(failure) }));
    expectRefusal(page, 500, '/get-users');
    await page.getByTestId('users-refresh').click();
    await expect.poll(() => page.getByTestId('users-error').innerText()).toContain('Something went wrong. Please try again later');
    await page.unroute('**/api/v1/get-users?**');

    // an answer the screen cannot read (a server bug): the screen throws while drawing
    await page.route('**/api/v1/get-user-to-edit/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    expectConsoleError(page, /Cannot read properties of undefined/);
    await page.getByTestId(`user-edit-${inject('staff').email}`).click();
    await expect.poll(() => page.getByTestId('error-panel-title').innerText()).toBe('This screen ran into a problem');
    expect(await page.getByTestId('error-panel').innerText()).toContain('Nothing you saved is lost. Reload to try again.');
    expect(await page.getByTestId('error-panel-request-id').innerText()).toContain('req-e2e-42');
    await shot(page, 'errors-crash-panel');
    // the navigation around the panel still works
    await page.getByTestId('nav-accounts').click();
    await page.getByTestId('accounts-table').waitFor();
  });
});
