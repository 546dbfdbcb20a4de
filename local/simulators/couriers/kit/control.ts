import { z } from 'zod';
import type { SimClock } from './clock';
import { FAULT_MODES, type FaultMode, type KitServer, type RecordedCall, type SimReply, type SimRequest } from './server';
import { SeedRefused, SeedShipment, type SeedInput } from './seed';
import { SCENARIOS, type Scenario, type Shipment, type ShipmentStore } from './shipments';

/**
 * The test-control surface every courier simulator offers, programmatically (`control`) and over HTTP
 * under `/_sim/`. Nothing here imitates a courier.
 */

export class CredentialStore<C> {
  private sets: C[];
  /** Called after a change a restart must find again. */
  onChange: () => void = () => undefined;

  constructor(private readonly demo: C[]) {
    this.sets = [...demo];
  }

  add(set: C): void {
    this.sets.push(set);
    this.onChange();
  }

  list(): C[] {
    return [...this.sets];
  }

  /** The sets added at run time, in order (the demo sets are built in). */
  added(): C[] {
    return this.sets.slice(this.demo.length);
  }

  /** The demo sets plus those a previous run added. */
  load(added: C[]): void {
    this.sets = [...this.demo, ...added];
  }

  find(pred: (set: C) => boolean): C | undefined {
    return this.sets.find(pred);
  }

  reset(): void {
    this.sets = [...this.demo];
    this.onChange();
  }
}

export interface ShipmentView {
  trackingNumber: string;
  scenario: Scenario;
  status: string;
  cancelled: boolean;
  bookedAt: string;
  events: { status: string; code?: string; at: string }[];
  data: unknown;
}

export interface SimControl<C> {
  now(): number;
  /** Move the simulator clock; shipments catch up on their next read. */
  advance(ms: number): void;
  /** One tick = one stage of progression. */
  tick(count?: number): void;
  readonly tickMs: number;
  addCredentials(set: C): void;
  credentials(): C[];
  /** The scenarios this courier has; the others throw when set. */
  scenarios(): Scenario[];
  /** Scenario of one shipment from now on; false when it does not exist. */
  setScenario(trackingNumber: string, scenario: Scenario): boolean;
  /** Scenario given to shipments booked from now on. */
  setDefaultScenario(scenario: Scenario): void;
  /**
   * A parcel booked at a past time under known credentials, for history; throws `SeedRefused` with the
   * courier's reason when its booking call would have refused it.
   */
  addShipment(input: SeedShipment): ShipmentView;
  failNext(mode: FaultMode, count?: number, match?: string): void;
  clearFaults(): void;
  setLatency(ms: number): void;
  /** Recorded courier calls (control calls excluded); `pathContains` filters. */
  calls(pathContains?: string): RecordedCall[];
  clearCalls(): void;
  shipments(): ShipmentView[];
  /** Back to the demo credentials, no shipments, no faults, no latency, no recorded calls. */
  reset(): void;
  /** Writes the data file now when the simulator keeps one (it otherwise writes shortly after a change). */
  save(): Promise<void>;
}

export interface ControlParts<C, T> {
  clock: SimClock;
  store: ShipmentStore<T>;
  credentials: CredentialStore<C>;
  server: () => KitServer;
  /** Books a seeded parcel through the courier's own booking rules. */
  seed(input: SeedInput): Shipment<T>;
  /** The clock moved: the offset is part of what a restart finds again. */
  clockMoved(): void;
  save(): Promise<void>;
  onReset?: () => void;
}

function view<T>(store: ShipmentStore<T>, s: Shipment<T>): ShipmentView {
  return {
    trackingNumber: s.trackingNumber,
    scenario: s.scenario,
    status: store.current(s).status,
    cancelled: s.cancelled,
    bookedAt: new Date(s.bookedAt).toISOString(),
    events: s.events.map((e) => ({ status: e.stage.status, ...(e.stage.code ? { code: e.stage.code } : {}), at: new Date(e.at).toISOString() })),
    data: s.data,
  };
}

