import { describe, expect, it } from 'vitest';
import { parsePkDateTime } from './pk-time';

describe('parsePkDateTime', () => {
  it.each([
    ['2024-10-17 12:58:00', 'dmy', '2024-10-17T07:58:00.000Z'],
    ['2024-10-17 12:58', 'dmy', '2024-10-17T07:58:00.000Z'],
    ['2024-10-17', 'dmy', '2024-10-16T19:00:00.000Z'],
    ['14/10/2024', 'dmy', '2024-10-13T19:00:00.000Z'],
    ['14/10/2024 05:30 PM', 'dmy', '2024-10-14T12:30:00.000Z'],
    ['10/14/2024 13:05:00', 'mdy', '2024-10-14T08:05:00.000Z'],
    ['Thursday Oct 17, 2024 12:58', 'dmy', '2024-10-17T07:58:00.000Z'],
    ['Oct 14, 2024', 'dmy', '2024-10-13T19:00:00.000Z'],
    ['2024-10-17T07:58:00Z', 'dmy', '2024-10-17T07:58:00.000Z'],
    ['2024-10-17T12:58:00+05:00', 'dmy', '2024-10-17T07:58:00.000Z'],
  ] as const)('%s (%s) → %s', (text, order, iso) => {
    expect(parsePkDateTime(text, order)).toBe(iso);
  });

  it.each(['', 'yesterday', '31/31/2024', '2024-13-01 10:00', 'Foo 14, 2024'])('gives undefined for %s', (text) => {
    expect(parsePkDateTime(text)).toBeUndefined();
  });
});
