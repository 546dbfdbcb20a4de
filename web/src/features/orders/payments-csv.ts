import {
  IMPORT_CHUNK_ROWS, IMPORT_COLUMNS, IMPORT_FILE_TYPES, IMPORT_MAX_FILE_BYTES, IMPORT_MESSAGES, IMPORT_RESULT_REASONS, NOT_MATCHED_RESULTS,
  type ImportResult, type ImportRow,
} from '@dakiya/shared';
import Papa from 'papaparse';

/**
 * 'Update payment status by CSV' in the browser (spec §5 CSV import): which file is taken, the rows
 * read from it, the chunks sent, and the report of the rows that did not match.
 */

type Picked = Pick<File, 'name' | 'type' | 'size'>;

/** Spec §5: a CSV type, or a name ending .csv (browsers give a CSV from Windows as application/vnd.ms-excel, or no type). */
export function isCsv(file: Pick<File, 'name' | 'type'>): boolean {
  return (IMPORT_FILE_TYPES as readonly string[]).includes(file.type) || file.name.toLowerCase().endsWith('.csv');
}

/** Spec §5 "only the first valid file is sent": that file, or the first file's refusal. */
export function pickFile<F extends Picked>(files: readonly F[]): { file: F } | { error: string } {
  const valid = files.find((f) => isCsv(f) && f.size <= IMPORT_MAX_FILE_BYTES);
  if (valid) return { file: valid };
  const first = files[0];
  if (!first || !isCsv(first)) return { error: IMPORT_MESSAGES.notCsv };
  return { error: IMPORT_MESSAGES.tooLarge };
}

/**
 * The file's rows, headers and values trimmed and empty lines skipped; refused as not valid without
 * both columns or without a row. A row missing a value is kept (the server reports it).
 */
export function parsePayments(text: string): { rows: ImportRow[] } | { error: string } {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
    transform: (value) => value.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!IMPORT_COLUMNS.every((column) => fields.includes(column))) return { error: IMPORT_MESSAGES.notValid };
  const rows = parsed.data.map((row) => ({ tracking_number: row.tracking_number ?? '', payment_status: row.payment_status ?? '' }));
  if (!rows.length) return { error: IMPORT_MESSAGES.notValid };
  return { rows };
}

