import { EXPORT_KEEP_DAYS, EXPORT_LINK_SECONDS, OrdersQuery, ERRORS, queueJobDef, type DownloadCsvOutput, type ExportFilter, type ExportStatus } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { BookingRecord } from '../ports/bookings';
import type { ExportRecord } from '../ports/exports';
import type { ShopRecord, UserRecord } from '../records';
import { fileKey } from '../ports/files';
import { keyedJobId } from '../ports/jobs';
import { AppError } from '../../ground/errors';
import { newId } from '../../ground/ids';
import { toFilter } from './filter';
import { listOrders, resolveFilter, rowsOf } from './list';
import { walkedPage } from './scanned';
import { BOM, csvCells, csvLines } from './csv';

/** The exports the modal lists. */
const RECENT_EXPORTS = 5;
/** Rows a walk asks for at once; the list's read budget per call keeps each step small. */
const WALK_PAGE = 500;
/** The item's row count moves on every so many rows (one write each), so the modal's progress moves. */
const PROGRESS_EVERY = 2000;
const DAY_MS = 86_400_000;

/**
 * The bookings of a list query, page after page, as the list reads them: exact lookups by key, the
 * rest by walking the most selective index with the list's own cursor. Never inside a request: a
 * whole shop of 100,000 bookings is tens of thousands of read units.
 */
