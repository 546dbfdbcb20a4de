import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectConsoleError, launch, shot } from './support/browser';
import { signedIn, VIEWPORTS } from './support/failures';

/**
 * A very long search never strands a person: the search fields stop at what the server takes, so the
 * page's address can always be loaded again, and an address too long to load (a link made elsewhere)
 * gets a page that says so with a way back, not the API's JSON.
 */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const HUGE = 'ali khan '.repeat(1000);
const LONGEST = 100;

describe.each(VIEWPORTS)('a long search (%s)', (size, viewport) => {
  it('stops at the server’s length, keeps the page reloadable, and an over-long address gets a page with a way back', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    await page.goto('/dashboard/store-orders');
    const search = page.getByTestId('store-orders-search');
    await search.fill(HUGE);
    expect(await search.inputValue()).toBe(HUGE.slice(0, LONGEST));
    await page.waitForURL((url) => url.searchParams.has('search'));
    expect(new URL(page.url()).searchParams.get('search')).toBe(HUGE.slice(0, LONGEST).trim());
    await page.getByTestId('store-orders-empty').or(page.locator('[data-testid^="store-order-#"]').first()).waitFor();
    await shot(page, `long-search-store-orders-${size}`);
    await page.reload();
    await expect.poll(() => page.getByTestId('store-orders-search').inputValue()).toBe(HUGE.slice(0, LONGEST).trim());

    await page.goto('/dashboard/shopify/orders');
    await page.getByTestId('sample-search').fill(HUGE);
    await page.waitForURL((url) => url.searchParams.has('q'));
    expect(new URL(page.url()).searchParams.get('q')).toHaveLength(LONGEST);
    await page.reload();
    await expect.poll(() => page.getByTestId('sample-search').inputValue()).toBe(HUGE.slice(0, LONGEST));

    // a link too long for any page: the gateway, in CloudFront's part, answers before the app
    expectConsoleError(page, /status of 414/);
    const answer = await page.goto(`/dashboard/store-orders?search=${encodeURIComponent(HUGE)}`);
    expect(answer?.status()).toBe(414);
    await page.getByRole('heading', { name: 'This address is too long' }).waitFor();
    await shot(page, `long-address-${size}`);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('role-badge').waitFor();
  });
});
