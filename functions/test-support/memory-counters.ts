import type { CounterChange, CounterItemRef, CounterSeries, CounterStore, RecountMark, StoredCounter } from '../domain/ports/counters';
import { counterName } from './counters';

const HOUR_MS = 3_600_000;

/**
 * The counter port in memory, for domain rules' unit tests: the same contract as the DynamoDB one
 * (versions, last writes, conditional repairs, marks by hour), nothing stored anywhere.
 */
export class MemoryCounters implements CounterStore {
  readonly items = new Map<string, StoredCounter>();
  readonly marks = new Map<number, RecountMark[]>();
  readonly repairs: { item: string; adds: Record<string, number>; removes?: string[] }[] = [];
  through: number | undefined;

  set(ref: CounterItemRef, counts: Record<string, number>, lastWriteAt = 0): void {
    this.items.set(counterName(ref), { item: ref, counts: { ...counts }, version: 1, lastWriteAt });
  }

  counts(name: string): Record<string, number> | undefined {
    const item = this.items.get(name);
    return item && Object.fromEntries(Object.entries(item.counts).filter(([, n]) => n !== 0));
  }

  private add(change: CounterChange, nowMs: number | undefined): void {
    const name = counterName(change.item);
    const item = this.items.get(name) ?? { item: change.item, counts: {}, version: 0, lastWriteAt: 0 };
    for (const [k, n] of Object.entries(change.adds)) item.counts[k] = (item.counts[k] ?? 0) + n;
    item.version += 1;
    if (nowMs !== undefined) item.lastWriteAt = nowMs;
    this.items.set(name, item);
  }

  async apply(shopId: string, changes: CounterChange[], nowMs: number): Promise<void> {
    for (const change of changes) this.add(change, nowMs);
    const marked = changes.filter((c) => c.item.kind === 'delivered' || (c.item.kind === 'shop' && c.item.period === 'DAY'))
      .map((c) => ({ shopId, kind: c.item.kind === 'delivered' ? 'delivered' : 'booked', day: c.item.at }) as RecountMark);
    await this.mark(marked, nowMs);
  }

  async read(_shopId: string, refs: CounterItemRef[]): Promise<StoredCounter[]> {
    return refs.map((r) => this.items.get(counterName(r))).filter((i): i is StoredCounter => Boolean(i)).map((i) => structuredClone(i));
  }

  async range(_shopId: string, of: CounterSeries, from: string, to: string): Promise<StoredCounter[]> {
    return [...this.items.values()].filter((i) => {
      const { at, ...rest } = i.item as CounterItemRef & { at: string };
      return JSON.stringify(rest) === JSON.stringify(of) && at >= from && at <= to;
    }).sort((a, b) => (a.item.at < b.item.at ? -1 : 1)).map((i) => structuredClone(i));
  }

  async repair(_shopId: string, change: CounterChange, seen: number, _nowMs?: number, removes: string[] = []): Promise<boolean> {
    if ((this.items.get(counterName(change.item))?.version ?? 0) !== seen) return false;
    this.add(change, undefined);
    for (const name of removes) delete this.items.get(counterName(change.item))!.counts[name];
    this.repairs.push({ item: counterName(change.item), adds: change.adds, ...(removes.length ? { removes } : {}) });
    return true;
  }

  async all(): Promise<StoredCounter[]> {
    return [...this.items.values()];
  }

  async mark(marks: RecountMark[], nowMs: number): Promise<void> {
    const hour = Math.floor(nowMs / HOUR_MS);
    this.marks.set(hour, [...(this.marks.get(hour) ?? []), ...marks]);
  }

  async marked(fromHour: number, toHour: number): Promise<RecountMark[]> {
    return [...this.marks].filter(([h]) => h >= fromHour && h <= toHour).flatMap(([, m]) => m);
  }

  async recountedThrough(): Promise<number | undefined> {
    return this.through;
  }

  async setRecountedThrough(hour: number): Promise<void> {
    this.through = hour;
  }
}
