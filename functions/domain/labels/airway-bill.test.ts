import { describe, expect, it } from 'vitest';
import { airwayBillsPdf, type AirwayBill } from './airway-bill';
import { grid, readCode128, renderPages } from '../../test-support/pdf-pages';

const bill = (courier: string, trackingNumber: string, urdu: boolean, codAmount: number): AirwayBill => ({
  courier, trackingNumber, bookedAt: '2026-11-27T06:00:00.000Z',
  shipper: { name: 'Karachi Kapra House', city: 'Karachi', account: `${courier} main` },
  consignee: urdu
    ? { name: 'محمد علی خان', phone: '03001234567', address: 'مکان نمبر 12، گلی 4، گلشن اقبال بلاک 13 ڈی، کراچی', city: 'Karachi' }
    : { name: 'Ayesha Siddiqui', phone: '03211234567', address: 'House 45-B, Street 7, F-8/3', city: 'Islamabad' },
  codAmount, pieces: 1, weightGrams: 500, orderNames: ['#1001'], products: 'Lawn suit 3pc x 1', remarks: urdu ? 'نازک سامان، احتیاط سے' : '',
});

// one of each courier's number shapes (reference/couriers), Urdu and Latin consignees, COD and prepaid
const BILLS = [
  bill('Leopards', 'KI654443680', true, 2450),
  bill('PostEx', '21002345678901', false, 0),
  bill('TCS', '779412345678', true, 1200),
  bill('M&P', '15123456789', false, 3999),
  bill('Leopards', 'LE7720018842', true, 650),
];

describe('airway bills: every barcode reads back as its tracking number from the printed page', () => {
  it('A4, four to a page: pages rendered by pdftoppm, each card decoded in order', async () => {
    const pdf = await airwayBillsPdf(BILLS, 'A4');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = renderPages(pdf);
    expect(pages).toHaveLength(2);
    const read = pages.flatMap((page) => grid(page, 2, 2).map((box) => readCode128(page, box)));
    expect(read).toEqual([...BILLS.map((b) => b.trackingNumber), null, null, null]);
  }, 60_000);

  it('4x6 thermal, one to a label', async () => {
    const pdf = await airwayBillsPdf(BILLS.slice(0, 4), 'THERMAL_4X6');
    const pages = renderPages(pdf);
    expect(pages.map((page) => [page.width, page.height])).toEqual(Array(4).fill([440, 660]));
    expect(pages.map((page) => readCode128(page, grid(page, 1, 1)[0]))).toEqual(BILLS.slice(0, 4).map((b) => b.trackingNumber));
  }, 60_000);
});
