import type PDFDocument from 'pdfkit';
import { isRtl, visualRuns, type Run, type Script } from './bidi-text';

type Doc = InstanceType<typeof PDFDocument>;
export type Align = 'start' | 'center';

/**
 * Text on a bill in two fonts and both directions: each line is cut into runs by the bidi algorithm and
 * each run drawn with its script's font at its own place, so no run depends on pdfkit's line breaking.
 */
export class Writer {
  private fontSize = 9;
  private weight: 'regular' | 'bold' = 'regular';
  /** Measured widths by style and text: a print of 500 bills measures the same labels and words again and again. */
  private readonly widths = new Map<string, number>();

  constructor(private readonly doc: Doc) {}

  style(size: number, weight: 'regular' | 'bold' = 'regular'): this {
    this.fontSize = size;
    this.weight = weight;
    return this;
  }

  private use(script: Script): Doc {
    const name = script === 'urdu' ? (this.weight === 'bold' ? 'urduBold' : 'urdu') : this.weight === 'bold' ? 'latinBold' : 'latin';
    return this.doc.font(name).fontSize(this.fontSize);
  }

  private runWidth(run: Run): number {
    return this.use(run.script).widthOfString(run.text);
  }

  /** A word's or line's width; a line's is its words' and spaces' (words never join across a space). */
  width(text: string): number {
    const key = `${this.weight}${this.fontSize}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      const words = text.split(' ');
      width = words.length > 1
        ? words.reduce((sum, word) => sum + this.width(word), 0) + (words.length - 1) * this.use('latin').widthOfString(' ')
        : visualRuns(text, isRtl(text)).reduce((sum, run) => sum + this.runWidth(run), 0);
      this.widths.set(key, width);
    }
    return width;
  }

  /** Words in reading order, as many lines as fit; the last line kept ends with '…' when text was left out. */
  wrap(text: string, width: number, maxLines: number): string[] {
    const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (!current || this.width(next) <= width) current = next;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    if (lines.length <= maxLines) return lines.map((line) => this.fit(line, width));
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = this.fit(`${kept[maxLines - 1]!} …`, width, true);
    return kept.map((line) => this.fit(line, width));
  }

  /** A single word wider than the box loses its end rather than running over the next column. */
  private fit(line: string, width: number, ellipsis = false): string {
    if (this.width(line) <= width) return line;
    let chars = [...line];
    while (chars.length > 1 && this.width(`${chars.join('')}…`) > width) chars = chars.slice(0, -1);
    return ellipsis || chars.length < line.length ? `${chars.join('')}…` : line;
  }

  /** One line: Urdu right-aligned in its box, anything else left-aligned (or both centred). */
  line(text: string, x: number, y: number, width: number, align: Align = 'start'): this {
    const rtl = isRtl(text);
    const runs = visualRuns(text, rtl);
    const total = runs.reduce((sum, run) => sum + this.runWidth(run), 0);
    let at = align === 'center' ? x + (width - total) / 2 : rtl ? x + width - total : x;
    for (const run of runs) {
      const doc = this.use(run.script);
      if (run.script === 'urdu' && !run.rtl) {
        // digits inside Urdu: drawn one by one, since the font's shaper would run a string of them right to left
        for (const ch of run.text) {
          doc.text(ch, at, y, { lineBreak: false });
          at += doc.widthOfString(ch);
        }
        continue;
      }
      // a right-to-left run in the Latin font holds only spaces and marks: reversed here, drawn as they stand
      const shown = run.rtl && run.script === 'latin' ? [...run.text].reverse().join('') : run.text;
      doc.text(shown, at, y, { lineBreak: false });
      at += doc.widthOfString(shown);
    }
    return this;
  }

  /** Wrapped lines from `y` down; returns the y below the last one. */
  paragraph(text: string, x: number, y: number, width: number, maxLines: number, align: Align = 'start'): number {
    const lineHeight = this.fontSize * 1.45;
    let at = y;
    for (const line of this.wrap(text, width, maxLines)) {
      this.line(line, x, at, width, align);
      at += lineHeight;
    }
    return at;
  }
}
