import { describe, expect, it } from 'vitest';
import { codeWords, countOf, formatCurrency, formatDate, formatDateTime, formatTime, fullName, initials } from './format';

describe('formatDateTime (spec 000 §9)', () => {
  it("gives 'March 5, 2024 at 03:30 PM' in the shop's zone", () => {
    expect(formatDateTime('2024-03-05T10:30:00.000Z', { timeZone: 'Asia/Karachi' })).toBe('March 5, 2024 at 03:30 PM');
    expect(formatDateTime('2024-03-05T15:30:00.000Z', { timeZone: 'UTC' })).toBe('March 5, 2024 at 03:30 PM');
  });
  it('handles midnight, noon and morning', () => {
    expect(formatDateTime('2024-12-31T00:05:00Z', { timeZone: 'UTC' })).toBe('December 31, 2024 at 12:05 AM');
    expect(formatDateTime('2024-01-01T12:00:00Z', { timeZone: 'UTC' })).toBe('January 1, 2024 at 12:00 PM');
    expect(formatDateTime(new Date(Date.UTC(2024, 6, 9, 9, 7)), { timeZone: 'UTC' })).toBe('July 9, 2024 at 09:07 AM');
  });
  it('missing or invalid dates give N/A', () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
    expect(formatDateTime(undefined, { fallback: '-' })).toBe('-');
  });
  it('formatDate', () => {
    expect(formatDate('2024-03-05T22:00:00Z', { timeZone: 'Asia/Karachi' })).toBe('March 6, 2024');
  });
});

describe('formatCurrency', () => {
  it("uses 'Rs'", () => {
    expect(formatCurrency(12500)).toBe('Rs 12,500');
    expect(formatCurrency(1234.5)).toBe('Rs 1,234.50');
    expect(formatCurrency('4850')).toBe('Rs 4,850');
    expect(formatCurrency(0)).toBe('Rs 0');
    expect(formatCurrency(null)).toBe('N/A');
    expect(formatCurrency('abc')).toBe('N/A');
  });
});

describe('names', () => {
  it('initials and full name', () => {
    expect(initials('ayesha', 'khan')).toBe('AK');
    expect(initials('Bilal', '')).toBe('BI');
    expect(initials('', '')).toBe('?');
    expect(fullName({ first_name: 'Ayesha', last_name: 'Khan' })).toBe('Ayesha Khan');
    expect(fullName(null)).toBe('');
  });
});

describe('countOf', () => {
  it('says one thing in the singular, any other count in the plural', () => {
    expect(countOf(1, 'account', 'accounts')).toBe('1 account');
    expect(countOf(0, 'account', 'accounts')).toBe('0 accounts');
    expect(countOf(1250, 'order', 'orders')).toBe('1,250 orders');
  });
});

describe('codeWords', () => {
  it("reads a status code in the labels' case", () => {
    expect(codeWords('PAID')).toBe('Paid');
    expect(codeWords('PARTIALLY_REFUNDED')).toBe('Partially refunded');
    expect(codeWords('voided')).toBe('Voided');
  });
});

describe('formatTime', () => {
  it('gives the time to the second, in the zone asked for', () => {
    expect(formatTime('2026-11-26T09:05:07.000Z', { timeZone: 'Asia/Karachi' })).toBe('02:05:07 PM');
    expect(formatTime(null)).toBe('N/A');
  });
});
