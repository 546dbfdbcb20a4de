import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertsReducer, scheduleDismiss, type AppAlert } from './alerts-store';

const a: AppAlert = { id: '1', msg: 'Email sent', alertType: 'success' };
const b: AppAlert = { id: '2', msg: 'Something went wrong', alertType: 'error' };

describe('alerts (spec 000 §4)', () => {
  afterEach(() => vi.useRealTimers());

  it('adds and removes by id', () => {
    const two = alertsReducer(alertsReducer([], { type: 'add', alert: a }), { type: 'add', alert: b });
    expect(two).toEqual([a, b]);
    expect(alertsReducer(two, { type: 'remove', id: '1' })).toEqual([b]);
    expect(alertsReducer(two, { type: 'remove', id: 'nope' })).toEqual([a, b]);
  });

  it('dismisses itself after 5000 ms, not before', () => {
    vi.useFakeTimers();
    const removed: string[] = [];
    scheduleDismiss('1', (id) => removed.push(id), 5000);
    vi.advanceTimersByTime(4999);
    expect(removed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(removed).toEqual(['1']);
  });

  it('closing by hand cancels the timer', () => {
    vi.useFakeTimers();
    const removed: string[] = [];
    const cancel = scheduleDismiss('1', (id) => removed.push(id), 5000);
    cancel();
    vi.advanceTimersByTime(10000);
    expect(removed).toEqual([]);
  });
});
