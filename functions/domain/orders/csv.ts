import Papa from 'papaparse';
import { COURIER_BY_ID, type OrderRow } from '@dakiya/shared';
import { trackingPageUrl } from '../tracking-link';
import { daysBetween } from './row';
import { shopDay } from '../booking/counters';

/** Spec §2's 15 columns of the list, in its words and order. */
export const CSV_COLUMNS = [
  'Order id', 'Track number', 'Courier', 'Booking date', 'Cash on delivery', 'Destination', 'Status', 'Payment status',
  'Delivered date', 'Booked by', 'Days', 'Track', 'Cancel', 'Booked days', 'Tags',
] as const;

/** Excel reads a file without a byte-order mark as the machine's code page, and Urdu names come out as noise. */
export const BOM = '\uFEFF';

const NA = 'N/A';

/** `2026-11-20 14:05` in the shop's time zone, as the list shows a booking's time. */
function shopTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(iso));
}

/** A row of the list as the file's cells: what each column shows on the screen, the Track button as its link. */
export function csvCells(row: OrderRow, timeZone: string, appUrl: string, now: Date): string[] {
  const open = row.booked_packet_status !== 'CANCELLED' && row.booked_packet_status !== 'DELIVERED';
  return [
    row.order_name,
    row.tracking_number ?? '',
    COURIER_BY_ID[row.tracking_account.company]?.name ?? row.tracking_account.company,
    row.booking_date ? shopTime(row.booking_date, timeZone) : NA,
    String(row.cod),
    row.destination_city,
    row.booked_packet_status ?? '',
    row.payment_status,
    row.delivered_date ? shopTime(row.delivered_date, timeZone) : '',
    row.booked_by.tag,
    row.delivery_days === null ? NA : String(row.delivery_days),
    row.tracking_number ? trackingPageUrl(appUrl, row.tracking_number) : '',
    row.cancellable ? 'Yes' : 'No',
    open && row.booking_date ? String(daysBetween(shopDay(new Date(row.booking_date), timeZone), shopDay(now, timeZone))) : '',
    row.tag,
  ];
}

/**
 * Lines of the file. A cell starting with =, +, - or @ (or a tab or carriage return) is a formula
 * to a spreadsheet: papaparse's escapeFormulae puts a quote mark before it, so it shows as text.
 */
export function csvLines(rows: string[][], withHeader: boolean): string {
  if (!rows.length && !withHeader) return '';
  const text = Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { header: withHeader, escapeFormulae: true, newline: '\r\n' });
  // a header alone already ends its line
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
