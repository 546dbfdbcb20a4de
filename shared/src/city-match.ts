/** One entry of a courier's own city list: the key its bookings take and the name people read. */
export interface CityEntry {
  key: string;
  name: string;
}

/**
 * Matches a city as a Shopify address has it ("khi", "Rawalpindi Cantt ", "D.G. Khan") to one entry
 * of a courier's own city list. Exact and alias matches win; otherwise a close spelling within an edit
 * distance threshold; otherwise a clear "no good match" with suggestions a person can pick from.
 */

export type CityMatch<C extends CityEntry = CityEntry> =
  | { kind: 'match'; city: C; how: 'exact' | 'alias' | 'close' }
  | { kind: 'no-match'; message: string; suggestions: C[] };

/** Canonical name → other names people and couriers use. */
const ALIASES: Record<string, string[]> = {
  karachi: ['khi', 'karachi city'],
  lahore: ['lhr', 'lhe', 'lahore city'],
  islamabad: ['isb', 'isl', 'islamabad capital territory', 'ict'],
  rawalpindi: ['pindi', 'rwp', 'rawal pindi', 'rawalpindi cantt'],
  faisalabad: ['lyallpur', 'fsd', 'lyp', 'faislabad'],
  multan: ['mux', 'mul'],
  peshawar: ['pew', 'psh', 'peshawer'],
  quetta: ['uet', 'qta', 'queta'],
  sialkot: ['skt'],
  gujranwala: ['grw', 'gujranwalah'],
  hyderabad: ['hdd', 'hyd'],
  sukkur: ['skz'],
  'dera ghazi khan': ['dg khan', 'd g khan', 'dgk', 'dera ghazi'],
  'dera ismail khan': ['di khan', 'd i khan', 'dik'],
  'rahim yar khan': ['ryk', 'rahimyar khan', 'rahim yar kh'],
  bahawalpur: ['bwp', 'bahawalpur city'],
  'nawabshah': ['shaheed benazirabad', 'benazirabad'],
  'sheikhupura': ['shekhupura'],
  'abbottabad': ['abbotabad', 'atd'],
  'mirpur': ['mirpur azad kashmir', 'mirpur ajk'],
  'muzaffarabad': ['muzafarabad'],
  'sargodha': ['sgd'],
};

const ALIAS_TO_CANONICAL = new Map<string, string>();
for (const [canonical, names] of Object.entries(ALIASES)) {
  ALIAS_TO_CANONICAL.set(canonical, canonical);
  for (const name of names) ALIAS_TO_CANONICAL.set(normaliseCityName(name), canonical);
}

export function normaliseCityName(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[.,'`]/g, ' ')
    .replace(/[\u2010-\u2015-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// Addresses qualify the city ("Lahore Cantt", "Multan City"); couriers list the city itself.
const QUALIFIERS = /\s+(cantt|cantonment|city|district|distt|saddar|sadar)$/;

function canonical(text: string): string {
  const norm = normaliseCityName(text);
  const known = ALIAS_TO_CANONICAL.get(norm);
  if (known) return known;
  const bare = norm.replace(QUALIFIERS, '');
  return ALIAS_TO_CANONICAL.get(bare) ?? bare;
}

export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j]!;
      prev[j] = Math.min(above + 1, prev[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return prev[b.length]!;
}

/** Short names tolerate one typo, longer ones about one per five letters. */
function threshold(length: number): number {
  return Math.max(1, Math.floor(length / 5));
}

export function matchCity<C extends CityEntry>(input: string, cities: readonly C[]): CityMatch<C> {
  const norm = normaliseCityName(input);
  if (norm === '') return { kind: 'no-match', message: 'Please add destination city', suggestions: [] };

  const exact = cities.find((c) => normaliseCityName(c.name) === norm || normaliseCityName(c.key) === norm);
  if (exact) return { kind: 'match', city: exact, how: 'exact' };

  const wanted = canonical(input);
  const alias = cities.find((c) => canonical(c.name) === wanted || canonical(c.key) === wanted);
  if (alias) return { kind: 'match', city: alias, how: 'alias' };

  const scored = cities
    .map((city) => ({ city, distance: editDistance(wanted, canonical(city.name)) }))
    .sort((a, b) => a.distance - b.distance || a.city.name.localeCompare(b.city.name));
  const best = scored[0];
  const second = scored[1];
  const limit = threshold(wanted.length);
  // A tie between two different cities is not a match: asking beats booking to the wrong city.
  if (best && best.distance <= limit && !(second && second.distance === best.distance)) {
    return { kind: 'match', city: best.city, how: 'close' };
  }
  const suggestions = scored.filter((s) => s.distance <= limit + 2).slice(0, 3).map((s) => s.city);
  return {
    kind: 'no-match',
    message: suggestions.length > 0
      ? `No courier city matches "${input.trim()}". Did you mean ${suggestions.map((s) => s.name.trim()).join(', ')}?`
      : `No courier city matches "${input.trim()}". Choose the destination city from the list.`,
    suggestions,
  };
}
