import type { Deps } from '../domain/ports/deps';
import { parseEnv } from '../ground/env';
import { silentLog } from '../ground/log';
import { noMetrics } from '../ground/metrics';

/**
 * Deps for a domain rule's unit test: the ports it is given, a fixed clock, a quiet log and metrics,
 * and settings parsed from a minimal environment. Any other port fails loudly when the rule touches it,
 * naming it, so a test says exactly which ports the rule uses.
 */
export function fakeDeps(ports: Partial<Deps> = {}): Deps {
  const base: Partial<Deps> = {
    env: parseEnv({ TABLE_NAME: 'fake', APP_URL: 'https://app.dakiya.test', SHOPIFY_CLIENT_ID: 'fake' }),
    now: () => new Date('2026-11-26T10:00:00.000Z'),
    log: silentLog,
    metrics: noMetrics,
    ...ports,
  };
  return new Proxy(base as Deps, {
    get(target, key) {
      if (key in target || typeof key === 'symbol' || key === 'then') return Reflect.get(target, key);
      throw new Error(`fakeDeps: the test gave no ${String(key)}`);
    },
  });
}
