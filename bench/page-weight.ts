import zlib from 'node:zlib';
import type { Page, Response } from 'playwright-core';

/** Chromium's Fast 3G preset as the issue names it: 1.6 Mbps down, 750 kbps up, 562 ms round trips. */
export const FAST_3G = { offline: false, latency: 562, downloadThroughput: (1.6 * 1_000_000) / 8, uploadThroughput: (750 * 1000) / 8 };

export interface PageWeight {
  /** Every response the page loaded, its body gzip-compressed (what CloudFront sends compressed). */
  files: { url: string; type: string; gzip: number }[];
  totalGzip: number;
  /** From the start of the navigation until the status text is visible. */
  statusVisibleMs: number;
}

/**
 * Opens `url` in `page` (a fresh, phone-sized one) under Fast 3G with the cache off and measures it:
 * the bytes of everything it loads (gzip) and the time until `statusSelector` is visible. A figure for
 * the bench and the flow's report; the flow asserts the size budget only, never the time.
 */
export async function measurePage(page: Page, url: string, statusSelector: string): Promise<PageWeight> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  const responses: Response[] = [];
  const record = (response: Response) => { responses.push(response); };
  page.on('response', record);
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(statusSelector).waitFor({ state: 'visible' });
    const statusVisibleMs = performance.now() - started;
    await page.waitForLoadState('load');
    const files = await Promise.all(responses.map(async (r) => ({
      url: r.url(), type: r.request().resourceType(), gzip: zlib.gzipSync(await r.body().catch(() => Buffer.alloc(0)), { level: 9 }).length,
    })));
    return { files, totalGzip: files.reduce((sum, f) => sum + f.gzip, 0), statusVisibleMs };
  } finally {
    page.off('response', record);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  }
}
