import PDFDocument from 'pdfkit';
import { codText, finish } from './airway-bill';
import { fontBytes } from './fonts';
import { Writer } from './writer';

export interface LoadSheet {
  shop: string;
  courier: string;
  account: string;
  /** When the sheet was made, and the start of what it lists. */
  at: string;
  /** Absent on an account's first sheet: every parcel still waiting. */
  since?: string;
  parcels: { trackingNumber: string; orderNames: string[]; consignee: string; city: string; pieces: number; codAmount: number }[];
  /** Why this is Dakiya's sheet where the courier has its own (down, or refused): printed under the heading. */
  note?: string;
}

const when = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const rupees = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 0 });

const COLUMNS = [
  { title: '#', width: 26 }, { title: 'Tracking number', width: 110 }, { title: 'Order', width: 70 },
  { title: 'Consignee', width: 150 }, { title: 'City', width: 80 }, { title: 'Pcs', width: 30 }, { title: 'COD', width: 69.28 },
];

/** Dakiya's load sheet on A4: the parcels handed to the rider, their count and COD, and lines to sign. */
export function loadSheetPdf(sheet: LoadSheet): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Load sheet', Creator: 'Dakiya' } });
  for (const [name, bytes] of Object.entries(fontBytes())) doc.registerFont(name, bytes);
  const text = new Writer(doc);
  const left = 30;
  const bottom = 842 - 40;
  let y = 0;
  const header = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    y = 30;
    text.style(16, 'bold').line(`Load sheet · ${sheet.courier}`, left, y, 535);
    y += 24;
    text.style(9).line(`${sheet.shop} · account ${sheet.account} · ${when.format(new Date(sheet.at))} · ${sheet.since ? `parcels booked since ${when.format(new Date(sheet.since))}` : 'every parcel waiting for pickup'}`, left, y, 535);
    y += 20;
    if (sheet.note) {
      text.style(9, 'bold').line(sheet.note, left, y, 535);
      y += 16;
    }
    let x = left;
    for (const column of COLUMNS) {
      text.style(8, 'bold').line(column.title, x + 2, y, column.width - 4);
      x += column.width;
    }
    y += 14;
    doc.moveTo(left, y).lineTo(left + 535, y).lineWidth(0.8).stroke();
    y += 4;
  };
  header();
  sheet.parcels.forEach((parcel, i) => {
    if (y + 16 > bottom) header();
    const cells = [String(i + 1), parcel.trackingNumber, parcel.orderNames.join(', '), parcel.consignee, parcel.city, String(parcel.pieces), parcel.codAmount > 0 ? rupees.format(parcel.codAmount) : 'Prepaid'];
    let x = left;
    cells.forEach((cell, c) => {
      text.style(8.5).paragraph(cell, x + 2, y, COLUMNS[c]!.width - 4, 1);
      x += COLUMNS[c]!.width;
    });
    y += 15;
  });
  if (y + 110 > bottom) header();
  doc.moveTo(left, y).lineTo(left + 535, y).stroke();
  y += 10;
  const total = sheet.parcels.reduce((sum, p) => sum + p.codAmount, 0);
  text.style(11, 'bold').line(`${sheet.parcels.length} parcels · ${sheet.parcels.reduce((s, p) => s + p.pieces, 0)} pieces · ${total > 0 ? codText(total).replace('COD ', 'COD total ') : 'all prepaid'}`, left, y, 535);
  y += 50;
  for (const [i, label] of ['Handed over by (shipper)', "Received by (rider's name and signature)"].entries()) {
    const x = left + i * 280;
    doc.moveTo(x, y).lineTo(x + 240, y).stroke();
    text.style(8).line(label, x, y + 4, 240);
    text.style(8).line('Date and time:', x, y + 30, 240);
  }
  return finish(doc);
}
