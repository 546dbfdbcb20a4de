import { describe, expect, it, vi } from 'vitest';
import { addChunk, chunksOf, emptyTally, isCsv, parsePayments, pickFile, reportCsv, rowsPast, sendChunks, stoppedWords } from './payments-csv';

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

  it('reports the rows in the file\'s order when a later chunk answered first', () => {
    const later = addChunk(emptyTally(), [{ tracking_number: 'KI9', payment_status: 'PAID' }], 5, { updated: 0, unchanged: 0, notMatched: 1, results: [{ row: 0, result: 'NOT_FOUND' }] });
    const both = addChunk(later, [{ tracking_number: 'KI8', payment_status: 'PAID' }], 0, { updated: 0, unchanged: 0, notMatched: 1, results: [{ row: 0, result: 'NOT_FOUND' }] });
    expect(reportCsv(both.unmatched).split('\r\n').map((line) => line.split(',')[0])).toEqual(['row', '1', '6']);
  });
});

describe('sending the chunks', () => {
  const rowsOf = (numbers: string[]) => numbers.map((tracking_number) => ({ tracking_number, payment_status: 'PAID' }));
  /** A server whose answers the test releases one by one; `log` says what was sent and answered, in order. */
  function server(refuse: string[] = []) {
    const log: string[] = [];
    const waiting = new Map<string, () => void>();
    const send = (chunk: { tracking_number: string }[]) => {
      const name = chunk.map((r) => r.tracking_number).join('+');
      log.push(`sent ${name}`);
      return new Promise<string>((resolve, reject) => {
        waiting.set(name, () => (refuse.includes(name) ? reject(new Error(`refused ${name}`)) : resolve(name)));
      });
    };
    const release = async (name: string) => {
      await vi.waitFor(() => expect(waiting.has(name), `${name} is out`).toBe(true));
      waiting.get(name)!();
      waiting.delete(name);
    };
    return { log, send, release, out: () => [...waiting.keys()] };
  }

  it('keeps three chunks out at once, in the file\'s order, and answers each as it comes', async () => {
    const s = server();
    const answered: number[] = [];
    const run = sendChunks(rowsOf(['A', 'B', 'C', 'D', 'E']), 0, s.send, (first) => answered.push(first), { size: 1 });
    await vi.waitFor(() => expect(s.out()).toEqual(['A', 'B', 'C']));
    await s.release('B');
    await vi.waitFor(() => expect(s.out()).toEqual(['A', 'C', 'D']));
    for (const name of ['D', 'C', 'A', 'E']) await s.release(name);
    expect(await run).toEqual({ done: 5, answeredPast: [] });
    expect(answered).toEqual([1, 3, 2, 0, 4]);
    expect(s.log).toEqual(['sent A', 'sent B', 'sent C', 'sent D', 'sent E']);
  });

  it('holds back a chunk naming a tracking number of an earlier chunk not yet answered, so the last row wins', async () => {
    const s = server();
    const run = sendChunks(rowsOf(['A', 'B', 'C', 'A', 'D']), 0, s.send, () => undefined, { size: 2 });
    // A+B out; C+A names A: it waits for A+B even with room
    await vi.waitFor(() => expect(s.out()).toEqual(['A+B']));
    await s.release('A+B');
    await vi.waitFor(() => expect(s.out()).toEqual(['C+A', 'D']));
    await s.release('D');
    await s.release('C+A');
    expect(await run).toEqual({ done: 5, answeredPast: [] });
  });

  it('starts nothing after a refusal, waits for the chunks out, and a resumed run sends only the chunks not answered', async () => {
    const s = server(['B']);
    const run = sendChunks(rowsOf(['A', 'B', 'C', 'D']), 0, s.send, () => undefined, { size: 1 });
    await vi.waitFor(() => expect(s.out()).toEqual(['A', 'B', 'C']));
    await s.release('B');
    await s.release('A');
    await s.release('C');
    const stopped = await run;
    expect(stopped).toMatchObject({ done: 1, answeredPast: [2] });
    expect(String(stopped.error)).toBe('Error: refused B');
    expect(s.log).toEqual(['sent A', 'sent B', 'sent C']);

    const again = server();
    const resumed = sendChunks(rowsOf(['A', 'B', 'C', 'D']), stopped.done, again.send, () => undefined, { size: 1, skip: stopped.answeredPast });
    await vi.waitFor(() => expect(again.out()).toEqual(['B', 'D']));
    await again.release('D');
    await again.release('B');
    expect(await resumed).toEqual({ done: 4, answeredPast: [] });
    expect(again.log).toEqual(['sent B', 'sent D']);
  });
});

describe('what a stopped import says it saved', () => {
  it('counts the chunks answered past the stop, the last one short', () => {
    expect(rowsPast([], 2500)).toBe(0);
    expect(rowsPast([1000, 2000], 2500)).toBe(1500);
  });

  it('says nothing was saved only when nothing was, and names the rows saved past the stop', () => {
    expect(stoppedWords(0, 1001, 0)).toBe('The import stopped before its first row: nothing was saved. Continue to send the file.');
    expect(stoppedWords(1000, 1001, 0)).toBe('The import stopped after 1,000 of 1,001 rows; those are saved. Continue to send the rest.');
    expect(stoppedWords(0, 2500, rowsPast([1000, 2000], 2500))).toBe('The import stopped at row 1 of 2,500: the rows before it and 1,500 rows after it are saved. Continue to send the rest.');
  });
});
