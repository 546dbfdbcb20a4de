import type { CourierAdapter, CourierCredentials, CourierId } from '../../domain/ports/courier';
import { redact, secretsOf } from './http';
import { cancelledBefore, inPlainWords } from './plain-words';
import { leopardCourier } from './leopard/adapter';
import { mnpCourier } from './mnp/adapter';
import { DEFAULT_TIMEOUT_MS, type CourierAdapterOptions, type CourierBaseUrls, type CourierModule, type ResolvedOptions } from './options';
import { postexCourier } from './postex/adapter';
import { tcsCourier } from './tcs/adapter';

export type { CourierAdapterOptions, CourierBaseUrls } from './options';

/** Every adapter folder, once; a test proves it covers the couriers of shared/src/couriers. */
export const COURIER_MODULES: readonly CourierModule[] = [leopardCourier, mnpCourier, postexCourier, tcsCourier];

function moduleOf(company: CourierId): CourierModule {
  const found = COURIER_MODULES.find((m) => m.id === company);
  if (!found) throw new Error(`no adapter for courier ${company}`);
  return found;
}

export function productionUrls(company: CourierId): CourierBaseUrls {
  return moduleOf(company).productionUrls;
}

/** The one entry point the domain uses: it never needs to know which courier it is talking to. */
export function createCourierAdapter(company: CourierId, credentials: CourierCredentials, options: CourierAdapterOptions = {}): CourierAdapter {
  const resolved: ResolvedOptions = {
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    baseUrls: options.baseUrls ?? moduleOf(company).productionUrls,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    now: options.now ?? Date.now,
  };
  return withPlainMessages(moduleOf(company).create(credentials, resolved), company, secretsOf(credentials));
}

/**
 * Every message a person reads: redacted (couriers sometimes echo what they were sent; no credential may
 * reach a message), then in plain words by the message table, the courier's own text kept as `raw`.
 */
function withPlainMessages(adapter: CourierAdapter, company: CourierId, secrets: string[]): CourierAdapter {
  const clean = <T>(value: T): T => {
    if (Array.isArray(value)) return value.map(clean) as T;
    if (value && typeof value === 'object' && 'messages' in value && Array.isArray(value.messages)) {
      const redacted = value.messages.filter((m: unknown): m is string => typeof m === 'string').map((m: string) => redact(m, secrets));
      return { ...value, ...inPlainWords(company, redacted) };
    }
    return value;
  };
  const wrap = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => async (...args: A) => {
    try {
      return clean(await fn(...args));
    } catch (error) {
      if (error instanceof Error) error.message = redact(error.message, secrets);
      throw error;
    }
  };
  return {
    courier: adapter.courier,
    capabilities: adapter.capabilities,
    checkCredentials: wrap(adapter.checkCredentials),
    listCities: wrap(adapter.listCities),
    book: wrap(adapter.book),
    bookBatch: wrap(adapter.bookBatch),
    track: wrap(adapter.track),
    cancel: wrap(async (trackingNumber: string) => cancelledBefore(await adapter.cancel(trackingNumber))),
    label: wrap(adapter.label),
    loadSheet: wrap(adapter.loadSheet),
    findByReference: wrap(adapter.findByReference),
  };
}
