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

/** A row that did not match, with its place among the file's rows (1: the first under the header; empty lines not counted) and why. */
export interface UnmatchedRow extends ImportRow {
  row: number;
  result: ImportResult;
}

/** The downloadable report: the rows that did not match, as they were in the file, with the reason. */
export function reportCsv(rows: readonly UnmatchedRow[]): string {
  return Papa.unparse({
    fields: ['row', ...IMPORT_COLUMNS, 'reason'],
    data: rows.map((r) => [r.row, r.tracking_number, r.payment_status, IMPORT_RESULT_REASONS[r.result]]),
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
