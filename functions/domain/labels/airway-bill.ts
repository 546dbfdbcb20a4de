import PDFDocument from 'pdfkit';
import { code128 } from './barcode';
import { fontBytes } from './fonts';
import { Writer } from './writer';

/** What one airway bill shows, the same for every courier. */
export interface AirwayBill {
  courier: string;
  trackingNumber: string;
  bookedAt: string;
  shipper: { name: string; city: string; account: string };
  consignee: { name: string; phone: string; address: string; city: string };
  /** Rupees to collect; 0 is prepaid. */
  codAmount: number;
  pieces: number;
  weightGrams: number;
  orderNames: string[];
  products: string;
  remarks: string;
}

export const PAPERS = ['A4', 'THERMAL_4X6'] as const;
export type Paper = (typeof PAPERS)[number];

const MM = 72 / 25.4;
/** A4 in points, cut into four 4x6-sized cards, so one layout serves both papers. */
const A4 = { width: 595.28, height: 841.89 };
const THERMAL = { width: 4 * 72, height: 6 * 72 };

const rupees = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 0 });
const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', day: 'numeric', month: 'short', year: 'numeric' });

export function codText(amount: number): string {
  return amount > 0 ? `COD Rs ${rupees.format(amount)}` : 'Prepaid';
}

function weightText(grams: number): string {
  return grams >= 1000 ? `${(grams / 1000).toFixed(grams % 1000 === 0 ? 0 : 2)} kg` : `${grams} g`;
}

type Doc = InstanceType<typeof PDFDocument>;

/** One bill in the box (x, y, w, h): a card about 4x6 inches. */
function drawBill(doc: Doc, text: Writer, bill: AirwayBill, x: number, y: number, w: number, h: number): void {
  const pad = 4 * MM;
  const left = x + pad;
  const inner = w - 2 * pad;
  doc.lineWidth(0.8).strokeColor('#000').rect(x + 2, y + 2, w - 4, h - 4).stroke();

  text.style(13, 'bold').line(bill.courier, left, y + pad, inner / 2);
  text.style(8).line(`Booked ${day.format(new Date(bill.bookedAt))}`, left + inner / 2, y + pad + 4, inner / 2);
  const headerBottom = y + pad + 22;
  doc.moveTo(x + 2, headerBottom).lineTo(x + w - 2, headerBottom).stroke();

  // the barcode: whole modules of at least 1 pt (a 203 dpi thermal printer draws one at nearly 3 dots)
  const bars = code128(bill.trackingNumber);
  const quiet = 10;
  const module = Math.max(1, Math.min(2, Math.floor(((inner - 2 * quiet) / bars.modules) * 4) / 4));
  const barsWidth = module * bars.modules;
  let at = x + (w - barsWidth) / 2;
  const barTop = headerBottom + 8;
  const barHeight = 46;
  bars.widths.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(at, barTop, width * module, barHeight).fill('#000');
    at += width * module;
  });
  text.style(12, 'bold').line(bill.trackingNumber, left, barTop + barHeight + 3, inner, 'center');

  let row = barTop + barHeight + 24;
  doc.rect(left, row, inner, 24).fill('#000');
  doc.fillColor('#fff');
  text.style(13, 'bold').line(codText(bill.codAmount), left + 6, row + 3, inner / 2 - 6);
  text.style(13, 'bold').line(bill.consignee.city, left + inner / 2, row + 3, inner / 2 - 6);
  doc.fillColor('#000');
  row += 30;

  text.style(7, 'bold').line('TO', left, row, inner);
  row += 10;
  row = text.style(10, 'bold').paragraph(bill.consignee.name, left, row, inner, 1);
  row = text.style(9).paragraph(bill.consignee.phone, left, row, inner, 1);
  row = text.style(9).paragraph(bill.consignee.address, left, row, inner, 3);
  row += 2;
  doc.moveTo(left, row).lineTo(left + inner, row).stroke();
  row += 4;

  text.style(7, 'bold').line('FROM', left, row, inner);
  row += 10;
  row = text.style(9, 'bold').paragraph(bill.shipper.name, left, row, inner, 1);
  row = text.style(8).paragraph(`${bill.shipper.city} · ${bill.shipper.account}`, left, row, inner, 1);
  row += 2;
  doc.moveTo(left, row).lineTo(left + inner, row).stroke();
  row += 4;

  const third = inner / 3;
  text.style(7, 'bold').line('PIECES', left, row, third).line('WEIGHT', left + third, row, third).line('ORDER', left + 2 * third, row, third);
  row += 10;
  text.style(9).line(String(bill.pieces), left, row, third).line(weightText(bill.weightGrams), left + third, row, third);
  text.style(9).paragraph(bill.orderNames.join(', '), left + 2 * third, row, third, 1);
  row += 16;

  text.style(7, 'bold').line('PRODUCTS', left, row, inner);
  row += 10;
  const bottom = y + h - pad;
  const lines = Math.max(1, Math.floor((bottom - row - (bill.remarks ? 24 : 0)) / (8 * 1.45)));
  row = text.style(8).paragraph(bill.products || '-', left, row, inner, Math.min(lines, 4));
  if (bill.remarks) {
    text.style(7, 'bold').line('REMARKS', left, row + 2, inner);
    text.style(8).paragraph(bill.remarks, left, row + 12, inner, Math.max(1, Math.floor((bottom - row - 12) / (8 * 1.45))));
  }
}

/**
 * The airway bills of many bookings in one PDF: four 4x6 cards to an A4 page, or one per 4x6 thermal
 * label. pdfkit (pinned) shapes Urdu with the Naskh font; the bidi pass is the Writer's.
 */
export function airwayBillsPdf(bills: AirwayBill[], paper: Paper): Promise<Buffer> {
  const size = paper === 'A4' ? A4 : THERMAL;
  const fonts = fontBytes();
  const doc = new PDFDocument({ size: [size.width, size.height], margin: 0, autoFirstPage: false, info: { Title: 'Airway bills', Creator: 'Dakiya' } });
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
  const text = new Writer(doc);
  const perPage = paper === 'A4' ? 4 : 1;
  bills.forEach((bill, i) => {
    const slot = i % perPage;
    if (slot === 0) doc.addPage({ size: [size.width, size.height], margin: 0 });
    if (paper === 'A4') {
      const w = size.width / 2;
      const h = size.height / 2;
      drawBill(doc, text, bill, (slot % 2) * w, Math.floor(slot / 2) * h, w, h);
    } else drawBill(doc, text, bill, 0, 0, size.width, size.height);
  });
  return finish(doc);
}

export function finish(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
