import type { CourierBaseUrls } from '../../../../functions/adapters/couriers/options';
import { SimClock, type Clock } from './clock';
import { controlRoute, createControl, CredentialStore, type SimControl } from './control';
import { startKitServer, type KitServer, type SimReply, type SimRequest } from './server';
import { ShipmentStore, type Flow } from './shipments';

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

export interface SimRoutes {
  handle(req: SimRequest): SimReply | Promise<SimReply>;
  reject(req: SimRequest): SimReply;
  /** Courier-specific `/_sim/` routes (e.g. TCS token expiry). */
  control?(req: SimRequest): SimReply | undefined;
}

export const DEFAULT_TICK_MS = 2 * 3600_000;

export async function buildSim<C, T>(spec: {
  options: CourierSimOptions;
  flow: Flow;
  demo: C[];
  routes(ctx: SimContext<C, T>): SimRoutes;
  baseUrls(url: string): CourierBaseUrls;
  onReset?(): void;
}): Promise<CourierSim<C>> {
  const clock = new SimClock(spec.options.clock);
  const store = new ShipmentStore<T>(clock, spec.flow, spec.options.tickMs ?? DEFAULT_TICK_MS);
  const credentials = new CredentialStore<C>(spec.demo);
  // Routes and control need the server (its URL, faults, calls) and the server needs them: a holder.
  const holder: { server?: KitServer } = {};
  const ctx: SimContext<C, T> = { clock, store, credentials, url: () => holder.server?.url ?? '' };
  const routes = spec.routes(ctx);
  const control = createControl({ clock, store, credentials, server: () => holder.server!, onReset: spec.onReset });
  const server = await startKitServer({
    host: spec.options.host ?? '127.0.0.1',
    port: spec.options.port ?? 0,
    now: () => clock.now(),
    handle: (req) => routes.handle(req),
    reject: (req) => routes.reject(req),
    control: (req) => routes.control?.(req) ?? controlRoute(control, req),
  });
  holder.server = server;
  return { url: server.url, port: server.port, baseUrls: spec.baseUrls(server.url), stop: () => server.stop(), control };
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