export async function* matchedBookings(shop: ShopRecord, query: OrdersQuery, deps: Deps): AsyncGenerator<BookingRecord[]> {
  const filter = toFilter(query, shop.iana_time_zone, deps.now());
  if (filter.empty) return;
  const resolved = await resolveFilter(shop, filter, deps);
  if ('found' in resolved) {
    if (resolved.found.length) yield resolved.found;
    return;
  }
  let cursor: string | undefined;
  do {
    const page = await walkedPage(shop, resolved.effective, WALK_PAGE, cursor, deps);
    if (page.records.length) yield page.records;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** `orders-matched-2026-11-27-1405.csv`, in the shop's time. */
function fileNameOf(filter: ExportFilter, now: Date, timeZone: string): string {
  const stamp = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(now).replace(' ', '-').replace(':', '');
  return `orders-${filter === 'STORE_ORDERS' ? 'all' : 'matched'}-${stamp}.csv`;
}

/** DynamoDB takes no undefined values: the query as stored. */
const storable = (query: OrdersQuery): OrdersQuery => JSON.parse(JSON.stringify(query)) as OrdersQuery;

/** Where an export stands: a running one whose job ended for good failed; a file past the bucket's lifecycle is gone. */
export async function exportStatus(record: ExportRecord, deps: Deps): Promise<ExportStatus> {
  let state: ExportStatus['state'] = record.state;
  if (state === 'running') {
    const job = await deps.jobRecords.get({ id: keyedJobId('orders.export', record.exportId), shopId: record.shopId });
    if (job && (job.status === 'failed' || job.status === 'dead')) state = 'failed';
  }
  if (state === 'done' && deps.now().getTime() - Date.parse(record.createdAt) >= EXPORT_KEEP_DAYS * DAY_MS) state = 'expired';
  return {
    exportId: record.exportId, filter: record.filter, state, rows: record.rows, bytes: record.bytes ?? null, fileName: record.fileName, createdAt: record.createdAt,
    ...(state === 'failed' ? { msg: record.error ?? ERRORS.EXPORT_FAILED.msg } : {}),
    ...(state === 'expired' ? { msg: ERRORS.EXPORT_EXPIRED.msg } : {}),
  };
}

/**
 * POST /export-orders: the list's query (or none, for every booking of the shop) saved with a new
 * export, and a job (orders.export) that writes its file. Nothing to export is refused before
 * anything is written, by the list's own first row.
 */
export async function startExport(shop: ShopRecord, user: UserRecord, filter: ExportFilter, query: OrdersQuery, deps: Deps): Promise<ExportStatus> {
  // the view also lists attempts, which are not bookings: a file of "matched" bookings would hold more than it showed
  if (filter === 'MATCHED_ORDERS' && query.attention) {
    throw new AppError('VALIDATION_FAILED', { msg: "'Needs attention' cannot be exported as matched orders: leave it, or export store orders", param: 'attention' });
  }
  const wanted = storable(filter === 'STORE_ORDERS'
    ? OrdersQuery.parse({})
    : { ...query, page: 1, cursor: undefined });
  // one export at a time per shop: a whole shop costs tens of thousands of read units, and a burst of
  // starts would each pay it (soft: two starts at the same instant can both pass). A running export older
  // than the job's own timeout stopped without saying so, and does not hold the next one back.
  const youngest = deps.now().getTime() - queueJobDef('orders.export').timeoutSeconds * 1000;
  const recent = await deps.exports.recent(shop._id, RECENT_EXPORTS);
  if (recent.some((e) => e.state === 'running' && Date.parse(e.createdAt) > youngest)) throw new AppError('EXPORT_RUNNING');
  const first = await listOrders(shop, { ...wanted, limit: 1 }, deps);
  if (first.data.length === 0) throw new AppError('NOTHING_TO_EXPORT');
  const now = deps.now();
  const exportId = newId(now);
  const record: ExportRecord = {
    shopId: shop._id, exportId, userId: user._id, filter, query: wanted, state: 'running', rows: 0,
    fileName: fileNameOf(filter, now, shop.iana_time_zone), createdAt: now.toISOString(), updatedAt: now.toISOString(),
  };
  await deps.exports.create(record, Math.floor(now.getTime() / 1000) + EXPORT_KEEP_DAYS * 86400);
  await deps.jobs.enqueue('orders.export', { exportId }, { shopId: shop._id, key: exportId });
  return exportStatus(record, deps);
}

export async function recentExports(shop: ShopRecord, deps: Deps): Promise<ExportStatus[]> {
  const records = await deps.exports.recent(shop._id, RECENT_EXPORTS);
  return Promise.all(records.map((r) => exportStatus(r, deps)));
}

/** The orders.export job: the file, written whole (a retry starts it again), then the export marked done. */
export async function writeExport(shopId: string, exportId: string, deps: Deps): Promise<void> {
  const record = await deps.exports.get(shopId, exportId);
  if (!record || record.state !== 'running') return;
  const shop = await deps.shops.get(shopId);
  if (!shop) throw new AppError('EXPORT_NOT_FOUND');
  const now = deps.now();
  const parts: string[] = [BOM, csvLines([], true)];
  let rows = 0;
  let reported = 0;
  for await (const records of matchedBookings(shop, record.query, deps)) {
    const list = await rowsOf(shop, records, deps);
    parts.push(csvLines(list.map((row) => csvCells(row, shop.iana_time_zone, deps.env.APP_URL, now)), false));
    rows += list.length;
    if (rows - reported >= PROGRESS_EVERY) {
      await deps.exports.progress(shopId, exportId, rows, deps.now());
      reported = rows;
    }
  }
  const body = Buffer.from(parts.join(''), 'utf8');
  // the file's own name ends the key: a browser names the download after it where no store sets Content-Disposition (fauxqs)
  const key = fileKey(shopId, 'exports', `${exportId}/${record.fileName}`);
  await deps.files.put(key, body, 'text/csv; charset=utf-8');
  await deps.exports.finish(shopId, exportId, { rows, bytes: body.byteLength, fileKey: key }, deps.now());
}

/** POST /download-csv: a finished export's file, by a link signed for 15 minutes; asked again, signed again. */
export async function downloadLink(shop: ShopRecord, exportId: string, deps: Deps): Promise<DownloadCsvOutput> {
  const record = await deps.exports.get(shop._id, exportId);
  if (!record) throw new AppError('EXPORT_NOT_FOUND');
  const status = await exportStatus(record, deps);
  if (status.state === 'running') throw new AppError('EXPORT_NOT_READY');
  if (status.state === 'failed') throw new AppError('EXPORT_FAILED', { msg: status.msg });
  if (status.state === 'expired' || !record.fileKey || !(await deps.files.exists(record.fileKey))) throw new AppError('EXPORT_EXPIRED');
  const url = await deps.files.signedUrl(record.fileKey, EXPORT_LINK_SECONDS, record.fileName);
  return { url, expiresAt: new Date(deps.now().getTime() + EXPORT_LINK_SECONDS * 1000).toISOString(), fileName: record.fileName };
}
