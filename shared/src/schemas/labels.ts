import { z } from '../zod';
import { ObjectId } from './common';

/** Airway bills (issue 23): four 4x6 cards to an A4 sheet, or one per 4x6 thermal label; chosen in settings. */
export const LABEL_PAPERS = ['A4', 'THERMAL_4X6'] as const;
export const LabelPaper = z.enum(LABEL_PAPERS, { error: 'Paper must be A4 or THERMAL_4X6' });
export type LabelPaper = z.infer<typeof LabelPaper>;

/** Bills built inside the request: a Lambda answers within 30 s (the PDF itself goes to the files bucket). */
export const LABELS_AT_ONCE = 50;
/** Bills of one print: more are built as a job (labels.print). */
export const MAX_LABELS = 500;
/** How long the link to a printed PDF works; asking again signs again. */
export const LABEL_LINK_SECONDS = 15 * 60;

const TrackingNumber = z.string().trim().min(1, 'Tracking number is required').max(60, 'Tracking number is too long');

/** Whose label a print makes: Dakiya's one bill for every courier, or each courier's own where it has one. */
export const LabelSource = z.enum(['dakiya', 'courier'], { error: 'Labels must be dakiya or courier' });
export type LabelSource = z.infer<typeof LabelSource>;

/**
 * `POST /print-airway-bills`: the bookings to print, in the order given, on Dakiya's bill, or on the couriers'
 * own labels (`labels: 'courier'`; a courier's labels come a call at a time, so at most LABELS_AT_ONCE, in the request).
 */
export const PrintBillsInput = z.object({
  trackingNumbers: z.array(TrackingNumber, { error: 'Tracking numbers are required' })
    .min(1, 'Select at least one parcel to print')
    .max(MAX_LABELS, `At most ${MAX_LABELS} airway bills are printed at once`)
    .refine((list) => new Set(list).size === list.length, 'A parcel is selected twice'),
  labels: LabelSource.optional(),
}).refine((input) => input.labels !== 'courier' || input.trackingNumbers.length <= LABELS_AT_ONCE, {
  message: `At most ${LABELS_AT_ONCE} couriers' labels are printed at once: select fewer, or print Dakiya's airway bills`,
  path: ['trackingNumbers'],
});
export type PrintBillsInput = z.infer<typeof PrintBillsInput>;

/** A printed PDF: a signed link the browser opens by navigation (the files bucket is another origin). */
export const PrintedFile = z.object({
  url: z.string().url(), expiresAt: z.string(), fileName: z.string(), count: z.number().int(),
  /** A print of couriers' labels: the parcels that got Dakiya's bill instead, and why (each bill carries its note too). */
  notes: z.array(z.object({ trackingNumber: z.string(), note: z.string() })).optional(),
});
export type PrintedFile = z.infer<typeof PrintedFile>;

export const PrintState = z.enum(['running', 'done', 'failed']);
export const PrintStatus = z.object({
  printId: ObjectId,
  state: PrintState,
  /** Once done. */
  file: PrintedFile.optional(),
  msg: z.string().optional(),
});
export type PrintStatus = z.infer<typeof PrintStatus>;

/** Up to LABELS_AT_ONCE: the file at once; more: a print running as a job, polled by its id. */
export const PrintBillsOutput = z.discriminatedUnion('state', [
  z.object({ state: z.literal('done'), file: PrintedFile }),
  z.object({ state: z.literal('running'), printId: ObjectId }),
]);
export type PrintBillsOutput = z.infer<typeof PrintBillsOutput>;

export const PrintParams = z.object({ printId: ObjectId });
export type PrintParams = z.infer<typeof PrintParams>;

/**
 * `POST /load-sheet`: the account's FULFILLED parcels since its last sheet (or since `since`); the courier's
 * own sheet where its adapter has one, else Dakiya's.
 */
export const LoadSheetInput = z.object({
  accountId: ObjectId,
  since: z.string({ error: 'Since must be a date and time' }).refine((value) => !Number.isNaN(Date.parse(value)), 'Since must be a date and time').optional(),
});
export type LoadSheetInput = z.infer<typeof LoadSheetInput>;

export const LoadSheetOutput = z.object({
  file: PrintedFile,
  totalCod: z.number(),
  /** Dakiya's sheet or the courier's own. */
  source: z.enum(['dakiya', 'courier']),
  /** Dakiya's sheet where the courier has its own: why (the courier down, or refusing), as its PDF says under the heading. */
  note: z.string().optional(),
  /** This sheet's time: the next one starts from it. */
  sheetAt: z.string(),
});
export type LoadSheetOutput = z.infer<typeof LoadSheetOutput>;

/** A print too large for one request (labels.print). */
export const PrintLabelsMessage = z.object({
  printId: ObjectId,
  trackingNumbers: z.array(z.string()).max(MAX_LABELS),
});
export type PrintLabelsMessage = z.infer<typeof PrintLabelsMessage>;
