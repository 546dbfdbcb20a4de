import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { ExportStatus } from '@dakiya/shared';
import { call, seedAccount, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookingRecord, writeBooking } from '../test-support/bookings';
import { createS3Client } from '../adapters/s3/file-store';
import type { FileStore } from '../domain/ports/files';

/**
 * CSV export on DynamoDB Local and fauxqs (its SQS runs the job, its S3 keeps the file). The files
 * below are written out by hand from the bookings, in the shop's time (Asia/Karachi, UTC+5).
 */
const NOW = new Date('2026-11-27T10:00:00.000Z');
const APP = 'http://127.0.0.1:5999';
const HEADER = 'Order id,Track number,Courier,Booking date,Cash on delivery,Destination,Status,Payment status,Delivered date,Booked by,Days,Track,Cancel,Booked days,Tags';
const ROW_3 = `"'@SUM(1)",KI3,Leopards,2026-11-27 01:00,1500,"'-Lahore",CANCELLED,UNPAID,,owner,N/A,${APP}/track/KI3,No,,`;
const ROW_2 = `"'=HYPERLINK(""http://x"")",KI2,Leopards,2026-11-25 17:00,0,Lahore,INPROCESS,UNPAID,,owner,N/A,${APP}/track/KI2,Yes,2,MERGED`;
const ROW_1 = `"'+1001",KI1,Leopards,2026-11-20 10:00,2500,کراچی,DELIVERED,PAID,2026-11-23 12:30,packer,3,${APP}/track/KI1,No,,`;
const file = (...rows: string[]) => `\uFEFF${[HEADER, ...rows].map((line) => `${line}\r\n`).join('')}`;

let clock = NOW;
let deps: TestDeps;
let paid: SeededShop;

async function seedBookings(d: TestDeps, seeded: SeededShop) {
  const { shop } = seeded;
  const staff = (await seedUser(d, shop._id, { scopes: ['READ_ORDERS'] })).user;
  await d.members.update(shop._id, staff._id, { tag: 'packer' });
  const leopard = await seedAccount(d, shop._id, { company: 'LEOPARD' });
  await writeBooking(d, shop, bookingRecord(shop, leopard, {
    trackingNumber: 'KI1', bookedAt: '2026-11-20T05:00:00.000Z', orderNames: ['+1001'], status: 'DELIVERED', deliveredAt: '2026-11-23T07:30:00.000Z', deliveryDays: 3,
    cod: 2500, destinationCity: 'کراچی', paymentStatus: 'PAID', bookedBy: staff._id,
  }));
  await writeBooking(d, shop, bookingRecord(shop, leopard, {
    trackingNumber: 'KI2', bookedAt: '2026-11-25T12:00:00.000Z', orderNames: ['=HYPERLINK("http://x")'], status: 'INPROCESS', cod: 0, tag: 'MERGED',
  }));
  await writeBooking(d, shop, bookingRecord(shop, leopard, {
    trackingNumber: 'KI3', bookedAt: '2026-11-26T20:00:00.000Z', orderNames: ['@SUM(1)'], status: 'CANCELLED', cod: 1500, destinationCity: '-Lahore',
  }));
}

beforeAll(async () => {
  deps = await testDeps({ now: () => clock });
  paid = await seedShop(deps, { plan: 'MONTHLY' });
  await seedBookings(deps, paid);
}, 60_000);

async function exportNow(d: TestDeps, token: string, filter: string, query: Record<string, string> = {}): Promise<ExportStatus> {
  const res = await call(d, 'orders.export', { token, query, body: { filter } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const started = res.body as { msg: string; export: ExportStatus };
  expect(started.export).toMatchObject({ filter, state: 'running', rows: 0 });
  await d.drainJobs();
  return started.export;
}

async function recent(d: TestDeps, token: string): Promise<ExportStatus[]> {
  const res = await call(d, 'orders.exports', { token });
  expect(res.status).toBe(200);
  return (res.body as { data: ExportStatus[] }).data;
}

async function download(d: TestDeps, token: string, exportId: string) {
  return call(d, 'orders.downloadCsv', { token, body: { exportId } });
}

/** What a browser gets by following the signed link. */
async function fileAt(url: string): Promise<{ bytes: Uint8Array; text: string; disposition: string | null }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), disposition: res.headers.get('content-disposition') };
}

