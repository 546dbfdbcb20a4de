import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, shot } from './support/browser';
import { freeOrderOnPage } from './support/booking';
import { signedIn, VIEWPORTS } from './support/failures';

/**
 * Issue 16, point 13: the bulk progress page loses its connection while the job runs. It says it is offline
 * and when it last heard from the server; no row claims to be waiting now; back online it catches up.
 */
let browser: Browser;
const taken = new Set<string>();
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe.each(VIEWPORTS)('bulk progress offline (%s)', (size, viewport) => {
  it('says it is offline and when it last updated, instead of a stale Waiting; catches up once back', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    await page.goto('/dashboard/store-orders');
    const ids = [];
    for (let i = 0; i < 8; i += 1) ids.push((await freeOrderOnPage(page, taken)).id);
    try {
      await page.goto(`/dashboard/bulk-book?${ids.map((id) => `ids[]=${id}`).join('&')}`);
      // TCS books one order at a time: eight take a while, and the connection goes meanwhile
      const tcs = await page.getByTestId('bulk-account').locator('option', { hasText: 'TCS Overnight · ' }).first().getAttribute('value');
      await page.getByTestId('bulk-account').selectOption(tcs!);
      await page.getByTestId('bulk-submit').click();
      await page.waitForURL('**/dashboard/bulk/*');
      await page.locator('[data-testid^="bulk-row-"][data-state="queued"]').first().waitFor();
      expect(await page.getByTestId('bulk-offline').count()).toBe(0);

      await page.context().setOffline(true);
      await expect.poll(() => page.getByTestId('bulk-offline-message').innerText())
        .toMatch(/^You are offline\. Last updated at \d\d:\d\d:\d\d [AP]M\. The booking goes on on the server; this page catches up when the connection is back\.$/);
      const waiting = page.locator('[data-testid^="bulk-row-"][data-state="queued"]');
      expect(await waiting.count()).toBeGreaterThan(0);
      expect(await waiting.first().innerText()).toContain('Waiting when last seen');
      expect(await page.getByText('Waiting', { exact: true }).count()).toBe(0);
      await shot(page, `bulk-offline-${size}`);

      await page.context().setOffline(false);
      await expect.poll(() => page.getByTestId('bulk-progress').getAttribute('data-percent'), { timeout: 60_000 }).toBe('100');
      expect(await page.getByTestId('bulk-offline').count()).toBe(0);
    } finally {
      await page.context().setOffline(false);
    }
  });
});
