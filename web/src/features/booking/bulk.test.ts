import { describe, expect, it } from 'vitest';
import { bulkFreshness, progressOf, rowLabel } from './bulk';

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
