import type { Clock } from './clock';

/**
 * Parcels that move by themselves: each shipment follows its scenario's stage list, one stage per
 * tick of its pace. An event's time follows from the booking time alone (previous event + one tick,
 * or a stage's own delay after booking), so polling twice, or reading after a restart, never changes
 * a past timestamp, as with the real couriers.
 */

export const SCENARIOS = ['happy', 'attempts', 'return', 'cancel-before-pickup', 'stuck', 'courier-cancel'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface Stage {
  status: string;
  /** The courier's short code for the stage, where it has one. */
  code?: string;
  location?: string;
  note?: string;
  /** The parcel ends here as cancelled (by the merchant through the API, or by the courier itself). */
  cancels?: boolean;
  /** Not before this long after booking (Leopards' "48 Hours Auto Canceled"), however short the tick. */
  afterMs?: number;
}

export interface Flow {
  /** `courier-cancel` only where the courier reference describes one (Leopards, PostEx). */
  scenarios: Record<Exclude<Scenario, 'courier-cancel'>, Stage[]> & Partial<Record<'courier-cancel', Stage[]>>;
  /** Appended when a shipment is cancelled through the API. */
  cancelled: Stage;
  /** How many leading stages of every scenario come before pickup (cancellable). */
  prePickupStages: number;
}

export interface SimEvent {
  stage: Stage;
  at: number;
}

export interface Shipment<T> {
  trackingNumber: string;
  data: T;
  scenario: Scenario;
  bookedAt: number;
  /** This parcel's time between two stages, fixed at booking so a restart with another tick changes nothing. */
  tickMs: number;
  events: SimEvent[];
  cancelled: boolean;
}

export type CancelOutcome = 'cancelled' | 'not-found' | 'already-cancelled' | 'too-late';

/** What a stage is called in the data file: its status, and where it happens when a status repeats (TCS). */
export function stageKey(stage: Stage): string {
  return stage.location ? `${stage.status}@${stage.location}` : stage.status;
}

/** Every stage of a flow by its key; two different stages under one key would make a saved parcel ambiguous. */
export function stagesByKey(flow: Flow): Map<string, Stage> {
  const byKey = new Map<string, Stage>();
  for (const stage of [...Object.values(flow.scenarios).flatMap((stages) => stages ?? []), flow.cancelled]) {
    const other = byKey.get(stageKey(stage));
    if (other && other !== stage) throw new Error(`two stages share the key "${stageKey(stage)}"`);
    byKey.set(stageKey(stage), stage);
  }
  return byKey;
}

export class ShipmentStore<T> {
  private readonly byNumber = new Map<string, Shipment<T>>();
  private defaultScenarioValue: Scenario = 'happy';
  /** Called after anything a restart must find again changed; the persistence schedules a write. */
  onChange: () => void = () => undefined;
  /** Called with the stages a parcel just reached by itself (its clock moved): what a courier pushes. */
  onMoved: (shipment: Shipment<T>, reached: SimEvent[]) => void = () => undefined;

  constructor(
    private readonly clock: Clock,
    readonly flow: Flow,
    readonly tickMs: number,
  ) {}

  get defaultScenario(): Scenario {
    return this.defaultScenarioValue;
  }

  set defaultScenario(scenario: Scenario) {
    this.assertSupported(scenario);
    this.defaultScenarioValue = scenario;
    this.onChange();
  }

  /** The scenarios this courier's flow has (every courier but TCS and M&P has `courier-cancel`). */
  scenarios(): Scenario[] {
    return Object.keys(this.flow.scenarios) as Scenario[];
  }

  supports(scenario: Scenario): boolean {
    return this.flow.scenarios[scenario] !== undefined;
  }

  /**
   * A tracking number no parcel has yet: after a restart the sequence starts over from its seed, so
   * numbers already given are skipped.
   */
  issue(next: () => string): string {
    for (;;) {
      const candidate = next();
      if (!this.byNumber.has(candidate)) return candidate;
    }
  }

  create(trackingNumber: string, data: T, opts: { scenario?: Scenario; bookedAt?: number; tickMs?: number } = {}): Shipment<T> {
    const scenario = opts.scenario ?? this.defaultScenarioValue;
    this.assertSupported(scenario);
    const bookedAt = opts.bookedAt ?? this.clock.now();
    const first = this.stages(scenario)[0]!;
    const shipment: Shipment<T> = {
      trackingNumber, data, scenario, bookedAt, tickMs: opts.tickMs ?? this.tickMs, events: [{ stage: first, at: bookedAt }], cancelled: false,
    };
    this.byNumber.set(trackingNumber, shipment);
    this.progress(shipment);
    this.onChange();
    return shipment;
  }

  get(trackingNumber: string): Shipment<T> | undefined {
    const shipment = this.byNumber.get(trackingNumber);
    if (shipment) this.progress(shipment);
    return shipment;
  }

  all(): Shipment<T>[] {
    return [...this.byNumber.values()].map((s) => {
      this.progress(s);
      return s;
    });
  }

  current(shipment: Shipment<T>): Stage {
    return shipment.events.at(-1)!.stage;
  }

  /** Index of the current stage in its scenario (cancelled shipments report -1). */
  stageIndex(shipment: Shipment<T>): number {
    return shipment.cancelled ? -1 : shipment.events.length - 1;
  }

  isPrePickup(shipment: Shipment<T>): boolean {
    return !shipment.cancelled && shipment.events.length <= this.flow.prePickupStages;
  }

  /** The scenario from now on; what already happened stays. False when there is no such shipment. */
  setScenario(trackingNumber: string, scenario: Scenario): boolean {
    this.assertSupported(scenario);
    const shipment = this.get(trackingNumber);
    if (!shipment) return false;
    shipment.scenario = scenario;
    this.onChange();
    return true;
  }

  cancel(trackingNumber: string): CancelOutcome {
    const shipment = this.get(trackingNumber);
    if (!shipment) return 'not-found';
    if (shipment.cancelled) return 'already-cancelled';
    if (!this.isPrePickup(shipment)) return 'too-late';
    shipment.cancelled = true;
    shipment.events.push({ stage: this.flow.cancelled, at: Math.max(this.clock.now(), shipment.events.at(-1)!.at) });
    this.onChange();
    return 'cancelled';
  }

  reset(): void {
    this.byNumber.clear();
    this.defaultScenarioValue = 'happy';
    this.onChange();
  }

  /** Takes parcels read back from the data file, as they were (no change is reported). */
  load(shipments: Shipment<T>[], defaultScenario: Scenario): void {
    this.byNumber.clear();
    for (const s of shipments) this.byNumber.set(s.trackingNumber, s);
    this.defaultScenarioValue = defaultScenario;
  }

  /** Every parcel as it is, without moving it (what the data file holds). */
  raw(): Shipment<T>[] {
    return [...this.byNumber.values()];
  }

  private stages(scenario: Scenario): Stage[] {
    this.assertSupported(scenario);
    return this.flow.scenarios[scenario]!;
  }

  private assertSupported(scenario: Scenario): void {
    if (!this.supports(scenario)) throw new Error(`this courier has no "${scenario}" scenario (it has ${this.scenarios().join(', ')})`);
  }

  private progress(shipment: Shipment<T>): void {
    const stages = this.stages(shipment.scenario);
    const now = this.clock.now();
    const reached: SimEvent[] = [];
    while (!shipment.cancelled && shipment.events.length < stages.length) {
      const stage = stages[shipment.events.length]!;
      const at = Math.max(shipment.events.at(-1)!.at + shipment.tickMs, shipment.bookedAt + (stage.afterMs ?? 0));
      if (at > now) break;
      const event = { stage, at };
      shipment.events.push(event);
      reached.push(event);
      if (stage.cancels) shipment.cancelled = true;
    }
    // Saved once seen, so a later change of flow or tick never rewrites what a poll already answered.
    if (reached.length) {
      this.onChange();
      this.onMoved(shipment, reached);
    }
  }
}
