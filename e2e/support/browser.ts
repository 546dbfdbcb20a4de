import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium with the flags this closed network needs (STACK.md); Playwright gives it a fresh profile. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: inject('appUrl') });
  return context.newPage();
}

const SHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'screenshots');

/** Screenshots land in e2e/screenshots (git-ignored) for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
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
