import { LABEL_LINK_SECONDS, LABELS_AT_ONCE, PrintLabelsMessage, type PrintBillsInput, type PrintBillsOutput, type PrintStatus, type PrintedFile } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { fileKey } from '../ports/files';
import { keyedJobId } from '../ports/jobs';
import { AppError } from '../../ground/errors';
import { newId } from '../../ground/ids';
import { airwayBillsPdf } from './airway-bill';
import { accountsOf, billOf, printableBookings } from './bills';
import { courierLabels, joinPdfs } from './courier-labels';

const fileNameOf = (printId: string) => `airway-bills-${printId}.pdf`;
const keyOf = (shopId: string, printId: string) => fileKey(shopId, 'labels', `${printId}/${fileNameOf(printId)}`);

/** The PDF of these bookings' bills on the shop's chosen paper, put in the files bucket under the print's id. */
async function writeBills(shop: ShopRecord, printId: string, trackingNumbers: string[], deps: Deps): Promise<void> {
  const bookings = await printableBookings(shop._id, trackingNumbers, deps);
  const [accounts, settings] = await Promise.all([accountsOf(shop._id, bookings, deps), deps.settings.get(shop._id)]);
  const pdf = await airwayBillsPdf(bookings.map((b) => billOf(shop, b, accounts.get(b.accountId))), settings.label_paper);
  await deps.files.put(keyOf(shop._id, printId), pdf, 'application/pdf');
}

/**
 * The couriers' own labels of these bookings, joined into one PDF after them Dakiya's bills of the parcels no
 * courier label came for, each bill saying why in its remarks. Answers those parcels and their notes.
 */
async function writeCourierLabels(shop: ShopRecord, printId: string, trackingNumbers: string[], deps: Deps): Promise<Note[]> {
  const bookings = await printableBookings(shop._id, trackingNumbers, deps);
  const [accounts, settings] = await Promise.all([accountsOf(shop._id, bookings, deps), deps.settings.get(shop._id)]);
  const { files, fallback } = await courierLabels(bookings, accounts, deps);
  const left = bookings.filter((b) => fallback.has(b.trackingNumber));
  const bills = left.map((b) => {
    const note = fallback.get(b.trackingNumber)!;
    const bill = billOf(shop, b, accounts.get(b.accountId));
    return { ...bill, remarks: bill.remarks ? `${note}. ${bill.remarks}` : note };
  });
  const parts = bills.length ? [...files, await airwayBillsPdf(bills, settings.label_paper)] : files;
  await deps.files.put(keyOf(shop._id, printId), await joinPdfs(parts), 'application/pdf');
  return left.map((b) => ({ trackingNumber: b.trackingNumber, note: fallback.get(b.trackingNumber)! }));
}

type Note = NonNullable<PrintedFile['notes']>[number];

async function link(shopId: string, printId: string, count: number, deps: Deps, notes?: Note[]): Promise<PrintedFile> {
  const url = await deps.files.signedUrl(keyOf(shopId, printId), LABEL_LINK_SECONDS, fileNameOf(printId));
  return { url, expiresAt: new Date(deps.now().getTime() + LABEL_LINK_SECONDS * 1000).toISOString(), fileName: fileNameOf(printId), count, ...(notes ? { notes } : {}) };
}

/**
 * POST /print-airway-bills. Up to LABELS_AT_ONCE bills are made here and answered as a signed link; more
 * (a Lambda answers within 30 s and 6 MB) are checked here, so a stale selection is refused at once, and
 * built by the labels.print job, which the page polls.
 */
export async function printBills(shop: ShopRecord, input: PrintBillsInput, deps: Deps): Promise<PrintBillsOutput> {
  const printId = newId(deps.now());
  if (input.labels === 'courier') {
    // the schema keeps these to LABELS_AT_ONCE: a courier's labels come a call at a time
    const notes = await writeCourierLabels(shop, printId, input.trackingNumbers, deps);
    return { state: 'done', file: await link(shop._id, printId, input.trackingNumbers.length, deps, notes) };
  }
  if (input.trackingNumbers.length <= LABELS_AT_ONCE) {
    await writeBills(shop, printId, input.trackingNumbers, deps);
    return { state: 'done', file: await link(shop._id, printId, input.trackingNumbers.length, deps) };
  }
  await printableBookings(shop._id, input.trackingNumbers, deps);
  await deps.jobs.enqueue('labels.print', { printId, trackingNumbers: input.trackingNumbers }, { shopId: shop._id, key: printId });
  return { state: 'running', printId };
}

/** GET /prints/{printId}: where a large print stands; once done, its link, signed anew on every ask. */
export async function printStatus(shop: ShopRecord, printId: string, deps: Deps): Promise<PrintStatus> {
  const job = await deps.jobRecords.get({ id: keyedJobId('labels.print', printId), shopId: shop._id });
  if (!job || job.job !== 'labels.print') throw new AppError('PRINT_NOT_FOUND');
  if (job.status === 'failed' || job.status === 'dead') return { printId, state: 'failed', msg: job.lastError && job.status === 'failed' ? job.lastError : new AppError('PRINT_FAILED').message };
  if (job.status !== 'done') return { printId, state: 'running' };
  if (!(await deps.files.exists(keyOf(shop._id, printId)))) throw new AppError('PRINT_NOT_FOUND');
  const message = PrintLabelsMessage.parse(job.message);
  return { printId, state: 'done', file: await link(shop._id, printId, message.trackingNumbers.length, deps) };
}

/** The labels.print job: the whole file again on every try. */
export async function runPrint(shopId: string, message: PrintLabelsMessage, deps: Deps): Promise<void> {
  const shop = await deps.shops.get(shopId);
  if (!shop) throw new AppError('PRINT_NOT_FOUND');
  await writeBills(shop, message.printId, message.trackingNumbers, deps);
}
