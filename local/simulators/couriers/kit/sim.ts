import path from 'node:path';
import type { z } from 'zod';
import type { CourierBaseUrls } from '../../../../functions/adapters/couriers/options';
import type { CourierId } from '../../../../functions/domain/ports/courier';
import { SimClock, type Clock } from './clock';
import { controlRoute, createControl, CredentialStore, type SimControl } from './control';
import { SIM_FILE_FORMAT, SIM_FILE_VERSION, SimDataFile, type SimFile } from './persist';
import { SeedRefused, type SeedInput, type SeedTiming } from './seed';
import { startKitServer, type KitServer, type SimReply, type SimRequest } from './server';
import { ShipmentStore, stageKey, stagesByKey, type Flow, type Shipment } from './shipments';

export interface CourierSimOptions {
  /** 0 (default) = a free port. */
  port?: number;
  host?: string;
  /** Base time source; the simulator adds its own offset on top (control.advance). */
  clock?: Clock;
  /** Seeds the tracking-number sequence. */
  seed?: number;
  /** Simulated time between two tracking stages. */
  tickMs?: number;
  /**
   * Keep parcels, run-time credentials and the clock offset in `<dataDir>/<courier>.json` across
   * restarts (local mode); in memory only when absent (tests, the end-to-end stack, the bench).
   */
  dataDir?: string;
  /** Where a data file that cannot be read or written is reported (default: console.warn). */
  warn?: (message: string) => void;
}

export interface CourierSim<C> {
  url: string;
  port: number;
  /** What to pass as `baseUrls` to `createCourierAdapter`. */
  baseUrls: CourierBaseUrls;
  stop(): Promise<void>;
  control: SimControl<C>;
}

export interface SimContext<C, T> {
  clock: SimClock;
  store: ShipmentStore<T>;
  credentials: CredentialStore<C>;
  /** The server's own URL (for links such as Leopards' slip_link). */
  url(): string;
}

export interface SimRoutes<T> {
  handle(req: SimRequest): SimReply | Promise<SimReply>;
  reject(req: SimRequest): SimReply;
  /** Courier-specific `/_sim/` routes (e.g. TCS token expiry). */
  control?(req: SimRequest): SimReply | undefined;
  /**
   * Books a seeded parcel the way the courier's booking call does (same account, city, phone and COD
   * rules), at the seed's time; returns the refusal's words instead when the courier would refuse it.
   */
  seed(input: SeedInput, timing: SeedTiming): Shipment<T> | string;
}

export const DEFAULT_TICK_MS = 2 * 3600_000;

export async function buildSim<C, T>(spec: {
  id: CourierId;
  options: CourierSimOptions;
  flow: Flow;
  demo: C[];
  /** The shape of a parcel's courier data, checked when the data file is read back. */
  data: z.ZodType<T>;
  routes(ctx: SimContext<C, T>): SimRoutes<T>;
  baseUrls(url: string): CourierBaseUrls;
  onReset?(): void;
  /** After the control moved the clock (Leopards pushes what its parcels reached). */
  onAdvance?(): void;
}): Promise<CourierSim<C>> {
  const clock = new SimClock(spec.options.clock);
  const store = new ShipmentStore<T>(clock, spec.flow, spec.options.tickMs ?? DEFAULT_TICK_MS);
  const credentials = new CredentialStore<C>(spec.demo);
  const file = spec.options.dataDir ? dataFile(spec, { clock, store, credentials }) : undefined;
  const changed = () => file?.schedule();
  store.onChange = changed;
  credentials.onChange = changed;
  // Routes and control need the server (its URL, faults, calls) and the server needs them: a holder.
  const holder: { server?: KitServer } = {};
  const ctx: SimContext<C, T> = { clock, store, credentials, url: () => holder.server?.url ?? '' };
  const routes = spec.routes(ctx);
  const control = createControl({
    clock, store, credentials, server: () => holder.server!, onReset: spec.onReset, save: async () => file?.flush(),
    clockMoved: () => {
      changed();
      spec.onAdvance?.();
    },
    seed: (input) => {
      const outcome = routes.seed(input, { scenario: input.scenario, bookedAt: input.bookedAt, tickMs: input.tickMs });
      if (typeof outcome === 'string') throw new SeedRefused(outcome);
      return outcome;
    },
  });
  const server = await startKitServer({
    host: spec.options.host ?? '127.0.0.1',
    port: spec.options.port ?? 0,
    now: () => clock.now(),
    handle: (req) => routes.handle(req),
    reject: (req) => routes.reject(req),
    control: (req) => routes.control?.(req) ?? controlRoute(control, req),
  });
  holder.server = server;
  const stop = async () => {
    await server.stop();
    await file?.flush();
  };
  return { url: server.url, port: server.port, baseUrls: spec.baseUrls(server.url), stop, control };
}

/** The simulator's data file, read back into the clock, the credentials and the store before it serves. */
function dataFile<C, T>(
  spec: { id: CourierId; options: CourierSimOptions; flow: Flow; data: z.ZodType<T> },
  state: { clock: SimClock; store: ShipmentStore<T>; credentials: CredentialStore<C> },
): SimDataFile {
  const { clock, store, credentials } = state;
  const file = new SimDataFile({
    file: path.join(spec.options.dataDir!, `${spec.id.toLowerCase()}.json`),
    warn: (message) => (spec.options.warn ?? console.warn)(`${spec.id} simulator: ${message}`),
    snapshot: (): SimFile => ({
      format: SIM_FILE_FORMAT,
      version: SIM_FILE_VERSION,
      courier: spec.id,
      clockOffsetMs: clock.offset,
      defaultScenario: store.defaultScenario,
      credentials: credentials.added() as unknown as Record<string, unknown>[],
      shipments: store.raw().map((s) => ({
        trackingNumber: s.trackingNumber,
        data: s.data,
        scenario: s.scenario,
        bookedAt: s.bookedAt,
        tickMs: s.tickMs,
        cancelled: s.cancelled,
        events: s.events.map((e) => ({ stage: stageKey(e.stage), at: e.at })),
      })),
    }),
  });
  file.load(spec.id, (saved) => {
    const stages = stagesByKey(spec.flow);
    const scenario = (name: SimFile['defaultScenario']) => {
      if (!store.supports(name)) throw new Error(`it names the scenario "${name}", which this courier does not have`);
      return name;
    };
    const shipments = saved.shipments.map((s): Shipment<T> => ({
      ...s,
      scenario: scenario(s.scenario),
      data: spec.data.parse(s.data),
      events: s.events.map((e) => {
        const stage = stages.get(e.stage);
        if (!stage) throw new Error(`it names the stage "${e.stage}", which this courier does not have`);
        return { stage, at: e.at };
      }),
    }));
    clock.restoreOffset(saved.clockOffsetMs);
    credentials.load(saved.credentials as unknown as C[]);
    store.load(shipments, scenario(saved.defaultScenario));
  });
  return file;
}

/** Query string and body merged (couriers accept credentials in either). */
export function params(req: SimRequest): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...req.query, ...body };
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Numbers may arrive as numbers or numeric strings (form bodies). */
export function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export const MOBILE = /^03\d{9}$/;
