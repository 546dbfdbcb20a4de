import { LABEL_LINK_SECONDS, courierDefinition, type LoadSheetInput, type LoadSheetOutput } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { BookingRecord } from '../ports/bookings';
import type { ShopRecord } from '../records';
import { fileKey } from '../ports/files';
import { AppError } from '../../ground/errors';
import { newId } from '../../ground/ids';
import { loadAccount } from '../accounts/load-account';
import { openCredentials } from '../accounts/credentials';
import { isCourierUnavailable, type CourierAdapter } from '../ports/courier';
import { loadSheetPdf } from './load-sheet-pdf';

/** Parcels on one sheet at most: a day of a busy account, and what one request reads in time. */
const MAX_PARCELS = 1000;
const PAGE = 200;

/**
 * The account's FULFILLED parcels (booked, not yet picked up) booked since `from`, oldest first. Read from
 * the shop's FULFILLED index: parcels waiting for pickup are few, where an account's bookings are all it ever made.
 */
async function waitingParcels(shopId: string, accountId: string, from: string | undefined, deps: Deps): Promise<BookingRecord[]> {
  const parcels: BookingRecord[] = [];
  let below: string | undefined;
  for (;;) {
    const page = await deps.bookings.indexPage(shopId, { index: 'byStatus', value: 'FULFILLED' }, { from, below }, PAGE);
    const records = await deps.bookings.getMany(shopId, page.keys.map((k) => k.trackingNumber));
    parcels.push(...records.filter((b) => b.status === 'FULFILLED' && b.accountId === accountId));
    below = page.keys.at(-1)?.sort;
    if (!page.more || !below || parcels.length >= MAX_PARCELS) break;
  }
  return parcels.slice(0, MAX_PARCELS).sort((a, b) => (a.bookedAt < b.bookedAt ? -1 : 1));
}

/**
 * POST /load-sheet: the parcels the rider takes, since the account's last sheet (or a chosen time; the first
 * sheet lists every parcel still waiting). The courier's own sheet where its adapter has one; Dakiya's when it has none or refuses.
 * The sheet's time is kept on the account, so the next sheet starts there.
 */
export async function makeLoadSheet(shop: ShopRecord, input: LoadSheetInput, deps: Deps): Promise<LoadSheetOutput> {
  const account = await loadAccount(shop._id, input.accountId, deps);
  const since = input.since ? new Date(input.since).toISOString() : account.lastLoadSheetAt;
  const parcels = await waitingParcels(shop._id, account._id, since, deps);
  if (!parcels.length) throw new AppError('NOTHING_TO_LOAD');
  const now = deps.now();
  const sheetId = newId(now);
  const adapter = deps.courier(account.company, await openCredentials(account, deps));
  const own = adapter.capabilities.loadSheet ? await courierSheet(adapter, parcels.map((p) => p.trackingNumber)) : {};
  const note = own.note;
  const source: LoadSheetOutput['source'] = own.pdf ? 'courier' : 'dakiya';
  const pdf = own.pdf ?? await loadSheetPdf({
    shop: shop.name, courier: courierDefinition(account.company).name, account: account.name, at: now.toISOString(), since,
    parcels: parcels.map((p) => ({ trackingNumber: p.trackingNumber, orderNames: p.orderNames, consignee: p.consignee.name, city: p.destinationCity, pieces: p.pieces, codAmount: p.cod })),
    ...(note ? { note } : {}),
  });
  const fileName = `load-sheet-${sheetId}.pdf`;
  const key = fileKey(shop._id, 'labels', `${sheetId}/${fileName}`);
  await deps.files.put(key, pdf, 'application/pdf');
  await deps.accounts.update(shop._id, account._id, { lastLoadSheetAt: now.toISOString() });
  const url = await deps.files.signedUrl(key, LABEL_LINK_SECONDS, fileName);
  return {
    file: { url, expiresAt: new Date(now.getTime() + LABEL_LINK_SECONDS * 1000).toISOString(), fileName, count: parcels.length },
    totalCod: parcels.reduce((sum, p) => sum + p.cod, 0),
    source,
    ...(note ? { note } : {}),
    sheetAt: now.toISOString(),
  };
}

/**
 * The courier's own sheet, or why Dakiya's is made instead: a courier down, refusing or sending nothing
 * never keeps the rider waiting, as a label it cannot give never stops the airway bills.
 */
async function courierSheet(adapter: CourierAdapter, trackingNumbers: string[]): Promise<{ pdf?: Uint8Array; note?: string }> {
  const name = courierDefinition(adapter.courier).name;
  try {
    const answer = await adapter.loadSheet(trackingNumbers);
    if (answer.kind === 'pdf') return { pdf: answer.bytes };
    if (answer.kind === 'refused') return { note: `${name} refused its load sheet (${answer.messages.join('; ')}): Dakiya's load sheet` };
    return { note: `${name} gave no load sheet: Dakiya's load sheet` };
  } catch (error) {
    if (isCourierUnavailable(error)) return { note: `${name} ${error.reason === 'timeout' ? 'did not answer in time' : 'could not be reached'}: Dakiya's load sheet` };
    throw error;
  }
}
