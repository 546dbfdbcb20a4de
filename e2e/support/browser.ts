import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { expectAccessible } from './axe';

/**
 * Debian's Chromium with the flags this closed network needs (STACK.md); Playwright gives it a fresh
 * profile. `env` reaches the browser process (a flow may point fontconfig at the fonts a phone has).
 */
export async function launch(opts: { env?: Record<string, string> } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    ...(opts.env ? { env: { ...process.env, ...opts.env } as Record<string, string> } : {}),
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** What went wrong in a page since the last check, and which console errors the running test expects. */
interface Watch {
  problems: string[];
  expected: RegExp[];
}
const watched = new Map<Page, Watch>();

/**
 * Every page of the end-to-end flows is watched: an uncaught exception (`pageerror`) always fails the
 * test that was running, and so does a console error the test did not announce with `expectConsoleError`.
 * (A refused call logs "Failed to load resource: ... status of 409" in Chromium: a failure flow expects it.)
 */
export function watch(page: Page): Page {
  const state: Watch = { problems: [], expected: [] };
  watched.set(page, state);
  page.on('pageerror', (error) => state.problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    const text = `console error: ${message.text()}${where ? ` (${where})` : ''}`;
    if (!state.expected.some((pattern) => pattern.test(text))) state.problems.push(text);
  });
  page.on('close', () => watched.delete(page));
  return page;
}

/** This test means to cause console errors matching `patterns` in `page` (a refused save, a dropped connection). */
export function expectConsoleError(page: Page, ...patterns: RegExp[]): void {
  const state = watched.get(page);
  if (!state) throw new Error('expectConsoleError: the page was not opened with newPage()');
  state.expected.push(...patterns);
}

/** The console line Chromium writes when the API answers `status` to `path` (e.g. 409, '/create-user'). */
export function expectRefusal(page: Page, status: number, path: string): void {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expectConsoleError(page, new RegExp(`status of ${status} .*/api/v1${escaped}(\\?|\\)|$)`));
}

/** What every watched page reported since the last call; forgets it, and the expectations, for the next test. */
export function takeProblems(): string[] {
  const all: string[] = [];
  for (const state of watched.values()) {
    all.push(...state.problems);
    state.problems = [];
    state.expected = [];
  }
  return all;
}

/** Pages opened by the running test (not by a beforeAll): closed when it ends, so nothing they do later is blamed on the next test. */
let testPages: Set<Page> | null = null;

export function beginTest(): void {
  testPages = new Set();
}

/** Closes the test's pages; a failed test first leaves a screenshot of each for the person reading the failure. */
export async function endTest(failed?: string): Promise<void> {
  const pages = [...(testPages ?? [])];
  testPages = null;
  if (failed) {
    const base = `failed-${failed.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`;
    await Promise.all(pages.map((page, i) => capture(page, `${base}-${i}`).catch(() => {})));
  }
  await Promise.all(pages.map((page) => page.context().close().catch(() => {})));
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: inject('appUrl'), ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}) });
  const page = watch(await context.newPage());
  testPages?.add(page);
  return page;
}

const SHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'screenshots');

/** What the page's `getAnimations()` gives, as far as a shot needs it (the e2e project has no DOM types). */
interface RunningAnimation {
  effect: { getTiming(): { iterations?: number } } | null;
  finished: Promise<unknown>;
}

/** A screenshot in e2e/screenshots (git-ignored) for a person to look at. */
async function capture(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * Every screen a flow stops to look at: its screenshot, then axe's check that it has no serious or critical
 * violation, so a screen added later is checked by the same step. Pages of the simulators (Shopify's consent
 * and charge pages, the mail inbox) stand in for other companies' screens and are not Dakiya's to fix.
 */
export async function shot(page: Page, name: string): Promise<void> {
  // a dialog or toast still fading in reads as low contrast to axe (and looks half-drawn): wait for the page's
  // running animations, not the infinite ones (a spinner's)
  await page.locator('body').evaluate((el) => Promise.all(el.ownerDocument.getAnimations()
    .filter((a: RunningAnimation) => a.effect?.getTiming().iterations !== Infinity)
    .map((a: RunningAnimation) => a.finished.catch(() => undefined))));
  await capture(page, name);
  if (new URL(page.url()).origin === new URL(inject('appUrl')).origin) await expectAccessible(page, name);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** What the page keeps in localStorage (the session keys of spec 000 §9). */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate(`window.localStorage.getItem(${JSON.stringify(key)})`);
}

/**
 * Whether a person sees (and can click) the element `testId` at its centre: what the browser hits there
 * belongs to it, or to `within` (the menu around an item). An element under a toast or an overlay is not.
 */
export function isOnTop(page: Page, testId: string, within = testId): Promise<boolean> {
  // a string: the e2e project has no DOM types
  return page.evaluate(`(() => {
    const target = document.querySelector('[data-testid="${testId}"]');
    if (!target) throw new Error('isOnTop: no [data-testid="${testId}"]');
    const box = target.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !!hit && !!hit.closest('[data-testid="${within}"]');
  })()`) as Promise<boolean>;
}
