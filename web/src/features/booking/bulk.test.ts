import { describe, expect, it } from 'vitest';
import { bulkFreshness, doneLine, leftOutLine, leftOutReason, ordersToBook, outcomeCounts, prepaidNote, progressOf, progressTone, rowAction, rowLabel, selectionLine } from './bulk';

describe('bulk progress', () => {
  it('counts every order with an outcome, whatever it is', () => {
    expect(progressOf({ total: 20, booked: 12, failed: 2, check: 1 })).toEqual({ done: 15, percent: 75 });
    expect(progressOf({ total: 0, booked: 0, failed: 0, check: 0 })).toEqual({ done: 0, percent: 100 });
  });
});

describe('bulk progress while offline', () => {
  const at = new Date('2026-11-26T09:05:07.000Z');
  it('says it is offline and when it last updated, while the job runs', () => {
    expect(bulkFreshness({ running: true, online: false, lastAskFailed: false, lastUpdated: at, timeZone: 'Asia/Karachi' })).toEqual({
      stale: true,
      message: 'You are offline. Last updated at 02:05:07 PM. The booking goes on on the server; this page catches up when the connection is back.',
    });
    expect(bulkFreshness({ running: true, online: true, lastAskFailed: true, lastUpdated: at, timeZone: 'Asia/Karachi' }).message).toMatch(/^The connection to Dakiya failed\. Last updated at 02:05:07 PM\./);
  });

  it('says nothing while the page hears from the server, or once every order has its outcome', () => {
    expect(bulkFreshness({ running: true, online: true, lastAskFailed: false, lastUpdated: at })).toEqual({ stale: false });
    expect(bulkFreshness({ running: false, online: false, lastAskFailed: true, lastUpdated: at })).toEqual({ stale: false });
  });

  it('a waiting row is not said to wait now when the page cannot know', () => {
    expect(rowLabel('queued', true).label).toBe('Waiting when last seen');
    expect(rowLabel('queued', false).label).toBe('Waiting');
    expect(rowLabel('booked', true).label).toBe('Booked');
  });
});

describe('what a row not booked offers', () => {
  it('Plans, the booking made before, or booking it alone; nothing where Shopify would refuse it again', () => {
    expect(rowAction({ state: 'failed', reason: 'plan_limit' })).toBe('plans');
    expect(rowAction({ state: 'failed', reason: 'booked', tracking_number: 'KI1' })).toBe('booking');
    expect(rowAction({ state: 'failed', reason: 'no_address' })).toBe('book-alone');
    expect(rowAction({ state: 'failed' })).toBe('book-alone');
    for (const reason of ['cancelled', 'not_found', 'not_fulfillable'] as const) expect(rowAction({ state: 'failed', reason })).toBeNull();
    expect(rowAction({ state: 'booked', tracking_number: 'KI1' })).toBeNull();
  });

  it('an order booked before is said to be already booked, not a failure', () => {
    expect(rowLabel('failed', false, 'booked')).toEqual({ label: 'Already booked', palette: 'blue' });
    expect(rowLabel('failed', false, 'cancelled').label).toBe('Not booked');
  });
});

describe('the bulk form\'s list of the selected orders', () => {
  it('says how many orders a cash-on-delivery-only courier will not book, leaving cancelled ones out', () => {
    const cod = { cod: 2500, cancelled: false };
    const prepaid = { cod: 0, cancelled: false };
    const cancelled = { cod: 0, cancelled: true };
    expect(prepaidNote([cod, prepaid, cancelled], 'M&P')).toBe('1 of the 2 orders is prepaid and will not be booked with M&P.');
    expect(prepaidNote([prepaid, prepaid, cod], 'M&P')).toBe('2 of the 3 orders are prepaid and will not be booked with M&P.');
    expect(prepaidNote([cod, cancelled], 'M&P')).toBe('The order is cash on delivery: M&P can book it.');
    expect(prepaidNote([cod, cod], 'M&P')).toBe('All 2 orders are cash on delivery: M&P can book each of them.');
  });

  it('each line says the COD, Prepaid, or that Shopify cancelled it', () => {
    const rs = (n: number) => `Rs ${n}`;
    expect(selectionLine({ cod: 2500, cancelled: false }, rs)).toBe('Rs 2500');
    expect(selectionLine({ cod: 0, cancelled: false }, rs)).toBe('Prepaid');
    expect(selectionLine({ cod: 0, cancelled: true }, rs)).toBe('Cancelled on Shopify');
  });
});

describe('the count of orders done', () => {
  it('says order for a total of one', () => {
    expect(doneLine(1, 1)).toBe('1 of 1 order done');
    expect(doneLine(0, 1)).toBe('0 of 1 order done');
    expect(doneLine(3, 20)).toBe('3 of 20 orders done');
  });
});

