import { describe, expect, it } from 'vitest';
import { newId } from '../../ground/ids';
import { attemptCode, referenceOf } from './reference';

describe('the reference a courier keeps', () => {
  it('is the order names and the attempt\'s code, readable on an airway bill', () => {
    const id = `6b08aeb4${'0'.repeat(8)}3fffffff`;
    expect(referenceOf(['#1443'], id)).toBe('#1443-ZZZZZZ');
    expect(referenceOf(['#1001', '#1002'], `6b08aeb4${'0'.repeat(16)}`)).toBe('#1001,#1002-000000');
    expect(attemptCode(newId())).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
  });

  it('differs between attempts, so two stores\' #1443, or one order booked again, never share one', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => referenceOf(['#1443'], newId())));
    expect(codes.size).toBe(2000);
  });
});
