import type { Deps } from '../ports/deps';
import type { DayCounterKey } from '../ports/bookings';
import { countersOf } from './counters';

const keyOf = (c: Pick<DayCounterKey, 'dimension' | 'value'>) => `${c.dimension}\u0000${c.value}`;

/**
 * Recounts one shop's counters of one day from its bookings (read through the bookings-by-date index)
 * and ADDs the difference where a counter drifted (a write lost after the booking's own write).
 * Answers how many counters it repaired.
 */
export async function recountDay(shopId: string, day: string, deps: Deps): Promise<number> {
  const bookings = await deps.bookings.ofDay(shopId, day);
  const actual = new Map<string, { key: DayCounterKey; n: number }>();
  for (const record of bookings) {
    for (const key of countersOf(record)) {
      const found = actual.get(keyOf(key));
      if (found) found.n += 1; else actual.set(keyOf(key), { key, n: 1 });
    }
  }
  const stored = new Map((await deps.counters.ofDay(shopId, day)).map((c) => [keyOf(c), c]));
  let repaired = 0;
  for (const [k, { key, n }] of actual) {
    const diff = n - (stored.get(k)?.n ?? 0);
    if (diff !== 0) { await deps.counters.count(shopId, [key], diff); repaired += 1; }
  }
  for (const [k, c] of stored) {
    if (!actual.has(k) && c.n !== 0) { await deps.counters.count(shopId, [c], -c.n); repaired += 1; }
  }
  return repaired;
}