describe('CSV export of a paid shop', () => {
  it('STORE_ORDERS: every booking, newest first, in the list\'s 15 columns; formulae escaped; UTF-8 with a BOM', async () => {
    const started = await exportNow(deps, paid.ownerToken, 'STORE_ORDERS', { status: 'DELIVERED' });
    const [done] = await recent(deps, paid.ownerToken);
    expect(done).toMatchObject({ exportId: started.exportId, state: 'done', rows: 3, fileName: 'orders-all-2026-11-27-1500.csv' });
    const res = await download(deps, paid.ownerToken, started.exportId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const link = res.body as { url: string; expiresAt: string; fileName: string };
    expect(link.expiresAt).toBe('2026-11-27T10:15:00.000Z');
    expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('900');
    expect(new URL(link.url).pathname).toBe(`/${deps.env.FILES_BUCKET}/shop/${paid.shop._id}/exports/${started.exportId}/orders-all-2026-11-27-1500.csv`);
    const got = await fileAt(link.url);
    expect([...got.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(got.text).toBe(file(ROW_3, ROW_2, ROW_1));
    expect(done!.bytes).toBe(got.bytes.byteLength);
  });

  it('MATCHED_ORDERS: what the list\'s filters match, and a link signed again on every ask', async () => {
    const started = await exportNow(deps, paid.ownerToken, 'MATCHED_ORDERS', { status: 'INPROCESS,DELIVERED' });
    const first = (await download(deps, paid.ownerToken, started.exportId)).body as { url: string; expiresAt: string };
    expect((await fileAt(first.url)).text).toBe(file(ROW_2, ROW_1));
    // twenty minutes on the first link has lapsed; asked again, the link is new and good for 15 minutes from now
    clock = new Date(NOW.getTime() + 20 * 60_000);
    const again = (await download(deps, paid.ownerToken, started.exportId)).body as { url: string; expiresAt: string };
    clock = NOW;
    expect([first.expiresAt, again.expiresAt]).toEqual(['2026-11-27T10:15:00.000Z', '2026-11-27T10:35:00.000Z']);
    expect(new URL(again.url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // a search names a booking by its tracking number, as in the list
    const named = await exportNow(deps, paid.ownerToken, 'MATCHED_ORDERS', { query: 'KI3' });
    expect((await fileAt(((await download(deps, paid.ownerToken, named.exportId)).body as { url: string }).url)).text).toBe(file(ROW_3));
  });

  it('refuses a filter that matches nothing, and writes nothing', async () => {
    const before = await recent(deps, paid.ownerToken);
    const res = await call(deps, 'orders.export', { token: paid.ownerToken, query: { status: 'RTS' }, body: { filter: 'MATCHED_ORDERS' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ msg: 'Please select orders to export first!', code: 'NOTHING_TO_EXPORT' }] });
    // 'Needs attention' as matched orders: it would have exported every booking while the list showed a few
    const attention = await call(deps, 'orders.export', { token: paid.ownerToken, query: { attention: 'true' }, body: { filter: 'MATCHED_ORDERS' } });
    expect(attention).toMatchObject({ status: 400, body: { errors: [{ msg: "'Needs attention' cannot be exported as matched orders: leave it, or export store orders", code: 'VALIDATION_FAILED', param: 'attention' }] } });
    expect(await recent(deps, paid.ownerToken)).toEqual(before);
  });

  it('refuses a second export while the first is being written, and starts it once that one is done', async () => {
    const first = await call(deps, 'orders.export', { token: paid.ownerToken, query: {}, body: { filter: 'STORE_ORDERS' } });
    expect(first.status).toBe(200);
    const second = await call(deps, 'orders.export', { token: paid.ownerToken, query: {}, body: { filter: 'STORE_ORDERS' } });
    expect(second).toMatchObject({ status: 409, body: { errors: [{ msg: 'An export is being written. Start the next one when it is done.', code: 'EXPORT_RUNNING' }] } });
    await deps.drainJobs();
    expect((await call(deps, 'orders.export', { token: paid.ownerToken, query: {}, body: { filter: 'STORE_ORDERS' } })).status).toBe(200);
    await deps.drainJobs();
  });

  it('refuses a member without EXPORT_ORDERS, and the free plan with the upgrade message', async () => {
    const reader = await seedUser(deps, paid.shop._id, { scopes: ['READ_ORDERS'] });
    const refused = await call(deps, 'orders.export', { token: reader.token, body: { filter: 'STORE_ORDERS' } });
    expect(refused.status).toBe(403);
    expect((refused.body as { errors: { code: string }[] }).errors[0]!.code).toBe('MISSING_SCOPE');
    const free = await seedShop(deps, { plan: 'FREE' });
    for (const id of ['orders.export', 'orders.exports', 'orders.downloadCsv'] as const) {
      const res = await call(deps, id, { token: free.ownerToken, body: id === 'orders.export' ? { filter: 'STORE_ORDERS' } : id === 'orders.downloadCsv' ? { exportId: 'a'.repeat(24) } : undefined });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ errors: [{ msg: 'This feature is available on the Monthly and Yearly plans', code: 'PLAN_FEATURE' }] });
    }
  });

  it('a file the bucket no longer holds: the link is refused with "Export again"', async () => {
    const started = await exportNow(deps, paid.ownerToken, 'STORE_ORDERS');
    const s3 = createS3Client('us-east-1', deps.env.SQS_ENDPOINT);
    await s3.send(new DeleteObjectCommand({ Bucket: deps.env.FILES_BUCKET, Key: `shop/${paid.shop._id}/exports/${started.exportId}/${started.fileName}` }));
    const res = await download(deps, paid.ownerToken, started.exportId);
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ errors: [{ msg: 'Exported files are kept for 7 days and this one is gone. Export again.', code: 'EXPORT_EXPIRED' }] });
  });
});

describe('an export whose file cannot be written', () => {
  let broken: TestDeps;
  afterAll(() => broken?.poller.stop());

  it('fails after its retries: the modal reads why and is offered to export again; the link is refused', async () => {
    const down: FileStore = {
      put: () => Promise.reject(new Error('the bucket did not answer')),
      exists: () => Promise.resolve(false),
      signedUrl: () => Promise.reject(new Error('not reached')),
    };
    broken = await testDeps({ now: () => NOW, files: down });
    const shop = await seedShop(broken, { plan: 'MONTHLY' });
    await seedBookings(broken, shop);
    const started = await exportNow(broken, shop.ownerToken, 'STORE_ORDERS');
    const [failed] = await recent(broken, shop.ownerToken);
    expect(failed).toMatchObject({ exportId: started.exportId, state: 'failed', msg: 'This export did not finish. Export again.' });
    const res = await download(broken, shop.ownerToken, started.exportId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errors: [{ msg: 'This export did not finish. Export again.', code: 'EXPORT_FAILED' }] });
  });
});