/** The rows in the chunks the route takes, in the file's order. */
export function chunksOf<T>(rows: readonly T[], size = IMPORT_CHUNK_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Chunks in flight at once. Each request's time is mostly waiting on the table's writes, so a few at
 * once keep the import's writes going while one chunk reads its bookings or writes its counters; few,
 * so one import does not take the shop's whole write capacity.
 */
export const CHUNKS_AT_ONCE = 3;

/** Where a run of chunks stopped: `done` rows answered from the start, and the chunks answered past them (by their first row). */
export interface ChunksSent {
  done: number;
  answeredPast: number[];
  error?: unknown;
}

/**
 * Sends the rows from `from` in chunks, in the file's order, up to `atOnce` at a time; a chunk that
 * names a tracking number of an earlier chunk not yet answered waits for it, so a number named twice
 * still ends as its last row says. Chunks whose first row is in `skip` were answered by an earlier
 * run. After a refusal no further chunk starts; the ones out are waited for. `answer` runs for each
 * chunk answered, in the order the answers come. Never throws: a failure is in what it returns.
 */
export async function sendChunks<A>(
  rows: readonly ImportRow[], from: number, send: (chunk: ImportRow[]) => Promise<A>, answer: (first: number, chunk: ImportRow[], answered: A) => void,
  { atOnce = CHUNKS_AT_ONCE, skip = [] as readonly number[], size = IMPORT_CHUNK_ROWS } = {},
): Promise<ChunksSent> {
  const answered = new Set(skip);
  const out = new Map<number, { numbers: Set<string>; settled: Promise<void> }>();
  let failure: { error: unknown } | undefined;
  for (let first = from; first < rows.length && !failure; first += size) {
    if (answered.has(first)) continue;
    const chunk = rows.slice(first, first + size);
    const numbers = new Set(chunk.map((r) => r.tracking_number));
    const blocked = () => out.size >= atOnce || [...out.values()].some((o) => chunk.some((r) => o.numbers.has(r.tracking_number)));
    while (!failure && blocked()) await Promise.race([...out.values()].map((o) => o.settled));
    if (failure) break;
    // whatever goes wrong (a refusal, a lost connection, a throw) stops the run the same way: it never throws
    const settled = Promise.resolve()
      .then(() => send(chunk))
      .then((a) => { answered.add(first); answer(first, chunk, a); })
      .catch((error: unknown) => { failure ??= { error }; })
      .finally(() => out.delete(first));
    out.set(first, { numbers, settled });
  }
  await Promise.all([...out.values()].map((o) => o.settled));
  let done = from;
  while (done < rows.length && answered.has(done)) done += size;
  return { done: Math.min(done, rows.length), answeredPast: [...answered].filter((a) => a > done).sort((a, b) => a - b), ...(failure ? { error: failure.error } : {}) };
}

/** The rows of the chunks answered past where a run stopped (their first rows), of a file of `of` rows. */
export const rowsPast = (answeredPast: readonly number[], of: number, size = IMPORT_CHUNK_ROWS) =>
  answeredPast.reduce((n, first) => n + Math.min(size, of - first), 0);

/**
 * What a stopped import says it saved: the rows before `done`, and any chunks answered past it (sent
 * at once with the one that failed), so 'nothing was saved' is said only when nothing was.
 */
export function stoppedWords(done: number, of: number, past: number): string {
  const n = (value: number) => value.toLocaleString('en-US');
  if (past) return `The import stopped at row ${n(done + 1)} of ${n(of)}: the rows before it and ${n(past)} rows after it are saved. Continue to send the rest.`;
  if (done === 0) return 'The import stopped before its first row: nothing was saved. Continue to send the file.';
  return `The import stopped after ${n(done)} of ${n(of)} rows; those are saved. Continue to send the rest.`;
}

/** A row that did not match, with its place among the file's rows (1: the first under the header; empty lines not counted) and why. */
export interface UnmatchedRow extends ImportRow {
  row: number;
  result: ImportResult;
}

/** The downloadable report: the rows that did not match, as they were in the file (in its order: chunks answer in any order), with the reason. */
export function reportCsv(rows: readonly UnmatchedRow[]): string {
  return Papa.unparse({
    fields: ['row', ...IMPORT_COLUMNS, 'reason'],
    data: [...rows].sort((a, b) => a.row - b.row).map((r) => [r.row, r.tracking_number, r.payment_status, IMPORT_RESULT_REASONS[r.result]]),
  });
}

export const isNotMatched = (result: ImportResult) => NOT_MATCHED_RESULTS.includes(result);

/** What the import has done so far, summed over the chunks answered. */
export interface ImportTally {
  updated: number;
  unchanged: number;
  notMatched: number;
  unmatched: UnmatchedRow[];
}

export const emptyTally = (): ImportTally => ({ updated: 0, unchanged: 0, notMatched: 0, unmatched: [] });

/** Adds one chunk's answer; `first` is the chunk's first row's index in the file's rows. */
export function addChunk(tally: ImportTally, chunk: readonly ImportRow[], first: number, answer: { updated: number; unchanged: number; notMatched: number; results: { row: number; result: ImportResult }[] }): ImportTally {
  const unmatched = answer.results.filter((r) => isNotMatched(r.result)).map((r) => ({ ...chunk[r.row]!, row: first + r.row + 1, result: r.result }));
  return {
    updated: tally.updated + answer.updated,
    unchanged: tally.unchanged + answer.unchanged,
    notMatched: tally.notMatched + answer.notMatched,
    unmatched: tally.unmatched.concat(unmatched),
  };
}
