import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** Arabic-script letters and digits and the joiners between them: the Naskh font's Arabic subset draws them. */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff\u200c\u200d]/;

export type Script = 'urdu' | 'latin';

/** A piece of one line drawn with one font in one direction; `rtl` runs come in logical order. */
export interface Run {
  text: string;
  script: Script;
  rtl: boolean;
}

/** Whether a text reads right to left: its first strong letter decides (the bidi algorithm's rule P2). */
export function isRtl(text: string): boolean {
  return bidi.getEmbeddingLevels(text).paragraphs[0]?.level === 1;
}

/**
 * One line's runs in visual order, left to right, by the Unicode bidi algorithm (bidi-js): Urdu runs
 * right to left, digits and Latin inside them left to right in their own order, so 'گلی 12' keeps its 12.
 */
export function visualRuns(line: string, rtl: boolean): Run[] {
  if (!line) return [];
  const { levels } = bidi.getEmbeddingLevels(line, rtl ? 'rtl' : 'ltr');
  const runs: { text: string; script: Script; level: number }[] = [];
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    const script: Script = ARABIC.test(ch) ? 'urdu' : 'latin';
    const level = levels[i]!;
    const last = runs.at(-1);
    if (last && last.script === script && last.level === level) last.text += ch;
    else runs.push({ text: ch, script, level });
  }
  // rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let i = 0;
    while (i < runs.length) {
      if (runs[i]!.level < level) { i += 1; continue; }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j += 1;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map((r) => ({
    // a mirrored bracket reads the right way round in a right-to-left run
    text: r.level % 2 === 1 ? [...r.text].map((ch) => bidi.getMirroredCharacter(ch) ?? ch).join('') : r.text,
    script: r.script,
    rtl: r.level % 2 === 1,
  }));
}
