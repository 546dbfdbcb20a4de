import { z } from '../zod';

/**
 * 'Update payment status by CSV' (spec 001 §2 Import modal, §5 CSV import, §7 POST /import-orders,
 * §9): the file's limits and messages, read by the web's parser, and the chunk of rows one request
 * carries, read by the route's schema.
 */

/** Spec §9: at most 5 MB, one file (about 200,000 rows of `tracking_number,payment_status`). */
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * Rows per request: each is a conditional update, so a chunk of a thousand takes a few seconds at the
 * slowest and stays well inside API Gateway's 30 s; a 5 MB file is about 200 requests.
 */
export const IMPORT_CHUNK_ROWS = 1000;
/** Spec §5: the accepted types (or a name ending .csv). */
export const IMPORT_FILE_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain'] as const;
export const IMPORT_COLUMNS = ['tracking_number', 'payment_status'] as const;

/** Spec §5, word for word. */
export const IMPORT_MESSAGES = {
  notCsv: 'Only CSV files are accepted',
  tooLarge: 'File size exceeds 5MB limit',
  notValid: 'The uploaded file is not valid',
  unexpected: 'An unexpected error occurred while processing the file',
  unreadable: 'Failed to read file',
} as const;

/**
 * One CSV row as the browser read it (trimmed). Each row is checked on its own by the server, so a
 * bad status or an unknown number is a row's result, not a refused request.
 */
export const ImportRow = z.object({
  tracking_number: z.string({ error: 'tracking_number is required' }).max(100, 'tracking_number must be at most 100 characters'),
  payment_status: z.string({ error: 'payment_status is required' }).max(20, 'payment_status must be at most 20 characters'),
});
export type ImportRow = z.infer<typeof ImportRow>;

/** POST /import-orders: one chunk of the file's rows. */
export const ImportOrdersInput = z.object({
  ordersData: z.array(ImportRow, { error: 'ordersData must be a list of rows' })
    .min(1, 'The file has no rows to import')
    .max(IMPORT_CHUNK_ROWS, `Send at most ${IMPORT_CHUNK_ROWS} rows at once`),
});
export type ImportOrdersInput = z.infer<typeof ImportOrdersInput>;

/** What became of one row: changed, already so, or not matched (and why). */
export const IMPORT_RESULTS = ['UPDATED', 'UNCHANGED', 'NOT_FOUND', 'INVALID_STATUS', 'CHANGED_MEANWHILE'] as const;
export const ImportResult = z.enum(IMPORT_RESULTS);
export type ImportResult = z.infer<typeof ImportResult>;
/** The rows a person has to look at again (the report they download). */
export const NOT_MATCHED_RESULTS: readonly ImportResult[] = ['NOT_FOUND', 'INVALID_STATUS', 'CHANGED_MEANWHILE'];

/** Why a row did not match, in words a person reads in the report. */
export const IMPORT_RESULT_REASONS: Record<ImportResult, string> = {
  UPDATED: 'Updated',
  UNCHANGED: 'Already had this payment status',
  NOT_FOUND: 'No booking of this store has this tracking number',
  INVALID_STATUS: 'Payment status must be PAID or UNPAID',
  CHANGED_MEANWHILE: 'The booking changed while it was being updated: import this row again',
};

/** A row's result by its place in the chunk (0-based): the rows themselves are the caller's, not sent back. */
export const ImportRowResult = z.object({ row: z.number().int(), result: ImportResult });
export type ImportRowResult = z.infer<typeof ImportRowResult>;

/** One result per row sent, in the same order, and the counts. */
export const ImportOrdersOutput = z.object({
  msg: z.string(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  notMatched: z.number().int(),
  results: z.array(ImportRowResult),
});
export type ImportOrdersOutput = z.infer<typeof ImportOrdersOutput>;
