import { describe, expect, it } from 'vitest';
import { progressOf } from './bulk';

describe('bulk progress', () => {
  it('counts every order with an outcome, whatever it is', () => {
    expect(progressOf({ total: 20, booked: 12, failed: 2, check: 1 })).toEqual({ done: 15, percent: 75 });
    expect(progressOf({ total: 0, booked: 0, failed: 0, check: 0 })).toEqual({ done: 0, percent: 100 });
  });
});