export function createControl<C, T>(parts: ControlParts<C, T>): SimControl<C> {
  const { clock, store, credentials, server } = parts;
  const advance = (ms: number) => {
    clock.advance(ms);
    parts.clockMoved();
  };
  return {
    now: () => clock.now(),
    advance,
    tick: (count = 1) => advance(count * store.tickMs),
    tickMs: store.tickMs,
    addCredentials: (set) => credentials.add(set),
    credentials: () => credentials.list(),
    scenarios: () => store.scenarios(),
    setScenario: (tn, scenario) => store.setScenario(tn, scenario),
    setDefaultScenario: (scenario) => {
      store.defaultScenario = scenario;
    },
    addShipment: (input) => {
      const seed = SeedShipment.parse(input);
      if (seed.scenario && !store.supports(seed.scenario)) throw new SeedRefused(`scenario must be one of ${store.scenarios().join(', ')}`);
      if (seed.bookedAt > clock.now()) throw new SeedRefused('bookedAt is later than the simulator clock');
      return view(store, parts.seed(seed));
    },
    failNext: (mode, count, match) => server().failNext(mode, count, match),
    clearFaults: () => server().clearFaults(),
    setLatency: (ms) => server().setLatency(ms),
    calls: (pathContains) => server().calls.filter((c) => !pathContains || c.path.includes(pathContains)),
    clearCalls: () => {
      server().calls.length = 0;
    },
    shipments: () => store.all().map((s) => view(store, s)),
    reset: () => {
      credentials.reset();
      store.reset();
      server().clearFaults();
      server().setLatency(0);
      server().calls.length = 0;
      parts.onReset?.();
    },
    save: () => parts.save(),
  };
}

const ok = (json: unknown = { ok: true }): SimReply => ({ json });
const bad = (error: string): SimReply => ({ status: 400, json: { error } });

function record(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * HTTP form of the control API:
 *   GET  /_sim/health
 *   GET  /_sim/credentials            POST /_sim/credentials {…credential set}
 *   GET  /_sim/scenarios               POST /_sim/scenario {trackingNumber?, scenario}   (no trackingNumber = default for new bookings)
 *   POST /_sim/advance {ms?, ticks?}
 *   POST /_sim/fail {mode, count?, match?}            DELETE /_sim/fail
 *   POST /_sim/latency {ms}
 *   GET  /_sim/calls[?path=…]          DELETE /_sim/calls
 *   GET  /_sim/shipments               POST /_sim/shipments {…SeedShipment}
 *   POST /_sim/reset
 */
export function controlRoute<C>(control: SimControl<C>, req: SimRequest): SimReply | undefined {
  const body = record(req.body);
  const route = `${req.method} ${req.path.replace(/\/+$/, '')}`;
  switch (route) {
    case 'GET /_sim/health':
      return ok({ ok: true, now: new Date(control.now()).toISOString(), tickMs: control.tickMs });
    case 'GET /_sim/credentials':
      return ok({ credentials: control.credentials() });
    case 'POST /_sim/credentials':
      control.addCredentials(body as C);
      return ok();
    case 'GET /_sim/scenarios':
      return ok({ scenarios: control.scenarios() });
    case 'POST /_sim/scenario': {
      const scenario = body.scenario as Scenario;
      if (!SCENARIOS.includes(scenario) || !control.scenarios().includes(scenario)) return bad(`scenario must be one of ${control.scenarios().join(', ')}`);
      if (typeof body.trackingNumber === 'string') {
        return control.setScenario(body.trackingNumber, scenario) ? ok() : { status: 404, json: { error: 'no such shipment' } };
      }
      control.setDefaultScenario(scenario);
      return ok();
    }
    case 'POST /_sim/advance': {
      const ms = Number(body.ms ?? 0) + Number(body.ticks ?? 0) * control.tickMs;
      if (!Number.isFinite(ms) || ms < 0) return bad('ms and ticks must be non-negative numbers');
      control.advance(ms);
      return ok({ ok: true, now: new Date(control.now()).toISOString() });
    }
    case 'POST /_sim/fail': {
      const mode = body.mode as FaultMode;
      if (!FAULT_MODES.includes(mode)) return bad(`mode must be one of ${FAULT_MODES.join(', ')}`);
      control.failNext(mode, Number(body.count ?? 1), typeof body.match === 'string' ? body.match : undefined);
      return ok();
    }
    case 'DELETE /_sim/fail':
      control.clearFaults();
      return ok();
    case 'POST /_sim/latency':
      control.setLatency(Number(body.ms ?? 0));
      return ok();
    case 'GET /_sim/calls':
      return ok({ calls: control.calls(req.query.path) });
    case 'DELETE /_sim/calls':
      control.clearCalls();
      return ok();
    case 'GET /_sim/shipments':
      return ok({ shipments: control.shipments() });
    case 'POST /_sim/shipments':
      try {
        return ok(control.addShipment(body as SeedShipment));
      } catch (error) {
        if (error instanceof z.ZodError) return bad(error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
        if (error instanceof SeedRefused) return bad(error.message);
        throw error;
      }
    case 'POST /_sim/reset':
      control.reset();
      return ok();
    default:
      return undefined;
  }
}
