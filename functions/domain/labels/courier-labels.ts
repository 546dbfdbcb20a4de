import { courierDefinition } from '@dakiya/shared';
import { PDFDocument } from 'pdf-lib';
import type { Deps } from '../ports/deps';
import type { BookingRecord } from '../ports/bookings';
import { isCourierUnavailable, type CourierAdapter, type LabelResult } from '../ports/courier';
import type { AccountRecord } from '../records';
import { openCredentials } from '../accounts/credentials';

/** Label calls of one account at once: TCS takes one parcel a call, and the print answers within 30 s. */
const CALLS_AT_ONCE = 4;

/** The couriers' own labels of a print, and the parcels that get Dakiya's bill instead, each with why. */
export interface CourierLabels {
  /** One PDF per label call, in the order of the parcels asked. */
  files: Uint8Array[];
  /** Parcels with no label of their own here, and the note their Dakiya bill carries. */
  fallback: Map<string, string>;
}

interface Call { trackingNumbers: string[]; labelUrls?: string[] }

/** One account's label calls, at most the courier's batch each; parcels without a label of their own are left out. */
function callsOf(adapter: CourierAdapter, bookings: BookingRecord[], fallback: Map<string, string>): Call[] {
  const name = courierDefinition(adapter.courier).name;
  const { label, labelBatchSize } = adapter.capabilities;
  if (label === 'none' || labelBatchSize < 1) {
    for (const b of bookings) fallback.set(b.trackingNumber, `${name} has no label of its own: Dakiya's airway bill`);
    return [];
  }
  let parcels = bookings;
  if (label === 'url-at-booking') {
    parcels = bookings.filter((b) => b.labelUrl);
    for (const b of bookings) if (!b.labelUrl) fallback.set(b.trackingNumber, `Booked before Dakiya kept the ${name} slip: Dakiya's airway bill`);
  }
  const calls: Call[] = [];
  for (let i = 0; i < parcels.length; i += labelBatchSize) {
    const part = parcels.slice(i, i + labelBatchSize);
    calls.push({ trackingNumbers: part.map((b) => b.trackingNumber), ...(label === 'url-at-booking' ? { labelUrls: part.map((b) => b.labelUrl!) } : {}) });
  }
  return calls;
}

/** One label call: its PDF, or why its parcels get Dakiya's bill. A courier that is down or answers nonsense never fails the print. */
async function fetchLabel(adapter: CourierAdapter, call: Call): Promise<{ pdf: Uint8Array } | { note: string }> {
  const name = courierDefinition(adapter.courier).name;
  let answer: LabelResult;
  try {
    answer = await adapter.label(call.trackingNumbers, call.labelUrls);
  } catch (error) {
    if (isCourierUnavailable(error)) return { note: `${name} did not answer in time: Dakiya's airway bill` };
    throw error;
  }
  if (answer.kind === 'refused') return { note: `${name} refused its label (${answer.messages.join('; ')}): Dakiya's airway bill` };
  if (answer.kind !== 'pdf') return { note: `${name} gave no label file: Dakiya's airway bill` };
  try {
    // a file pdf-lib cannot read would spoil the whole print
    await PDFDocument.load(answer.bytes, { updateMetadata: false });
  } catch {
    return { note: `${name}'s label file could not be read: Dakiya's airway bill` };
  }
  return { pdf: answer.bytes };
}

/** Runs `work` over `items`, at most `limit` at once, results in input order. */
async function inTurns<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * The couriers' own labels of these bookings (PostEx ten a call, TCS one, Leopards its stored slip), each
 * account's calls a few at a time and the accounts side by side. What a courier cannot give (M&P, a Leopards
 * booking older than its kept slip, a courier down or refusing) is left to Dakiya's bill, with a note.
 */
export async function courierLabels(bookings: BookingRecord[], accounts: Map<string, AccountRecord>, deps: Deps): Promise<CourierLabels> {
  const fallback = new Map<string, string>();
  const byAccount = new Map<string, BookingRecord[]>();
  for (const b of bookings) byAccount.set(b.accountId, [...(byAccount.get(b.accountId) ?? []), b]);
  const perAccount = await Promise.all([...byAccount].map(async ([accountId, parcels]) => {
    const account = accounts.get(accountId);
    if (!account) {
      for (const b of parcels) fallback.set(b.trackingNumber, 'Its tracking account is gone: Dakiya\'s airway bill');
      return [];
    }
    const adapter = deps.courier(account.company, await openCredentials(account, deps));
    const calls = callsOf(adapter, parcels, fallback);
    const results = await inTurns(calls, CALLS_AT_ONCE, (call) => fetchLabel(adapter, call));
    return results.flatMap((result, i) => {
      if ('pdf' in result) return [{ first: bookings.indexOf(parcels.find((p) => p.trackingNumber === calls[i]!.trackingNumbers[0])!), pdf: result.pdf }];
      for (const tn of calls[i]!.trackingNumbers) fallback.set(tn, result.note);
      return [];
    });
  }));
  const files = perAccount.flat().sort((a, b) => a.first - b.first).map((f) => f.pdf);
  return { files, fallback };
}

/** One PDF of several: every page of each, in turn. */
export async function joinPdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return parts[0]!;
  const joined = await PDFDocument.create();
  for (const part of parts) {
    const doc = await PDFDocument.load(part, { updateMetadata: false });
    for (const page of await joined.copyPages(doc, doc.getPageIndices())) joined.addPage(page);
  }
  return joined.save();
}