describe("the bar's colour once the job is done", () => {
  const done = { status: 'done' as const };
  it('green when every order was booked, red only when none was, orange when some were and some were not', () => {
    expect(progressTone({ ...done, booked: 5, failed: 0, check: 0 })).toEqual({ palette: 'green', summary: 'Every order is booked.' });
    expect(progressTone({ ...done, booked: 0, failed: 3, check: 1 })).toEqual({ palette: 'red', summary: 'No order was booked: each row below says why.' });
    expect(progressTone({ ...done, booked: 18, failed: 2, check: 0 })).toEqual({ palette: 'orange', summary: '18 orders booked, 2 not: each row below says why.' });
    expect(progressTone({ ...done, booked: 1, failed: 0, check: 1 })).toEqual({ palette: 'orange', summary: '1 order booked, 1 not: each row below says why.' });
  });

  it('orange, not red, when every order left waits for a check: nothing was refused', () => {
    expect(progressTone({ ...done, booked: 0, failed: 0, check: 1 })).toEqual({
      palette: 'orange', summary: '1 order waits for a check with the courier: open the check on its row below to say whether it was booked.',
    });
    expect(progressTone({ ...done, booked: 0, failed: 0, check: 3 })).toEqual({
      palette: 'orange', summary: '3 orders wait for a check with the courier: open the check on each row below to say whether it was booked.',
    });
  });

  it('prepaid orders a cash-on-delivery-only courier left out are said apart, and are no failure', () => {
    const rows = [{ state: 'booked' as const }, { state: 'failed' as const, reason: 'prepaid' as const }, { state: 'failed' as const, reason: 'prepaid' as const }];
    expect(outcomeCounts({ booked: 1, failed: 2, check: 0, rows })).toEqual({ booked: 1, bookedBefore: 0, prepaid: 2, notBooked: 0, check: 0 });
    expect(progressTone({ ...done, booked: 1, failed: 2, check: 0, rows })).toEqual({
      palette: 'green', summary: 'Every cash-on-delivery order is booked. 2 prepaid orders were left for an account that books prepaid orders.',
    });
    const onlyPrepaid = [{ state: 'failed' as const, reason: 'prepaid' as const }];
    expect(progressTone({ ...done, booked: 0, failed: 1, check: 0, rows: onlyPrepaid })).toEqual({
      palette: 'orange', summary: 'No order was booked. 1 prepaid order was left for an account that books prepaid orders.',
    });
    const withRefusal = [...rows, { state: 'failed' as const, reason: 'no_address' as const }];
    expect(progressTone({ ...done, booked: 1, failed: 3, check: 0, rows: withRefusal })).toEqual({
      palette: 'orange', summary: '1 order booked, 1 not: each row below says why. 2 prepaid orders were left for an account that books prepaid orders.',
    });
    expect(rowLabel('failed', false, 'prepaid')).toEqual({ label: 'Prepaid: left out', palette: 'gray' });
    expect(rowAction({ state: 'failed', reason: 'prepaid' })).toBe('book-alone');
  });

  it('an order Dakiya had booked before is no failure of this bulk; while it runs the bar is the brand\'s', () => {
    const rows = [{ state: 'booked' as const }, { state: 'booked' as const }, { state: 'failed' as const, reason: 'booked' as const }];
    expect(progressTone({ ...done, booked: 2, failed: 1, check: 0, rows })).toMatchObject({ palette: 'green' });
    expect(outcomeCounts({ booked: 2, failed: 1, check: 0, rows })).toEqual({ booked: 2, bookedBefore: 1, prepaid: 0, notBooked: 0, check: 0 });
    expect(progressTone({ status: 'running', booked: 0, failed: 3, check: 0 })).toEqual({ palette: 'brand' });
  });
});

describe('a row whose courier answer is lost', () => {
  it('leads to the order\'s check, whether it was lost in this bulk or waited before it', () => {
    expect(rowAction({ state: 'check' })).toBe('check');
    expect(rowAction({ state: 'check', reason: 'check_needed' })).toBe('check');
  });
});

describe('the orders a bulk leaves out', () => {
  const check = { reference: '#1443-K7Q2MX', courier: 'M&P', account_name: 'M&P COD', started_at: '2026-11-26T10:00:00.000Z', order_names: ['#1443'] };
  const good = { cod: 2500, cancelled: false };
  const prepaid = { cod: 0, cancelled: false };
  const booked = { cod: 1800, cancelled: false, tracking_number: 'LE77' };
  const waiting = { cod: 900, cancelled: false, check_needed: check };
  const cancelled = { cod: 0, cancelled: true };

  it('are not counted: only orders not cancelled, not booked and not waiting for a check are booked', () => {
    expect(ordersToBook([good, booked, waiting, cancelled, prepaid])).toEqual([good, prepaid]);
    expect(prepaidNote([good, booked, waiting, cancelled, prepaid], 'M&P')).toBe('1 of the 2 orders is prepaid and will not be booked with M&P.');
  });

  it('a prepaid order is left out, listed and not counted when the courier books cash on delivery only', () => {
    expect(ordersToBook([good, booked, waiting, cancelled, prepaid], 'M&P')).toEqual([good]);
    expect(leftOutReason(prepaid, 'M&P')).toBe('prepaid');
    expect(leftOutReason(prepaid)).toBeNull();
    expect(leftOutReason(cancelled, 'M&P')).toBe('cancelled');
    expect(leftOutLine(prepaid, 'M&P')).toBe('Prepaid: M&P books cash-on-delivery orders only');
  });

  it('each says why in a short line: the courier and account a check waits on, the booking, or Shopify\'s cancellation', () => {
    expect(leftOutLine(waiting)).toBe('Waiting for a check with M&P (account M&P COD): was it booked?');
    expect(leftOutLine(booked)).toBe('Already booked: LE77');
    expect(leftOutLine(cancelled)).toBe('Cancelled on Shopify');
  });
});
