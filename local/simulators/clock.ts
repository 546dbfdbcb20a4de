/** Wall time (or a test's own clock) plus an offset tests move forward. Every simulator time reads it. */
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

  /** How far `advance` has moved this clock past its base: what a simulator keeps across restarts. */
  get offset(): number {
    return this.offsetMs;
  }

  /** Back where a previous run left it (the base clock carries on from there). */
  restoreOffset(ms: number): void {
    this.offsetMs = ms;
  }

  /** ISO-8601 UTC without milliseconds (`2026-08-02T08:17:13Z`), as Shopify writes DateTime. */
  iso(ms = this.now()): string {
    return isoSeconds(ms);
  }
}

export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A clock that stands still unless advanced: tests get the same timestamps on every run. */
export function fixedClock(startMs: number): Clock {
  return { now: () => startMs };
}
