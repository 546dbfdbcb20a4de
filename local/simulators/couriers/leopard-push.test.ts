import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEOPARD_DEMO_CREDENTIALS, startLeopardSim, type LeopardSim } from './leopard';
import type { PushScan } from './leopard-push';

/** The Leopards simulator's pushes (courier reference §3.6, §3.13), received by a plain HTTP server. */
let sim: LeopardSim;
let receiver: Server;
let receiverUrl: string;
const received: { path: string; body: { data: PushScan[] } }[] = [];
const OTHER = { api_key: 'LEOPARD-OTHER-KEY', api_password: 'other-pass' };

beforeAll(async () => {
  sim = await startLeopardSim({ tickMs: 3_600_000 });
  sim.control.addCredentials(OTHER);
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(text) as { data: PushScan[] } });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":1,"errors":[]}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sim?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const parcel = (credentials: Record<string, string>) => sim.control.addShipment({
  credentials, bookedAt: new Date(sim.control.now()).toISOString(), orderRef: '#P1', city: 'Lahore', cod: 1200, scenario: 'happy',
  consignee: { name: 'Sana Tariq', phone: '03331234567', address: 'House 9, Gulberg' },
}).trackingNumber;

const control = (path: string, body: unknown) =>
  fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('Leopards pushes', () => {
  it('POSTs each coded stage an account\'s parcel reaches to its callback address, and only its own parcels', async () => {
    expect((await control('/_sim/push', { api_key: 'NOBODY', url: `${receiverUrl}/x` })).status).toBe(400);
    expect((await control('/_sim/push', { api_key: LEOPARD_DEMO_CREDENTIALS.api_key, url: `${receiverUrl}/demo` })).status).toBe(200);
    const mine = parcel({ ...LEOPARD_DEMO_CREDENTIALS });
    const theirs = parcel(OTHER);
    sim.control.tick(10);
    await sim.push.settle();
    const scans = received.flatMap((r) => r.body.data.map((scan) => ({ ...scan, path: r.path })));
    expect(scans.map((s) => s.cn_number)).not.toContain(theirs);
    expect(scans.map((s) => [s.path, s.cn_number, s.status])).toEqual(['SP', 'RC', 'DP', 'AR', 'AC', 'DV'].map((code) => ['/demo', mine, code]));
    for (const scan of scans) expect(scan.activity_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(scans.at(-1)).toMatchObject({ status: 'DV', receiver_name: 'Sana Tariq' });
    expect(sim.push.deliveries().map((d) => d.status)).toEqual(sim.push.deliveries().map(() => 202));
    const shipment = sim.control.shipments().find((s) => s.trackingNumber === mine)!;
    expect(scans.map((s) => s.activity_date)).toEqual(shipment.events.filter((e) => e.code).map((e) => new Date(Date.parse(e.at) + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')));
  });

  it('stops pushing once the address is taken away', async () => {
    await control('/_sim/push', { api_key: LEOPARD_DEMO_CREDENTIALS.api_key });
    const before = received.length;
    parcel({ ...LEOPARD_DEMO_CREDENTIALS });
    sim.control.tick(10);
    await sim.push.settle();
    expect(received.length).toBe(before);
  });
});
