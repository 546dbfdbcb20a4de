import bwipjs from 'bwip-js/node';

/**
 * Code 128 of a tracking number as bar widths (bwip-js, pinned), drawn by the bill as filled rectangles:
 * vector bars stay sharp at any print size and cost a few bytes each, where a picture per bill would not.
 */
export interface Bars {
  /** Widths in modules, bar first, then space, bar, ... */
  widths: number[];
  /** Modules across, quiet zones not included. */
  modules: number;
}

export function code128(text: string): Bars {
  const [first] = bwipjs.raw('code128', text, {});
  const widths = first && 'sbs' in first ? first.sbs : [];
  return { widths, modules: widths.reduce((sum, w) => sum + w, 0) };
}
