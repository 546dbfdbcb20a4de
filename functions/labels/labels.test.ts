import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadSheetOutput, PrintBillsOutput, PrintStatus } from '@dakiya/shared';
import { call, seedAccount, seedShop, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookingRecord, writeBooking } from '../test-support/bookings';
import { grid, readCode128, renderPages } from '../test-support/pdf-pages';

/** Airway bills and load sheets on DynamoDB Local and fauxqs (its S3 keeps the PDFs, its SQS runs labels.print). */
const NOW = new Date('2026-11-27T10:00:00.000Z');
let deps: TestDeps;
let free: SeededShop;
const printed: string[] = [];
/** The TCS account with one parcel (Rs 3,000); a second TCS account holds the 51 of the large print. */
let oneParcelTcs = '';

async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

beforeAll(async () => {
  deps = await testDeps({ now: () => NOW });
  // the free plan prints too: a parcel leaves with its bill
  free = await seedShop(deps, { plan: 'FREE' });
  const couriers = ['LEOPARD', 'POSTEX', 'TCS', 'MNP'] as const;
  const numbers = ['KI654443680', '21002345678901', '779412345678', '15123456789'];
  for (const [i, company] of couriers.entries()) {
    const account = await seedAccount(deps, free.shop._id, { company });
    if (company === 'TCS') oneParcelTcs = account._id;
    await writeBooking(deps, free.shop, bookingRecord(free.shop, account, {
      trackingNumber: numbers[i]!, bookedAt: `2026-11-2${i + 1}T06:00:00.000Z`, cod: 1000 * (i + 1),
      ...(i % 2 === 0 ? { consignee: { name: 'محمد علی خان', phone: '03001234567', address: 'مکان نمبر 12، گلی 4، گلشن اقبال، کراچی' } } : {}),
    }));
    printed.push(numbers[i]!);
  }
  const tcs = await seedAccount(deps, free.shop._id, { company: 'TCS' });
  await writeBooking(deps, free.shop, bookingRecord(free.shop, tcs, { trackingNumber: '779400000009', bookedAt: '2026-11-26T06:00:00.000Z', status: 'CANCELLED' }));
  for (let i = 0; i < 51; i += 1) {
    await writeBooking(deps, free.shop, bookingRecord(free.shop, tcs, { trackingNumber: `7795${String(i).padStart(8, '0')}`, bookedAt: `2026-11-26T07:${String(i).padStart(2, '0')}:00.000Z`, cod: 500 }));
  }
}, 120_000);

describe('POST /print-airway-bills', () => {
  it('up to 50: the PDF at once, by a signed link; every barcode on it reads back in the order asked', async () => {
    const res = await call(deps, 'labels.print', { token: free.ownerToken, body: { trackingNumbers: printed } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const out = res.body as PrintBillsOutput & { state: 'done' };
    expect(out).toMatchObject({ state: 'done', file: { count: 4, fileName: expect.stringMatching(/^airway-bills-[0-9a-f]{24}\.pdf$/) } });
    const pages = renderPages(await download(out.file.url));
    expect(pages.flatMap((page) => grid(page, 2, 2).map((box) => readCode128(page, box)))).toEqual(printed);
  }, 60_000);

  it('a stale selection is refused whole, naming the parcels: cancelled (409) or not in Dakiya (404)', async () => {
    const cancelled = await call(deps, 'labels.print', { token: free.ownerToken, body: { trackingNumbers: [printed[0], '779400000009'] } });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body).toEqual({ errors: [{ code: 'LABELS_NOT_PRINTABLE', param: 'trackingNumbers', msg: '779400000009: cancelled since the list was read. Refresh the list and select again.' }] });
    const missing = await call(deps, 'labels.print', { token: free.ownerToken, body: { trackingNumbers: ['NOPE1', printed[1]] } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: [{ code: 'NOT_FOUND', param: 'trackingNumbers', msg: 'One selected parcel is not in Dakiya. Refresh the list and select again.' }] });
  });

  it('more than 50: a labels.print job, polled until its link; the paper is the one chosen in settings', async () => {
    const saved = await call(deps, 'settings.save', { token: free.ownerToken, body: { free_shipping_value: 0, label_paper: 'THERMAL_4X6' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const many = Array.from({ length: 51 }, (_, i) => `7795${String(i).padStart(8, '0')}`);
    const res = await call(deps, 'labels.print', { token: free.ownerToken, body: { trackingNumbers: many } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { printId } = res.body as { state: 'running'; printId: string };
    const running = await call(deps, 'labels.printStatus', { token: free.ownerToken, params: { printId } });
    expect(running.body).toEqual({ printId, state: 'running' });
    await deps.drainJobs();
    const done = await call(deps, 'labels.printStatus', { token: free.ownerToken, params: { printId } });
    const status = done.body as PrintStatus;
    expect(status).toMatchObject({ printId, state: 'done', file: { count: 51 } });
    expect(pageCount(await download(status.file!.url))).toBe(51);
    await call(deps, 'settings.save', { token: free.ownerToken, body: { free_shipping_value: 0, label_paper: 'A4' } });
  }, 120_000);
});

describe('POST /load-sheet', () => {
  it("Dakiya's sheet where the courier has none: the account's booked parcels since its last sheet, whose time it keeps", async () => {
    const account = (await deps.accounts.get(free.shop._id, oneParcelTcs))!;
    const first = await call(deps, 'labels.loadSheet', { token: free.ownerToken, body: { accountId: account._id } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const sheet = first.body as LoadSheetOutput;
    expect(sheet).toMatchObject({ source: 'dakiya', totalCod: 3000, sheetAt: NOW.toISOString(), file: { count: 1 } });
    expect(pageCount(await download(sheet.file.url))).toBe(1);
    expect((await deps.accounts.get(free.shop._id, account._id))?.lastLoadSheetAt).toBe(NOW.toISOString());
    const again = await call(deps, 'labels.loadSheet', { token: free.ownerToken, body: { accountId: account._id } });
    expect(again.body).toMatchObject({ errors: [{ code: 'NOTHING_TO_LOAD' }] });
    const chosen = await call(deps, 'labels.loadSheet', { token: free.ownerToken, body: { accountId: account._id, since: '2026-11-01T00:00:00.000Z' } });
    expect(chosen.body).toMatchObject({ source: 'dakiya', file: { count: 1 } });
  }, 60_000);
});
