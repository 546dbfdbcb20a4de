import { z } from '../zod';
import { ObjectId } from './common';

/** Spec §2 Export modal: the bookings the list's filters match (the default), or every booking of the shop. */
export const EXPORT_FILTERS = ['MATCHED_ORDERS', 'STORE_ORDERS'] as const;
export const ExportFilter = z.enum(EXPORT_FILTERS, { error: 'Filter must be MATCHED_ORDERS or STORE_ORDERS' });
export type ExportFilter = z.infer<typeof ExportFilter>;

/** Spec §8: an export that would hold no booking. */
export const NOTHING_TO_EXPORT = 'Please select orders to export first!';

/** How long a signed download link works; the modal asks for a new one each time. */
export const EXPORT_LINK_SECONDS = 15 * 60;
/** The bucket's lifecycle deletes a file after this many days; the export's item goes with it. */
export const EXPORT_KEEP_DAYS = 7;

/** `POST /export-orders` body; the list's own query (its search and filters) rides in the query string. */
export const ExportOrdersInput = z.object({ filter: ExportFilter.default('MATCHED_ORDERS') });
export type ExportOrdersInput = z.infer<typeof ExportOrdersInput>;

export const ExportState = z.enum(['running', 'done', 'failed', 'expired']);
export type ExportState = z.infer<typeof ExportState>;

/** One export as the modal shows it: its progress, then its file. */
export const ExportStatus = z.object({
  exportId: ObjectId,
  filter: ExportFilter,
  state: ExportState,
  /** Rows written so far (all of them once done). */
  rows: z.number().int(),
  /** The file's size once done. */
  bytes: z.number().int().nullable(),
  fileName: z.string(),
  createdAt: z.string(),
  /** Why it failed, in words a person can act on. */
  msg: z.string().optional(),
});
export type ExportStatus = z.infer<typeof ExportStatus>;

export const ExportStarted = z.object({ msg: z.string(), export: ExportStatus });
export type ExportStarted = z.infer<typeof ExportStarted>;

/** The shop's exports of the last days, newest first: the modal's 'recent exports', also after the tab was closed. */
export const RecentExports = z.object({ data: z.array(ExportStatus) });
export type RecentExports = z.infer<typeof RecentExports>;

/** `POST /download-csv` (access-and-account §7): a finished export's link, signed anew on every ask. */
export const DownloadCsvInput = z.object({ exportId: ObjectId });
export type DownloadCsvInput = z.infer<typeof DownloadCsvInput>;

export const DownloadCsvOutput = z.object({ url: z.string().url(), expiresAt: z.string(), fileName: z.string() });
export type DownloadCsvOutput = z.infer<typeof DownloadCsvOutput>;

/** An export to run: the item written when it was asked for holds its filter and query. */
export const ExportOrdersMessage = z.object({ exportId: ObjectId });
export type ExportOrdersMessage = z.infer<typeof ExportOrdersMessage>;
