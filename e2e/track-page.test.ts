import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, shot } from './support/browser';
import { VIEWPORTS } from './support/failures';

/**
 * Issue 16, point 18: until the consignee issue builds the public tracking page, it claims nothing about a
 * parcel: whatever the number, it says that tracking details are not available yet.
 */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe.each(VIEWPORTS)('the public tracking page (%s)', (size, viewport) => {
  it('says tracking details are not available yet, never that a parcel is on its way', async () => {
    const page = await newPage(browser, viewport);
    for (const number of ['KI654443680', 'NO-SUCH-NUMBER']) {
      await page.goto(`/track/${number}`);
      await expect.poll(() => page.getByTestId('track-not-yet').innerText()).toContain('Tracking details are not available yet');
      expect(await page.getByTestId('track-not-yet').innerText()).toContain(`Tracking number ${number}.`);
      expect(await page.locator('body').innerText()).not.toMatch(/on its way/i);
    }
    await shot(page, `track-not-yet-${size}`);
  });
});
