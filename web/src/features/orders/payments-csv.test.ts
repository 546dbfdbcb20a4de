import { describe, expect, it } from 'vitest';
import { addChunk, chunksOf, emptyTally, isCsv, parsePayments, pickFile, reportCsv } from './payments-csv';

const file = (name: string, type: string, size = 100) => ({ name, type, size });
const MB = 1024 * 1024;

describe('which file is taken (spec §5)', () => {
  it('takes the CSV types and a name ending .csv, whatever its type', () => {
    expect(isCsv(file('a.csv', 'text/csv'))).toBe(true);
    expect(isCsv(file('payments', 'application/vnd.ms-excel'))).toBe(true);
    expect(isCsv(file('payments.txt', 'text/plain'))).toBe(true);
    expect(isCsv(file('PAYMENTS.CSV', ''))).toBe(true);
    expect(isCsv(file('payments.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe(false);
    expect(isCsv(file('photo.png', 'image/png'))).toBe(false);
  });

  it('refuses another type and a file over 5 MB with the spec words', () => {
    expect(pickFile([file('photo.png', 'image/png')])).toEqual({ error: 'Only CSV files are accepted' });
    expect(pickFile([file('big.csv', 'text/csv', 5 * MB + 1)])).toEqual({ error: 'File size exceeds 5MB limit' });
    expect(pickFile([file('edge.csv', 'text/csv', 5 * MB)])).toEqual({ file: file('edge.csv', 'text/csv', 5 * MB) });
    expect(pickFile([])).toEqual({ error: 'Only CSV files are accepted' });
  });

  it('sends only the first valid file of several', () => {
    const chosen = pickFile([file('photo.png', 'image/png'), file('big.csv', 'text/csv', 6 * MB), file('one.csv', 'text/csv'), file('two.csv', 'text/csv')]);
    expect(chosen).toEqual({ file: file('one.csv', 'text/csv') });
  });
});

describe('the rows read from the file', () => {
  it('trims headers and values, skips empty lines and a byte-order mark, and keeps a row missing a value', () => {
    const text = '\uFEFF Tracking_Number , payment_status \r\n KI1 ,  paid \r\n\r\n   ,  \r\nKI2,UNPAID\r\nKI3\r\n';
    expect(parsePayments(text)).toEqual({
      rows: [
        { tracking_number: 'KI1', payment_status: 'paid' },
        { tracking_number: 'KI2', payment_status: 'UNPAID' },
        { tracking_number: 'KI3', payment_status: '' },
      ],
    });
  });

  it('keeps the columns in any order and ignores others', () => {
    expect(parsePayments('payment_status,note,tracking_number\nPAID,x,KI9\n')).toEqual({ rows: [{ tracking_number: 'KI9', payment_status: 'PAID' }] });
  });

  it('refuses a file without both columns or without a row as not valid', () => {
    expect(parsePayments('tracking,status\nKI1,PAID\n')).toEqual({ error: 'The uploaded file is not valid' });
    expect(parsePayments('tracking_number,payment_status\n\n  \n')).toEqual({ error: 'The uploaded file is not valid' });
    expect(parsePayments('')).toEqual({ error: 'The uploaded file is not valid' });
    expect(parsePayments('\u0000\u0001PNG')).toEqual({ error: 'The uploaded file is not valid' });
  });
});

describe('chunks, counts and the report', () => {
  it('sends the rows in chunks of a thousand, in order', () => {
    const rows = Array.from({ length: 2501 }, (_, i) => i);
    expect(chunksOf(rows).map((c) => [c[0], c.length])).toEqual([[0, 1000], [1000, 1000], [2000, 501]]);
  });

  it('sums the chunks and keeps the rows that did not match with their place in the file', () => {
    const first = [{ tracking_number: 'KI1', payment_status: 'PAID' }, { tracking_number: 'KI0', payment_status: 'PAID' }];
    const second = [{ tracking_number: 'KI2', payment_status: 'maybe' }, { tracking_number: 'KI3', payment_status: 'PAID' }];
    let tally = addChunk(emptyTally(), first, 0, { updated: 1, unchanged: 0, notMatched: 1, results: [{ row: 0, result: 'UPDATED' }, { row: 1, result: 'NOT_FOUND' }] });
    tally = addChunk(tally, second, 2, { updated: 0, unchanged: 1, notMatched: 1, results: [{ row: 0, result: 'INVALID_STATUS' }, { row: 1, result: 'UNCHANGED' }] });
    expect(tally).toEqual({
      updated: 1, unchanged: 1, notMatched: 2,
      unmatched: [{ tracking_number: 'KI0', payment_status: 'PAID', row: 2, result: 'NOT_FOUND' }, { tracking_number: 'KI2', payment_status: 'maybe', row: 3, result: 'INVALID_STATUS' }],
    });
    expect(reportCsv(tally.unmatched)).toBe([
      'row,tracking_number,payment_status,reason',
      '2,KI0,PAID,No booking of this store has this tracking number',
      '3,KI2,maybe,Payment status must be PAID or UNPAID',
    ].join('\r\n'));
  });
});
