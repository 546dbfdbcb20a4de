import { describe, expect, it } from 'vitest';
import { isRtl, visualRuns } from './bidi-text';

const shown = (line: string) => visualRuns(line, isRtl(line)).map((run) => `${run.rtl ? 'R' : 'L'}:${run.text}`);

describe('a line of an airway bill in visual order (the bidi pass pdfkit lacks)', () => {
  it('Urdu reads right to left with its digits left to right in their own order', () => {
    // visual order, left to right: the end of the sentence first, and 12 stays 12 (not 21)
    expect(shown('گلی 12 کراچی')).toEqual(['R:کراچی', 'R: ', 'L:12', 'R: ', 'R:گلی']);
  });

  it('Latin inside Urdu keeps its order; brackets face the right way', () => {
    // right-to-left runs are given in reading order (the Writer reverses them), brackets already mirrored
    expect(shown('نازک (Fragile)')).toEqual(['R:(', 'L:Fragile', 'R: )', 'R:نازک']);
  });

  it('a Latin line is one run as written, an Urdu digit run is kept in order too', () => {
    expect(shown('House 45-B, Street 7')).toEqual(['L:House 45-B, Street 7']);
    expect(isRtl('House 45-B')).toBe(false);
    expect(shown('مکان ۱۲')).toEqual(['L:۱۲', 'R: ', 'R:مکان']);
  });
});
