import type { CourierBaseUrls } from '../../../functions/adapters/couriers/options';
import type { CourierCredentials, CourierId } from '../../../functions/domain/ports/courier';
import type { Clock } from './kit/clock';
import type { CourierSim } from './kit/sim';
import { LEOPARD_DEMO_CREDENTIALS, startLeopardSim } from './leopard';
import { MNP_DEMO_CREDENTIALS, startMnpSim } from './mnp';
import { POSTEX_DEMO_CREDENTIALS, startPostexSim } from './postex';
import { startTcsSim, TCS_DEMO_CREDENTIALS, type TcsSimControl } from './tcs';

export { LEOPARD_DEMO_CREDENTIALS, startLeopardSim } from './leopard';
export { MNP_DEMO_CREDENTIALS, startMnpSim } from './mnp';
export { POSTEX_DEMO_CREDENTIALS, startPostexSim } from './postex';
export { startTcsSim, TCS_DEMO_CREDENTIALS, type TcsSimControl } from './tcs';
export type { CourierSim, CourierSimOptions } from './kit/sim';
export type { SimControl } from './kit/control';
export { SCENARIOS, type Scenario } from './kit/shipments';
export { FAULT_MODES, type FaultMode } from './kit/server';
export { fixedClock, type Clock } from './kit/clock';

/** Credentials each simulator accepts out of the box; local mode seeds tracking accounts with them. */
export const DEMO_CREDENTIALS: Record<CourierId, CourierCredentials> = {
  LEOPARD: LEOPARD_DEMO_CREDENTIALS,
  MNP: MNP_DEMO_CREDENTIALS,
  POSTEX: POSTEX_DEMO_CREDENTIALS,
  TCS: TCS_DEMO_CREDENTIALS,
};

export interface CourierSims {
  /** `baseUrls` per courier, ready for `createCourierAdapter(..., { baseUrls })`. */
  urls: Record<CourierId, CourierBaseUrls>;
  sims: { LEOPARD: CourierSim<CourierCredentials>; MNP: CourierSim<CourierCredentials>; POSTEX: CourierSim<CourierCredentials>; TCS: CourierSim<CourierCredentials> & { control: TcsSimControl } };
  stop(): Promise<void>;
}

export async function startCourierSims(opts: { ports?: Partial<Record<CourierId, number>>; host?: string; clock?: Clock; seed?: number; tickMs?: number } = {}): Promise<CourierSims> {
  const common = { host: opts.host ?? '127.0.0.1', clock: opts.clock, seed: opts.seed, tickMs: opts.tickMs };
  const started: { stop(): Promise<void> }[] = [];
  try {
    const LEOPARD = await startLeopardSim({ ...common, port: opts.ports?.LEOPARD ?? 0 });
    started.push(LEOPARD);
    const MNP = await startMnpSim({ ...common, port: opts.ports?.MNP ?? 0 });
    started.push(MNP);
    const POSTEX = await startPostexSim({ ...common, port: opts.ports?.POSTEX ?? 0 });
    started.push(POSTEX);
    const TCS = await startTcsSim({ ...common, port: opts.ports?.TCS ?? 0 });
    started.push(TCS);
    return {
      urls: { LEOPARD: LEOPARD.baseUrls, MNP: MNP.baseUrls, POSTEX: POSTEX.baseUrls, TCS: TCS.baseUrls },
      sims: { LEOPARD, MNP, POSTEX, TCS },
      stop: async () => {
        await Promise.all(started.map((s) => s.stop()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }
}
