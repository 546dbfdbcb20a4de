/** Wall time plus an offset the tests can advance; everything time-based in the simulator reads it. */
export interface Clock {
  now(): number;
}

export class SimClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = { now: () => Date.now() }) {}

  now(): number {
    return this.base.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  iso(ms = this.now()): string {
    return isoSeconds(ms);
  }
}

/** Shopify's DateTime: ISO-8601 UTC without milliseconds (`2026-08-02T08:17:13Z`). */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
