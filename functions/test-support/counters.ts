import type { CounterItemRef } from '../domain/ports/counters';
import type { Deps } from '../domain/ports/deps';

/** A counter item named as a person reads it: `shop DAY 2026-11-23`, `staff <id> MONTH 2026-11`, `city lahore DAY …`, `delivered 2026-11-25`. */
export function counterName(ref: CounterItemRef): string {
  switch (ref.kind) {
    case 'shop': return `shop ${ref.period} ${ref.at}`;
    case 'staff': return `staff ${ref.userId} ${ref.period} ${ref.at}`;
    case 'city': return `city ${ref.cityKey} ${ref.period} ${ref.at}`;
    case 'courierDays': return `courierDays ${ref.cityKey} ${ref.period} ${ref.at}`;
    case 'delivered': return `delivered ${ref.at}`;
  }
}

/** Every counter item of a shop, by name, with its non-zero counts (what a test compares). */
export async function countersOfShop(deps: Deps, shopId: string): Promise<Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  for (const item of await deps.counters.all(shopId)) {
    const counts = Object.fromEntries(Object.entries(item.counts).filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)));
    if (Object.keys(counts).length) out[counterName(item.item)] = counts;
  }
  return out;
}

/** One count of one item (0 when absent). */
export async function countOf(deps: Deps, shopId: string, ref: CounterItemRef, name: string): Promise<number> {
  const [item] = await deps.counters.read(shopId, [ref], { consistent: true });
  return item?.counts[name] ?? 0;
}

/**
 * What changed between two reads of `countersOfShop`: per item, each count's change, unchanged counts
 * and items left out (what a test compares exactly: one each, nothing else).
 */
export function counterDiff(
  before: Record<string, Record<string, number>>, after: Record<string, Record<string, number>>,
): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const changes: Record<string, number> = {};
    for (const key of new Set([...Object.keys(before[name] ?? {}), ...Object.keys(after[name] ?? {})])) {
      const change = (after[name]?.[key] ?? 0) - (before[name]?.[key] ?? 0);
      if (change !== 0) changes[key] = change;
    }
    if (Object.keys(changes).length) out[name] = changes;
  }
  return out;
}
