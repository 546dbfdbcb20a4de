import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GROUP_NEEDS, type LambdaNeeds } from '@dakiya/shared';
import { DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { createShopifyClient } from '../adapters/shopify';
import { ShopifyError } from '../domain/ports/shopify';
import { apiEvent, testDeps, type TestDeps } from '../test-support/harness';
import { makeWorld, type World } from '../test-support/world';
import { operationsByGroup } from '../registry';
import { groupHandler } from './chain';
import { scheduleHandler } from './job-chain';
import { AccessDenied, ANSWER_MARGIN_MS, deadlineOf, runInvocation, timeLeftMs, withDeadline } from '../ground/invocation';
import { tableAccessOf } from './least-privilege';

let deps: TestDeps;
beforeAll(async () => { deps = await testDeps(); });
afterEach(() => { vi.restoreAllMocks(); });

const run = <T>(needs: LambdaNeeds, work: () => Promise<T>) =>
  runInvocation({ name: 'probe', needs, deadline: Date.now() + needs.timeoutSeconds * 1000 }, work);
const none: LambdaNeeds = { table: 'none', timeoutSeconds: 10, memoryMb: 256 };
const key = () => ({ TableName: deps.env.TABLE_NAME, Key: { pk: 'PROBE', sk: 'PROBE' } });
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('least privilege in every mode, from the declared needs', () => {
  it('names DynamoDB commands by what IAM grants', () => {
    expect(['GetCommand', 'QueryCommand', 'BatchGetItemCommand', 'TransactGetCommand'].map(tableAccessOf)).toEqual(['read', 'read', 'read', 'read']);
    expect(['PutCommand', 'UpdateItemCommand', 'DeleteCommand', 'TransactWriteCommand', 'BatchWriteCommand'].map(tableAccessOf)).toEqual(['write', 'write', 'write', 'write', 'write']);
    expect(['ScanCommand', 'DescribeTableCommand', 'CreateTableCommand'].map(tableAccessOf)).toEqual(['other', 'other', 'other']);
  });

  it('refuses table access a function did not declare, as IAM would', async () => {
    quiet();
    await expect(run(none, () => deps.db.send(new GetCommand(key())))).rejects.toThrow(/probe may not read the table \(GetItemCommand\)/);
    await expect(run({ ...none, table: 'read' }, () => deps.db.send(new PutCommand({ TableName: deps.env.TABLE_NAME, Item: { pk: 'P', sk: 'P' } }))))
      .rejects.toBeInstanceOf(AccessDenied);
    await expect(run({ ...none, table: 'read' }, () => deps.db.send(new GetCommand(key())))).resolves.toBeDefined();
    await expect(run({ ...none, table: 'readWrite' }, () => deps.db.send(new PutCommand({ TableName: deps.env.TABLE_NAME, Item: { pk: 'P', sk: 'P' } }))))
      .resolves.toBeDefined();
    // a Scan only where declared (the migration job): item reads and writes never include it
    await expect(run({ ...none, table: 'readWrite' }, () => deps.db.send(new ScanCommand({ TableName: deps.env.TABLE_NAME })))).rejects.toThrow(/ScanCommand/);
    await expect(run({ ...none, table: 'readWrite', scanTable: true }, () => deps.db.send(new ScanCommand({ TableName: deps.env.TABLE_NAME, Limit: 1 })))).resolves.toBeDefined();
  });

  it('refuses opening or sealing values, mail and the Shopify secret unless declared', async () => {
    quiet();
    const sealed = await deps.secrets.encrypt('token', 'shop-1');
    await expect(run({ ...none, sealed: 'seal' }, () => deps.secrets.decrypt(sealed, 'shop-1'))).rejects.toThrow(/may not open a sealed value/);
    await expect(run({ ...none, sealed: 'open' }, () => deps.secrets.encrypt('x', 'shop-1'))).rejects.toThrow(/may not seal a value/);
    await expect(run({ ...none, sealed: 'open' }, () => deps.secrets.decrypt(sealed, 'shop-1'))).resolves.toBe('token');
    await expect(run({ ...none, sealed: 'openAndSeal' }, () => deps.secrets.encrypt('x', 'shop-1'))).resolves.toMatch(/^local1\./);
    const mail = { to: 'a@b.pk', subject: 's', text: 't', html: 'h' };
    await expect(run(none, () => deps.mailer.send(mail))).rejects.toThrow(/may not send mail/);
    await run({ ...none, mail: true }, () => deps.mailer.send(mail));
    expect(deps.mailbox.sent).toHaveLength(1);
    await expect(run(none, () => deps.shopifySecrets())).rejects.toThrow(/may not read the Shopify client secret/);
    await expect(run({ ...none, shopifySecret: true }, () => deps.shopifySecrets())).resolves.toEqual(['test-shopify-secret']);
  });

  it('refuses queueing a job the function does not declare (sqs:SendMessage is per queue)', async () => {
    quiet();
    await expect(run(none, () => deps.jobs.enqueue('mail.send', { kind: 'reset-password', email: 'a@b.pk' }))).rejects.toThrow(/may not enqueue mail\.send/);
  });

  it('runs the job chain under the job\'s own needs: the sweeper may not send mail', async () => {
    const spy = quiet();
    const sweep = scheduleHandler('jobs.sweep', async (_ctx, d) => { await d.mailer.send({ to: 'a@b.pk', subject: 's', text: 't', html: 'h' }); }, () => deps);
    await expect(sweep({}, { awsRequestId: 'r1' } as Context)).rejects.toBeInstanceOf(AccessDenied);
    expect(spy.mock.calls.flat().join(' ')).toContain('jobs-sweep may not send mail');
  });

  it('lets set-up code outside an invocation do anything (seeding, tests)', async () => {
    await deps.db.send(new PutCommand({ TableName: deps.env.TABLE_NAME, Item: { pk: 'OUT', sk: 'OUT' } }));
    await expect(deps.secrets.decrypt(await deps.secrets.encrypt('x', 'c'), 'c')).resolves.toBe('x');
  });

  it('refuses through the real chain with a 500 that names nothing internal', async () => {
    const spy = quiet();
    const probe = groupHandler('system', { ...operationsByGroup.system, 'system.health': async () => { await deps.db.send(new GetCommand(key())); return { ok: true as const }; } }, () => deps);
    const res = await probe(apiEvent('system.health'), {} as Context);
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body!).errors[0]).toMatchObject({ code: 'INTERNAL' });
    expect(res.body).not.toMatch(/GetCommand|needs/);
    expect(spy.mock.calls.flat().join(' ')).toContain('system may not read the table (GetItemCommand)');
  });

  it('declares needs for every group of the registry (the handler suites then run under them)', () => {
    // the suites of every group call the real chain: a missing need would have failed them
    expect(Object.keys(GROUP_NEEDS).sort()).toEqual(Object.keys(operationsByGroup).sort());
  });
});

