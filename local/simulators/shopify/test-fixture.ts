import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createShopifyClient, type ShopifyClient, type ShopifyClientOptions } from '../../../functions/adapters/shopify/graphql';
import { authorizeUrl, exchangeCode, type TokenSet } from '../../../functions/adapters/shopify/oauth';
import { startShopifySim, type ShopifySim, type ShopifySimOptions } from './server';

/* Shared set-up of the simulator tests: a frozen base clock, a webhook receiver, an installed app. */

export const SHOP = 'chai-wala.myshopify.com';
export const CLIENT_ID = 'dakiya-client-id';
export const CLIENT_SECRET = 'dakiya-client-secret';
export const API_VERSION = '2026-07';
export const SCOPES = ['read_orders', 'write_orders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders'];

export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/** A stand-in for the app's webhook route: records raw bytes, answers with scripted statuses. */
export async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** The next answers, in order; 200 afterwards. */
    answer: (...codes: number[]) => statuses.push(...codes),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export interface Harness {
  sim: ShopifySim;
  receiver: Receiver;
  redirectUri: string;
  /** Injected sleeps: recorded, and they move the simulator clock instead of waiting. */
  sleeps: number[];
  client(accessToken: string, extra?: Partial<ShopifyClientOptions>): ShopifyClient;
  install(): Promise<TokenSet>;
  stop(): Promise<void>;
}

export async function startHarness(options: Partial<ShopifySimOptions> & { orders?: number } = {}): Promise<Harness> {
  const receiver = await startReceiver();
  const redirectUri = `${receiver.url}/auth/callback`;
  const base = Date.UTC(2026, 7, 2, 8, 0, 0);
  const sim = await startShopifySim({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [redirectUri],
    appUrl: receiver.url,
    webhookUri: '/webhooks',
    clock: { now: () => base },
    consent: 'auto-approve',
    ...options,
  });
  sim.control.seedShop({ shop: SHOP, name: 'Chai Wala', email: 'hello@chaiwala.pk', orders: options.orders ?? 40, seed: 42 });
  const sleeps: number[] = [];
  const harness: Harness = {
    sim,
    receiver,
    redirectUri,
    sleeps,
    client: (accessToken, extra = {}) =>
      createShopifyClient({
        shop: SHOP,
        accessToken,
        origin: sim.originTemplate,
        apiVersion: API_VERSION,
        fetch,
        sleep: async (ms) => {
          sleeps.push(ms);
          sim.control.advance(ms);
        },
        ...extra,
      }),
    async install() {
      const url = authorizeUrl({ shop: SHOP, clientId: CLIENT_ID, scopes: SCOPES, redirectUri, state: 'nonce-1', origin: sim.originTemplate });
      // The header approves whatever consent mode the test runs in (a script's way past the page).
      const response = await fetch(url, { redirect: 'manual', headers: { 'X-Fake-Consent': 'approve' } });
      const callback = new URL(response.headers.get('location') ?? '');
      return exchangeCode({
        shop: SHOP,
        code: callback.searchParams.get('code') ?? '',
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        origin: sim.originTemplate,
        fetch,
        nowMs: () => sim.control.now(),
      });
    },
    async stop() {
      await sim.stop();
      await receiver.stop();
    },
  };
  return harness;
}
