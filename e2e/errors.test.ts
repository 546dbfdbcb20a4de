import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, expectConsoleError, expectRefusal, isOnTop, launch, newPage, PHONE, shot, signIn } from './support/browser';
import { api } from './support/inbox';

let browser: Browser;
let ownerToken: string;
beforeAll(async () => {
  browser = await launch();
  ownerToken = (await api().call('auth.login', { body: inject('owner') })).auth_token;
});
afterAll(async () => { await browser?.close(); });

/**
 * The owner, signed in with the file's one session: every browser of the suite is one address, and sign-in
 * is limited per address (100 in 15 minutes), so flows whose subject is not sign-in reuse a token.
 */
async function ownerPage(viewport = DESKTOP): Promise<Page> {
  const page = await newPage(browser, viewport);
  await page.addInitScript(`try { window.localStorage.setItem('auth_token', ${JSON.stringify(ownerToken)}); } catch {}`);
  await page.goto('/dashboard');
  // the shell itself, not only its address: its code may still be on the way
  await page.getByTestId('role-badge').waitFor();
  return page;
}

const toast = (page: Page) => page.getByTestId('toast').first();

/** The create-user form sent with an email already in use: its refusal toast is showing. */
async function refusedCreateUser(viewport: typeof DESKTOP, first: string): Promise<Page> {
  const page = await ownerPage(viewport);
  await page.goto('/dashboard/create-user');
  await page.getByTestId('user-first-name').fill(first);
  await page.getByTestId('user-last-name').fill('Check');
  await page.getByTestId('user-email').fill(inject('staff').email);
  await page.getByTestId('user-password').fill(`${first.toLowerCase()}-pass-2026`);
  await page.getByTestId('user-tag').fill(first.toLowerCase().slice(0, 10));
  await page.getByTestId('scope-READ_ORDERS').click();
  expectRefusal(page, 409, '/create-user');
  await page.getByTestId('create-user-submit').click();
  await toast(page).waitFor();
  return page;
}

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
    const page = await refusedCreateUser(viewport, 'Toast');
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
    const page = await refusedCreateUser(viewport, 'Header');
    await page.evaluate('window.scrollTo(0, 0)');
    for (const id of ['page-back', 'page-title']) expect(await isOnTop(page, id), id).toBe(true);
    // the same refusal again replaces the toast instead of piling up a second one
    await page.getByTestId('create-user-submit').click();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(1);
    await page.getByTestId('page-back').click();
    await page.getByTestId('users-refresh').waitFor();
    expect(await toast(page).isVisible()).toBe(true);
    for (const id of ['page-back', 'page-title', 'users-refresh', 'users-create']) expect(await isOnTop(page, id), id).toBe(true);
    // on a desktop the side menu's last items (Profile, Logout) stay free too: the toasts start right of it
    if (viewport === DESKTOP) for (const id of ['nav-profile', 'nav-logout']) expect(await isOnTop(page, id), id).toBe(true);
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

/** A server failure with a request id, as the API answers one. */
const serverFailure = (id: string) => ({
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ errors: [{ msg: 'Something went wrong. Please try again later', code: 'INTERNAL' }], request_id: id }),
});

describe.each([['desktop', DESKTOP], ['phone', PHONE]] as const)('a screen whose load fails can be tried again (%s)', (name, viewport) => {
  it('profile: a 500 on its load says why, gives the reference, and Try again opens the page', async () => {
    const page = await ownerPage(viewport);
    const read = /\/api\/v1\/get-user$/;
    await page.route(read, (route) => route.fulfill(serverFailure(`req-profile-${name}`)));
    expectRefusal(page, 500, '/get-user');
    await page.goto('/dashboard/profile');
    await expect.poll(() => page.getByTestId('profile-error-message').innerText(), { timeout: 10_000 }).toBe('Something went wrong. Please try again later');
    expect(await page.getByTestId('profile-error-reference').innerText()).toBe(`Reference: req-profile-${name}`);
    expect(await isOnTop(page, 'profile-error-retry')).toBe(true);
    await shot(page, `errors-profile-load-${name}`);
    await page.unroute(read);
    await page.getByTestId('profile-error-retry').click();
    await page.getByTestId('profile-title').waitFor();
    expect(await page.getByTestId('profile-error').count()).toBe(0);
  });
});

describe('every screen that loads data offers Try again when the load fails', () => {
  it('staff list, edit user, tracking accounts list and edit account', async () => {
    const token = ownerToken;
    const listed = (await api().call('users.list', { token, query: { page: 1, limit: 50 } as never })) as { childrenAccounts: { _id: string; email: string }[] };
    const staffId = listed.childrenAccounts.find((u) => u.email === inject('staff').email)!._id;
    const accountId = (await api().call('accounts.list', { token })).accounts[0]!._id;
    const screens = [
      { at: '/dashboard/users', read: /\/api\/v1\/get-users\?/, path: '/get-users', alert: 'users-error', loaded: 'users-table' },
      { at: `/dashboard/users/${staffId}`, read: /\/api\/v1\/get-user-to-edit\//, path: `/get-user-to-edit/${staffId}`, alert: 'user-load-error', loaded: 'edit-user-submit' },
      { at: '/dashboard/accounts', read: /\/api\/v1\/get-accounts-table/, path: '/get-accounts-table', alert: 'accounts-error', loaded: 'accounts-table' },
      { at: `/dashboard/edit-account/${accountId}`, read: /\/api\/v1\/get-edit-account\//, path: `/get-edit-account/${accountId}`, alert: 'account-load-error', loaded: 'edit-account-form' },
    ];
    const page = await ownerPage();
    for (const screen of screens) {
      await page.route(screen.read, (route) => route.fulfill(serverFailure(`req-${screen.alert}`)));
      expectRefusal(page, 500, screen.path);
      await page.goto(screen.at);
      await expect.poll(() => page.getByTestId(`${screen.alert}-message`).innerText(), { timeout: 10_000 }).toBe('Something went wrong. Please try again later');
      expect(await page.getByTestId(`${screen.alert}-reference`).innerText()).toBe(`Reference: req-${screen.alert}`);
      await page.unroute(screen.read);
      await page.getByTestId(`${screen.alert}-retry`).click();
      await page.getByTestId(screen.loaded).waitFor();
      await expect.poll(() => page.getByTestId(screen.alert).count(), { message: screen.at }).toBe(0);
    }
  });
});