describe('deadlines from the time the Lambda has left', () => {
  let hanging: http.Server;
  let url: string;
  beforeAll(async () => {
    hanging = http.createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('takes the deadline from Lambda\'s clock, or from the declared timeout where there is none', () => {
    expect(deadlineOf(none, { getRemainingTimeInMillis: () => 4200 }, 1000)).toBe(5200);
    expect(deadlineOf(none, {}, 1000)).toBe(11_000);
    expect(timeLeftMs()).toBe(Number.POSITIVE_INFINITY);
  });

  it('ends a call that outlasts the invocation, whatever timeout its caller set', async () => {
    const fetchWithin = withDeadline(globalThis.fetch);
    const call = runInvocation({ name: 'probe', needs: none, deadline: Date.now() + ANSWER_MARGIN_MS + 200 }, () =>
      fetchWithin(url, { signal: AbortSignal.timeout(60_000) }));
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('refuses a Shopify retry wait the invocation has no time for, instead of sleeping past the timeout', async () => {
    const throttled = async () => new Response('{}', { status: 429, headers: { 'retry-after': '30' } });
    const client = createShopifyClient({ shop: 's.myshopify.com', accessToken: 't', origin: 'https://{shop}', apiVersion: '2026-07', fetch: throttled });
    const request = runInvocation({ name: 'probe', needs: none, deadline: Date.now() + 5000 }, () => client.request('{ shop { name } }'));
    await expect(request).rejects.toBeInstanceOf(ShopifyError);
    await expect(request).rejects.toMatchObject({ code: 'NETWORK', retryable: true });
  });

  it('does the same for the Shopify port every operation uses (deps.shopifyFor)', async () => {
    const throttled = (async () => new Response('{}', { status: 429, headers: { 'retry-after': '30' } })) as unknown as typeof fetch;
    const shopDeps = await testDeps({ fetch: throttled });
    const { seedShop } = await import('../test-support/harness');
    const { shop } = await seedShop(shopDeps);
    const needs: LambdaNeeds = { table: 'readWrite', sealed: 'openAndSeal', shopifySecret: true, timeoutSeconds: 5, memoryMb: 512 };
    const request = runInvocation({ name: 'probe', needs, deadline: Date.now() + 5000 }, () => shopDeps.shopifyFor(shop).getShop());
    await expect(request).rejects.toMatchObject({ name: 'ShopifyError', code: 'NETWORK', retryable: true });
  });

  describe('a courier that hangs', () => {
    let world: World;
    beforeAll(async () => { world = await makeWorld(); }, 60_000);
    afterAll(async () => { await world?.stop(); });

    it('answers COURIER_UNAVAILABLE within the Lambda\'s time, even with a long courier timeout', async () => {
      // a deps whose courier timeout (60 s) is longer than the Lambda's remaining time (3 s)
      const slow = await testDeps({}, { COURIER_BASE_URLS: JSON.stringify(world.couriers.urls), COURIER_TIMEOUT_MS: '60000' });
      const { seedShop } = await import('../test-support/harness');
      const shop = await seedShop(slow, { plan: 'MONTHLY' });
      world.couriers.sims.LEOPARD.control.failNext('hang', 5);
      const accounts = groupHandler('accounts', operationsByGroup.accounts, () => slow);
      const body = { company: 'LEOPARD', account_name: 'Main', weight: 500, is_default: 'No', city: 'Lahore', ...DEMO_CREDENTIALS.LEOPARD };
      const res = await accounts(
        apiEvent('accounts.create', { token: shop.ownerToken, body }),
        { getRemainingTimeInMillis: () => 3000 } as Context,
      );
      world.couriers.sims.LEOPARD.control.clearFaults();
      expect(res.statusCode).toBe(502);
      expect(JSON.parse(res.body!).errors).toEqual([{ msg: 'The courier did not answer. Please try again in a moment.', code: 'COURIER_UNAVAILABLE' }]);
    });
  });
});
