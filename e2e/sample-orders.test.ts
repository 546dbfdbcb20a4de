import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, shot } from './support/browser';
import { signedIn, VIEWPORTS } from './support/failures';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const orders = (page: Page) => page.getByTestId('sample-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order')));
const count = (page: Page) => page.getByTestId('sample-count').innerText();

describe('the sample store orders (desktop)', () => {
  it('opens from Orders in the navigation, sorts, searches, filters and selects', async () => {
    const page = await signedIn(browser, inject('paidAdmin'), undefined, '**/dashboard');
    await page.getByTestId('nav-orders').first().click();
    await page.getByTestId('nav-orders-sample').first().click();
    await page.waitForURL('**/dashboard/shopify/orders');
    await expect.poll(() => page.title()).toBe('Store orders · Dakiya');
    expect(await page.getByTestId('sample-badge').innerText()).toBe('Sample data');
    expect(await page.getByTestId('nav-orders-sample').first().getAttribute('aria-current')).toBe('page');
    await page.getByTestId('sample-table').waitFor();
    expect(await page.getByTestId('sample-table').locator('th').allInnerTexts()).toEqual(['', 'Order', 'Date', 'Customer', 'Total', 'Payment status', 'Fulfillment status']);
    expect(await count(page)).toBe('16 orders');
    expect((await orders(page)).slice(0, 3)).toEqual(['#1020', '#1019', '#1018']);
    expect(await page.getByTestId('sample-row').first().innerText()).toContain('July 20, 2024 at 04:34 PM');
    await shot(page, 'sample-orders-desktop');

    // sort: each key both ways
    await page.getByTestId('sample-sort').selectOption('total-desc');
    await expect.poll(async () => (await orders(page)).slice(0, 2)).toEqual(['#1006', '#1020']);
    await page.getByTestId('sample-sort').selectOption('customer-asc');
    await expect.poll(async () => (await orders(page))[0]).toBe('#1017');
    await page.getByTestId('sample-sort').selectOption('date-asc');
    await expect.poll(async () => (await orders(page))[0]).toBe('#1005');
    expect(page.url()).toContain('sort=date-asc');

    // search
    await page.getByTestId('sample-search').fill('vip maryam');
    await expect.poll(() => orders(page)).toEqual(['#1011']);
    await page.getByTestId('sample-search').fill('nobody at all');
    await page.getByTestId('sample-empty').waitFor();
    await page.getByTestId('sample-reset').click();
    await expect.poll(() => count(page)).toBe('16 orders');

    // filters: account status, tagged with, money spent (the slider starts at $0 to $500, applied once moved)
    await page.getByTestId('sample-filters-toggle').click();
    expect(await page.getByTestId('sample-spent-value').innerText()).toBe('$0 – $500');
    await page.getByTestId('sample-status-enabled').click();
    await expect.poll(() => count(page)).toBe('7 of 16 orders');
    await page.getByTestId('sample-tag-VIP').click();
    await expect.poll(() => orders(page)).toEqual(['#1006', '#1015', '#1020']);
    const upper = page.locator('[role=slider][aria-label="Money spent, up to"]');
    await upper.focus();
    await page.keyboard.press('End');
    const lower = page.locator('[role=slider][aria-label="Money spent, from"]');
    await lower.focus();
    await page.keyboard.press('PageUp');
    // Page Up moves $100; the filter applies when the thumb is let go
    await expect.poll(() => page.getByTestId('sample-spent-value').innerText()).toBe('$100 – $2,000');
    await expect.poll(() => page.getByTestId('sample-chip-spent').innerText()).toBe('Money spent is between $100 and $2,000');
    await expect.poll(() => orders(page)).toEqual(['#1006', '#1015', '#1020']);
    // quick presses in a row: none is lost while the address catches up
    for (let i = 0; i < 14; i++) await page.keyboard.press('PageUp');
    await expect.poll(() => page.getByTestId('sample-spent-value').innerText()).toBe('$1,500 – $2,000');
    await expect.poll(() => orders(page)).toEqual(['#1006', '#1020']);
    expect(await page.getByTestId('sample-chips').innerText()).toContain('Account status: Enabled');
    await shot(page, 'sample-orders-filtered-desktop');
    // a shared link shows the same view
    const link = page.url();
    expect(link).toMatch(/status=enabled/);
    expect(link).toMatch(/tag=VIP/);
    expect(link).toMatch(/spent=1500-2000/);

    // selection: one row, then every row shown, then none
    await page.getByTestId('sample-chip-spent').getByRole('button').click();
    await expect.poll(() => count(page)).toBe('3 of 16 orders');
    await page.getByTestId('sample-select-1015').click();
    expect(await page.getByTestId('sample-selected-count').innerText()).toBe('1 selected');
    expect(await page.getByTestId('sample-select-all').getAttribute('data-state')).toBe('indeterminate');
    await page.getByTestId('sample-select-all').click();
    expect(await page.getByTestId('sample-selected-count').innerText()).toBe('3 selected');
    expect(await page.locator('[data-testid="sample-row"][data-selected]').count()).toBe(3);
    await page.getByTestId('sample-clear-filters').click();
    await expect.poll(() => count(page)).toBe('16 orders');
    expect(await page.getByTestId('sample-selected-count').innerText()).toBe('3 selected');
    await shot(page, 'sample-orders-selected-desktop');
    await page.getByTestId('sample-clear-selection').click();
    expect(await page.getByTestId('sample-selection').count()).toBe(0);
  });

  it('a link with a view in it opens that view', async () => {
    const page = await signedIn(browser, inject('paidAdmin'), undefined, '**/dashboard');
    await page.goto('/dashboard/shopify/orders?status=declined&sort=total-asc');
    await page.getByTestId('sample-filters').waitFor();
    await expect.poll(() => orders(page)).toEqual(['#1005', '#1016', '#1011']);
  });
});

describe('the sample store orders (phone)', () => {
  it('shows one card per order, with the same search, filters and selection', async () => {
    const page = await signedIn(browser, inject('paidAdmin'), VIEWPORTS[1][1], '**/dashboard');
    await page.goto('/dashboard/shopify/orders');
    await page.getByTestId('sample-cards').waitFor();
    expect(await page.getByTestId('sample-table').count()).toBe(0);
    await shot(page, 'sample-orders-phone');
    await page.getByTestId('sample-search').fill('wholesale');
    await expect.poll(() => orders(page)).toEqual(['#1020', '#1014', '#1009']);
    await page.getByTestId('sample-select-1014').click();
    expect(await page.getByTestId('sample-selected-count').innerText()).toBe('1 selected');
    await page.getByTestId('sample-filters-toggle').click();
    await page.getByTestId('sample-filters').waitFor();
    await shot(page, 'sample-orders-filters-phone');
  });
});
