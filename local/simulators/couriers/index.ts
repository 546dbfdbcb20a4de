import type { CourierBaseUrls } from '../../../functions/adapters/couriers/options';
import type { CourierCredentials, CourierId } from '../../../functions/domain/ports/courier';
import type { CourierSimModule } from './kit/module';
import type { CourierSim, CourierSimOptions } from './kit/sim';
import { leopardSim, type LeopardSim } from './leopard';
import { mnpSim } from './mnp';
import { postexSim } from './postex';
import { tcsSim } from './tcs';

export { LEOPARD_DEMO_CREDENTIALS, startLeopardSim, type LeopardSim } from './leopard';
export type { LeopardPushControl, PushDelivery } from './leopard-push';
export { MNP_DEMO_CREDENTIALS, startMnpSim } from './mnp';
export { POSTEX_DEMO_CREDENTIALS, startPostexSim } from './postex';
export { startTcsSim, TCS_DEMO_CREDENTIALS, type TcsSimControl } from './tcs';
export type { CourierSim, CourierSimOptions } from './kit/sim';
export type { CourierSimModule } from './kit/module';
export type { SimControl } from './kit/control';
export { SCENARIOS, type Scenario } from './kit/shipments';
export { SeedRefused, type SeedShipment } from './kit/seed';
export { FAULT_MODES, type FaultMode } from './kit/server';
export { fixedClock, type Clock } from './kit/clock';

/** Every courier simulator, once; a test proves it covers the couriers of shared/src/couriers. */
export const COURIER_SIMS: readonly CourierSimModule[] = [leopardSim, mnpSim, postexSim, tcsSim];

/** Credentials each simulator accepts out of the box; local mode seeds tracking accounts with them. */
export const DEMO_CREDENTIALS = Object.fromEntries(COURIER_SIMS.map((m) => [m.id, m.demoCredentials])) as Record<CourierId, CourierCredentials>;

export interface CourierSims {
  /** `baseUrls` per courier, ready for `createCourierAdapter(..., { baseUrls })`. */
  urls: Record<CourierId, CourierBaseUrls>;
  /** Leopards' also pushes status changes to a callback address (`push`). */
  sims: Record<CourierId, CourierSim<CourierCredentials>> & { LEOPARD: LeopardSim };
  stop(): Promise<void>;
}

export async function startCourierSims(
  opts: Pick<CourierSimOptions, 'host' | 'clock' | 'seed' | 'tickMs' | 'dataDir' | 'warn'> & { ports?: Partial<Record<CourierId, number>> } = {},
): Promise<CourierSims> {
  const common = { host: opts.host ?? '127.0.0.1', clock: opts.clock, seed: opts.seed, tickMs: opts.tickMs, dataDir: opts.dataDir, warn: opts.warn };
  const started: CourierSim<CourierCredentials>[] = [];
  try {
    const sims = {} as Record<CourierId, CourierSim<CourierCredentials>>;
    for (const module of COURIER_SIMS) {
      const sim = await module.start({ ...common, port: opts.ports?.[module.id] ?? 0 });
      started.push(sim);
      sims[module.id] = sim;
    }
    return {
      urls: Object.fromEntries(Object.entries(sims).map(([id, sim]) => [id, sim.baseUrls])) as Record<CourierId, CourierBaseUrls>,
      sims: sims as CourierSims['sims'],
      stop: async () => {
        await Promise.all(started.map((s) => s.stop()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }
}
