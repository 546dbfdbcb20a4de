import type { Clock } from './clock';

/**
 * Parcels that move by themselves: each shipment follows its scenario's stage list, one stage per
 * tick of the simulator clock. An event's time is fixed when it happens (previous event + one tick),
 * so polling twice never changes a past timestamp, as with the real couriers.
 */

export const SCENARIOS = ['happy', 'attempts', 'return', 'cancel-before-pickup', 'stuck'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface Stage {
  status: string;
  /** The courier's short code for the stage, where it has one. */
  code?: string;
  location?: string;
  note?: string;
}

export interface Flow {
  scenarios: Record<Scenario, Stage[]>;
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
  events: SimEvent[];
  cancelled: boolean;
}

export type CancelOutcome = 'cancelled' | 'not-found' | 'already-cancelled' | 'too-late';

export class ShipmentStore<T> {
  private readonly byNumber = new Map<string, Shipment<T>>();
  defaultScenario: Scenario = 'happy';

  constructor(
    private readonly clock: Clock,
    private readonly flow: Flow,
    readonly tickMs: number,
  ) {}

  create(trackingNumber: string, data: T, scenario: Scenario = this.defaultScenario): Shipment<T> {
    const now = this.clock.now();
    const first = this.flow.scenarios[scenario][0]!;
    const shipment: Shipment<T> = { trackingNumber, data, scenario, bookedAt: now, events: [{ stage: first, at: now }], cancelled: false };
    this.byNumber.set(trackingNumber, shipment);
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

  setScenario(trackingNumber: string, scenario: Scenario): boolean {
    const shipment = this.get(trackingNumber);
    if (!shipment) return false;
    shipment.scenario = scenario;
    return true;
  }

  cancel(trackingNumber: string): CancelOutcome {
    const shipment = this.get(trackingNumber);
    if (!shipment) return 'not-found';
    if (shipment.cancelled) return 'already-cancelled';
    if (!this.isPrePickup(shipment)) return 'too-late';
    shipment.cancelled = true;
    shipment.events.push({ stage: this.flow.cancelled, at: Math.max(this.clock.now(), shipment.events.at(-1)!.at) });
    return 'cancelled';
  }

  reset(): void {
    this.byNumber.clear();
    this.defaultScenario = 'happy';
  }

  private progress(shipment: Shipment<T>): void {
    if (shipment.cancelled) return;
    const stages = this.flow.scenarios[shipment.scenario];
    const now = this.clock.now();
    while (shipment.events.length < stages.length) {
      const at = shipment.events.at(-1)!.at + this.tickMs;
      if (at > now) break;
      const stage = stages[shipment.events.length]!;
      shipment.events.push({ stage, at });
      if (stage === this.flow.cancelled) shipment.cancelled = true;
    }
  }
}
