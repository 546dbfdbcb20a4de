import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { measurePage } from './page-weight';

const CHROMIUM = '/usr/bin/chromium';
const BUDGET_KB = 50;

/**
 * The public tracking page (issue 19) as a consignee's phone loads it under Fast 3G: bytes of
 * everything it loads (gzip) and the time until the status shows, for a parcel and an unknown number,
 * in English and Urdu.
 */
export async function benchTrackingPage(appUrl: string, trackingNumber: string): Promise<string[]> {
  const head = ['## Public tracking page under Fast 3G (1.6 Mbps down, 750 kbps up, 562 ms; phone size; budget ≤ 50 KB gzip)', ''];
  if (!fs.existsSync(CHROMIUM)) return [...head, `Not measured: ${CHROMIUM} is missing (\`apt-get install -y chromium\`).`, ''];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows: string[] = [];
  try {
    const cases = [
      ['a parcel (English)', `/track/${encodeURIComponent(trackingNumber)}`, '[data-testid="track-status"]'],
      ['a parcel (Urdu)', `/track/${encodeURIComponent(trackingNumber)}?lang=ur`, '[data-testid="track-status"]'],
      ['an unknown number', '/track/LE000000001', '[data-testid="track-not-found"]'],
    ] as const;
    for (const [name, path, selector] of cases) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const weight = await measurePage(await context.newPage(), `${appUrl}${path}`, selector);
      await context.close();
      const kb = weight.totalGzip / 1024;
      rows.push(`| ${name} | ${kb.toFixed(1)} KB${kb > BUDGET_KB ? ' (over budget)' : ''} | ${weight.files.length} | ${(weight.statusVisibleMs / 1000).toFixed(2)} s |`);
    }
  } finally {
    await browser.close();
  }
  return [...head, '| Page | HTML+CSS+JS gzip | Files | Status visible after |', '|---|---|---|---|', ...rows, '',
    'Before issue 19 the page was the SPA: 218 KB gzip in 41 files, the status after 5.9 s.', ''];
}
