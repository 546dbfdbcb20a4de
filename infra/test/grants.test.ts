import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GROUPS, GROUP_NEEDS, jobName, jobNeeds, queueJobDef, queueJobIds, scheduledJobIds, type JobId, type LambdaNeeds } from '@dakiya/shared';
import { TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from '../lib/grants';
import { resources, statementsOf, synth, type Statement, type Synth } from './support';

let s: Synth;
beforeAll(() => {
  s = synth({ webDistDir: join(tmpdir(), 'dakiya-infra-no-web-dist'), bundle: false });
}, 120_000);

const fnName = (name: string) => `dakiya-test-${name}`;
const actions = (st: Statement) => (Array.isArray(st.Action) ? st.Action : [st.Action]);
const logicalId = (type: string, match: (props: Record<string, unknown>) => boolean) =>
  Object.entries(resources(s.template, type)).find(([, r]) => match(r.Properties ?? {}))![0];

/** The job ids of the queues a statement names. */
function queuesOf(st: Statement): string[] {
  const queues = resources(s.template, 'AWS::SQS::Queue');
  return (Array.isArray(st.Resource) ? st.Resource : [st.Resource]).map((r) => {
    const id = (r as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return queueJobIds.find((job) => queues[id]?.Properties!.QueueName === `dakiya-test-${jobName(job)}`) ?? `unknown queue ${id}`;
  });
}

/**
 * Each function's role in words: which table actions on what, which KMS uses under which
 * condition, mail, secrets, queues. Anything unrecognised shows up as `unexpected ...`.
 */
function grantsOf(name: string): string[] {
  const table = logicalId('AWS::DynamoDB::Table', () => true);
  const key = logicalId('AWS::KMS::Key', (p) => JSON.stringify(p).includes('table encryption'));
  const out: string[] = [];
  for (const st of statementsOf(s.template, fnName(name))) {
    const list = actions(st);
    const resource = JSON.stringify(st.Resource);
    const condition = JSON.stringify(st.Condition ?? {});
    if (list.every((a) => a.startsWith('logs:'))) {
      out.push(resource.includes(`Fn${name.replace(/-/g, '')}Logs`) ? 'logs: own group' : `unexpected logs on ${resource}`);
    } else if (list.every((a) => a.startsWith('xray:'))) {
      out.push(st.Resource === '*' ? 'xray' : 'unexpected xray');
    } else if (list.every((a) => a.startsWith('dynamodb:'))) {
      const onIndexes = resource.includes('/index/');
      if (!resource.includes(table)) out.push(`unexpected dynamodb on ${resource}`);
      else if (list.join() === TABLE_READ_ACTIONS.join()) out.push('table: read');
      else if (list.join() === TABLE_WRITE_ACTIONS.join() && !onIndexes) out.push('table: write items');
      else if (list.join() === 'dynamodb:Scan' && !onIndexes) out.push('table: scan');
      else out.push(`unexpected dynamodb ${list.join()}`);
    } else if (list.every((a) => a.startsWith('kms:')) && resource.includes(key)) {
      if (condition.includes('dynamodb.ap-south-1.amazonaws.com')) out.push(`kms via dynamodb: ${list.sort().join(' ')}`);
      else if (condition.includes('"kms:EncryptionContextKeys":"context"')) out.push(`kms sealed: ${list.sort().join(' ')}`);
      else out.push(`unexpected kms ${list.join()} ${condition}`);
    } else if (list.join() === 'ses:SendEmail,ses:SendRawEmail') {
      out.push(resource.endsWith(':identity/dakiya.pk"]]}') && condition.includes('"ses:FromAddress":"no-reply@dakiya.pk"') ? 'mail' : `unexpected ses ${resource}`);
    } else if (list.join() === 'secretsmanager:GetSecretValue,secretsmanager:DescribeSecret') {
      out.push(resource.includes('DataShopifyClientSecret') ? 'shopify secret' : resource.includes('DataOriginSecret') ? 'origin secret' : `unexpected secret ${resource}`);
    } else if (list.join() === 'sqs:SendMessage') {
      out.push(`enqueue: ${queuesOf(st).sort().join(' ')}`);
    } else if (['s3:PutObject', 's3:GetObject', 's3:GetObject,s3:PutObject'].includes([...list].sort().join())) {
      const prefix = /"\/shop\/\*\/([a-z-]+)\/\*"/.exec(resource)?.[1];
      const access = list.length === 2 ? 'putAndSign' : list[0] === 's3:PutObject' ? 'put' : 'sign';
      out.push(resource.includes('FilesBucket') && prefix ? `files: ${access} ${prefix}` : `unexpected s3 on ${resource}`);
    } else if (list.sort().join() === 'sqs:ChangeMessageVisibility,sqs:DeleteMessage,sqs:GetQueueAttributes,sqs:GetQueueUrl,sqs:ReceiveMessage') {
      // the SQS event source of a queue row's worker: its own queue only
      out.push(`consume: ${queuesOf(st).join(' ')}`);
    } else {
      out.push(`unexpected ${list.join()} on ${resource}`);
    }
  }
  return out.sort();
}

/** What the declaration says the role must hold, in the same words. */
function expectedFrom(needs: LambdaNeeds, of: { api: boolean; consumes?: string }): string[] {
  const { consumes } = of;
  const out = ['logs: own group', 'xray'];
  // an API function checks the origin header CloudFront sends; a job's function is not called over HTTP
  if (of.api) out.push('origin secret');
  if (consumes) out.push(`consume: ${consumes}`);
  if (needs.table !== 'none') {
    out.push('table: read', 'kms via dynamodb: kms:Decrypt kms:DescribeKey' + (needs.table === 'readWrite' ? ' kms:Encrypt kms:GenerateDataKey' : ''));
    if (needs.table === 'readWrite') out.push('table: write items');
  }
  if (needs.sealed) out.push(`kms sealed: ${({ open: 'kms:Decrypt', seal: 'kms:Encrypt', openAndSeal: 'kms:Decrypt kms:Encrypt' })[needs.sealed]}`);
  if (needs.scanTable) out.push('table: scan');
  if (needs.mail) out.push('mail');
  if (needs.shopifySecret) out.push('shopify secret');
  if (needs.files) out.push(`files: ${needs.files.access} ${needs.files.prefix}`);
  if (needs.enqueue?.length) out.push(`enqueue: ${[...needs.enqueue].sort().join(' ')}`);
  return out.map((line) => line.replace(/kms via dynamodb: (.*)/, (_m, a: string) => `kms via dynamodb: ${a.split(' ').sort().join(' ')}`)).sort();
}

const jobs = [...queueJobIds, ...scheduledJobIds] as JobId[];

describe('least privilege, per function, from GROUP_NEEDS and JOB_NEEDS', () => {
  it.each([...GROUPS])('group %s holds exactly what its declaration says', (group) => {
    expect(grantsOf(group)).toEqual(expectedFrom(GROUP_NEEDS[group], { api: true }));
  });

  it.each(jobs)('job %s holds exactly what its declaration says', (job) => {
    const consumes = (queueJobIds as string[]).includes(job) ? job : undefined;
    expect(grantsOf(jobName(job))).toEqual(expectedFrom(jobNeeds(job), { api: false, consumes }));
  });

  it('today: who may do what (change this table together with GROUP_NEEDS)', () => {
    const rw = ['kms via dynamodb: kms:Decrypt kms:DescribeKey kms:Encrypt kms:GenerateDataKey', 'logs: own group', 'table: read', 'table: write items', 'xray'];
    const ro = ['kms via dynamodb: kms:Decrypt kms:DescribeKey', 'logs: own group', 'table: read', 'xray'];
    const names = [...GROUPS, ...jobs.map(jobName)];
    expect(Object.fromEntries(names.map((n) => [n, grantsOf(n)]))).toEqual({
      system: ['logs: own group', 'origin secret', 'xray'],
      auth: [...rw, 'origin secret', 'kms sealed: kms:Decrypt', 'enqueue: mail.send'].sort(),
      users: [...rw, 'origin secret', 'enqueue: mail.send'].sort(),
      profile: [...rw, 'origin secret', 'kms sealed: kms:Decrypt kms:Encrypt'].sort(),
      accounts: [...rw, 'origin secret', 'kms sealed: kms:Decrypt kms:Encrypt'].sort(),
      settings: [...rw, 'origin secret'].sort(),
      // app_subscriptions/update reads the plan from Shopify with the shop's token (and may refresh it);
      // customers/data_request queues its mail, shop/redact its job
      shopify: [...rw, 'origin secret', 'kms sealed: kms:Decrypt kms:Encrypt', 'shopify secret', 'enqueue: mail.send shops.redact'].sort(),
      // reads the store's orders: opens the shop's token, and refreshes it (the client secret) when it is about to lapse
      'store-orders': [...rw, 'origin secret', 'kms sealed: kms:Decrypt kms:Encrypt', 'shopify secret'].sort(),
      // plans: every call asks Shopify with the shop's token; refreshing it needs the client secret
      billing: [...rw, 'origin secret', 'kms sealed: kms:Decrypt kms:Encrypt', 'shopify secret'].sort(),
      // booking opens the courier account's keys and the shop's token; a bulk booking is handed to its job
      booking: [...rw, 'origin secret', 'kms sealed: kms:Decrypt kms:Encrypt', 'shopify secret', 'enqueue: bookings.bulk'].sort(),
      // the list reads; the tracking modal opens the courier account's keys to ask the courier and writes what moved
      // and send-email queues the consignee's tracking-link mail; a CSV export is queued, and its file's links signed (read) here
      // a cancel the courier made, read by the modal, cancels the Shopify fulfillment (the shop's token, refreshed when due)
      orders: [...rw, 'origin secret', 'kms sealed: kms:Decrypt kms:Encrypt', 'shopify secret', 'enqueue: mail.send orders.export', 'files: sign exports'].sort(),
      // the public page and its API: as the modal (the courier asked, what moved written, a courier's cancel finished on Shopify), and the per-address counter
      // and both queue the consignee notice a move makes due (mail.send)
      tracking: [...rw, 'origin secret', 'kms sealed: kms:Decrypt kms:Encrypt', 'shopify secret', 'enqueue: mail.send'].sort(),
      // dashboard analytics and the scorecard: reads only, no write, no key beyond the table's own
      analytics: ['kms via dynamodb: kms:Decrypt kms:DescribeKey', 'logs: own group', 'origin secret', 'table: read', 'xray'],
      // airway bills: up to 50 written and their link signed here, more queued; load sheets ask the courier with the account's keys
      labels: [...rw, 'origin secret', 'kms sealed: kms:Decrypt', 'enqueue: labels.print', 'files: putAndSign labels'].sort(),
      'bookings-bulk': [...rw, 'kms sealed: kms:Decrypt kms:Encrypt', 'shopify secret', 'consume: bookings.bulk'].sort(),
      // the nightly recount reads and writes the table only
      'bookings-recount': [...rw],
      // the counters migration too
      'bookings-migrate': [...rw, 'table: scan'].sort(),
      // and the order pointers' backfill
      'bookings-pointers': [...rw, 'table: scan'].sort(),
      // shop/redact's erasure, which queues its own next pass near its deadline
      'shops-redact': [...rw, 'enqueue: shops.redact', 'consume: shops.redact'].sort(),
      // the export's job writes the file under the shop's exports/ and nothing else of the bucket
      'orders-export': [...rw, 'files: put exports', 'consume: orders.export'].sort(),
      // a large print's job writes its PDF under the shop's labels/ (the poll signs the link)
      'labels-print': [...rw, 'files: put labels', 'consume: labels.print'].sort(),
      // only the outbox's worker talks to SES
      'mail-send': [...rw, 'mail', 'consume: mail.send'].sort(),
      // the sweeper sends again only rows that keep job records: the status sync's messages have none
      'jobs-sweep': [...rw, `enqueue: ${queueJobIds.filter((id) => !queueJobDef(id).recordless).sort().join(' ')}`].sort(),
      // the one-off listing of shops paid before the paid list existed
      'shops-paid': [...rw, 'table: scan'].sort(),
      // the status sync: the hourly slot and its first stage only read the table (the paid list, accounts, the moving index) and queue
      'sync-schedule': [...ro, 'enqueue: sync.accounts'].sort(),
      'sync-accounts': [...ro, 'enqueue: sync.accounts sync.parcels', 'consume: sync.accounts'].sort(),
      // the second stage asks the courier (its keys opened), writes what moved and tells Shopify (the shop's token, refreshed when due)
      'sync-parcels': [...rw, 'kms sealed: kms:Decrypt kms:Encrypt', 'shopify secret', 'enqueue: mail.send', 'consume: sync.parcels'].sort(),
    });
  });

  it('uses the table key only through DynamoDB, and opens sealed values only with their context', () => {
    for (const group of [...GROUPS, ...jobs.map(jobName)]) {
      for (const st of statementsOf(s.template, fnName(group)).filter((x) => actions(x).some((a) => a.startsWith('kms:')))) {
        expect(st.Condition, group).toBeDefined();
      }
    }
  });

  it('lets a function decrypt the Shopify secret through Secrets Manager only, and only the functions that hold Shopify tokens', () => {
    const key = Object.values(resources(s.template, 'AWS::KMS::Key')).find((k) => JSON.stringify(k.Properties).includes('table encryption'))!;
    const policy = key.Properties!.KeyPolicy as { Statement: (Statement & { Principal: unknown })[] };
    const toRoles = policy.Statement.filter((st) => JSON.stringify(st.Principal).includes('Role'));
    // the install and the plan webhook (shopify), and the token refresh of the order reads (store-orders), the plans calls (billing)
    // and the bookings, one at a time (booking) or in bulk (bookingsbulk), a courier's own cancel finished on
    // Shopify by the tracking modal (orders) and the public page (tracking), and the status sync's Shopify steps (syncparcels)
    const holders = toRoles.map((st) => JSON.stringify(st.Principal).match(/Fn(shopify|storeorders|billing|bookingsbulk|booking|orders|tracking|syncparcels)/)?.[1]);
    expect(holders.sort()).toEqual(['billing', 'booking', 'bookingsbulk', 'orders', 'shopify', 'storeorders', 'syncparcels', 'tracking']);
    for (const st of toRoles) {
      expect(st).toMatchObject({ Action: 'kms:Decrypt', Condition: { StringEquals: { 'kms:ViaService': 'secretsmanager.ap-south-1.amazonaws.com' } } });
    }
  });

  it('has no wildcard actions, and a "*" resource only in the X-Ray policy, which holds nothing else', () => {
    for (const group of [...GROUPS, ...jobs.map(jobName)]) {
      for (const st of statementsOf(s.template, fnName(group))) {
        for (const action of actions(st)) expect(action, group).not.toContain('*');
        if (st.Resource === '*') expect(actions(st).sort(), group).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
      }
    }
    const tracing = Object.entries(resources(s.template, 'AWS::IAM::Policy')).filter(([id]) => id.includes('Tracing'));
    expect(tracing).toHaveLength(GROUPS.length + jobs.length);
    for (const [, policy] of tracing) {
      const statements = (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement;
      expect(statements.map((st) => ({ actions: actions(st).sort(), resource: st.Resource }))).toEqual([
        { actions: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], resource: '*' },
      ]);
    }
  });
});
