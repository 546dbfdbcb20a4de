import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GROUPS, GROUP_NEEDS, jobName, queueJobDef, queueJobIds } from '@dakiya/shared';
import { reservations } from '../lib/dakiya-stack';
import { SES_BOUNCE_RATE_ALARM, SES_COMPLAINT_RATE_ALARM } from '../lib/monitoring';
import { resources, synth, type Synth } from './support';

const NO_DIST = join(tmpdir(), 'dakiya-infra-no-web-dist');
let s: Synth;
beforeAll(() => {
  s = synth({ webDistDir: NO_DIST, bundle: false });
}, 120_000);

interface AlarmProps {
  AlarmName: string;
  MetricName?: string;
  Namespace?: string;
  Threshold: number;
  EvaluationPeriods: number;
  ExtendedStatistic?: string;
  Statistic?: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
  Dimensions?: { Name: string; Value: unknown }[];
  Metrics?: unknown[];
  TreatMissingData: string;
}
const alarms = () => Object.values(resources(s.template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties as unknown as AlarmProps);
const alarm = (name: string) => {
  const found = alarms().find((a) => a.AlarmName === `dakiya-test-${name}`);
  if (!found) throw new Error(`no alarm dakiya-test-${name}`);
  return found;
};
const topicId = () => Object.keys(resources(s.template, 'AWS::SNS::Topic'))[0]!;

describe('alarms, topic, budget and dashboard', () => {
  it('sends every alarm (and its recovery) to one KMS-encrypted, TLS-only topic with the alarm email subscribed', () => {
    const topic = Object.values(resources(s.template, 'AWS::SNS::Topic'))[0]!;
    expect(topic.Properties).toMatchObject({ TopicName: 'dakiya-test-alarms', KmsMasterKeyId: expect.anything() });
    s.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'alarms@dakiya.pk' });
    expect(JSON.stringify(Object.values(resources(s.template, 'AWS::SNS::TopicPolicy'))[0]!.Properties)).toContain('"aws:SecureTransport":"false"');
    for (const a of alarms()) {
      expect(a.AlarmActions, a.AlarmName).toEqual([{ Ref: topicId() }]);
      expect(a.OKActions, a.AlarmName).toEqual([{ Ref: topicId() }]);
      expect(a.TreatMissingData, a.AlarmName).toBe('notBreaching');
    }
  });

  it('watches every function: errors, throttles, and p99 duration near its timeout', () => {
    for (const group of GROUPS) {
      expect(alarm(`${group}-errors`)).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda', Threshold: 1 });
      expect(alarm(`${group}-throttles`)).toMatchObject({ MetricName: 'Throttles', Threshold: 1 });
      expect(alarm(`${group}-near-timeout`)).toMatchObject({
        MetricName: 'Duration',
        ExtendedStatistic: 'p99',
        Threshold: GROUP_NEEDS[group].timeoutSeconds * 1000 * 0.8,
      });
      expect(JSON.stringify(alarm(`${group}-errors`).Dimensions)).toContain(`Fn${group.replace(/-/g, '')}Function`);
    }
  });

  it('watches the API (5xx, p99 latency), the table (throttles), the queues (dead letters, age) and SES reputation', () => {
    expect(alarm('api-5xx')).toMatchObject({ MetricName: '5xx', Namespace: 'AWS/ApiGateway', Threshold: 5 });
    expect(alarm('api-latency-p99')).toMatchObject({ MetricName: 'Latency', ExtendedStatistic: 'p99', Threshold: 3000, EvaluationPeriods: 3 });
    expect(JSON.stringify(alarm('table-throttles').Metrics)).toMatch(/ReadThrottleEvents.*WriteThrottleEvents|WriteThrottleEvents.*ReadThrottleEvents/);
    for (const job of queueJobIds) {
      const def = queueJobDef(job);
      expect(alarm(`${jobName(job)}-dead-letters`)).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Namespace: 'AWS/SQS', Threshold: 1 });
      expect(JSON.stringify(alarm(`${jobName(job)}-dead-letters`).Dimensions)).toContain(`Jobs${jobName(job).replace(/-/g, '')}dlq`);
      expect(alarm(`${jobName(job)}-age`)).toMatchObject({
        MetricName: 'ApproximateAgeOfOldestMessage',
        Threshold: def.visibilityTimeoutSeconds * def.maxReceiveCount,
      });
    }
    expect(alarm('ses-bounce-rate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate', Threshold: SES_BOUNCE_RATE_ALARM });
    expect(alarm('ses-complaint-rate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate', Threshold: SES_COMPLAINT_RATE_ALARM });
  });

  it('has a monthly cost budget that notifies the topic at 80% spent and 100% forecast', () => {
    const budget = Object.values(resources(s.template, 'AWS::Budgets::Budget'))[0]!.Properties!;
    expect(budget.Budget).toMatchObject({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 50, Unit: 'USD' } });
    const notices = budget.NotificationsWithSubscribers as { Notification: Record<string, unknown>; Subscribers: unknown[] }[];
    expect(notices.map((n) => [n.Notification.NotificationType, n.Notification.Threshold])).toEqual([['ACTUAL', 80], ['FORECASTED', 100]]);
    for (const n of notices) expect(n.Subscribers).toEqual([{ SubscriptionType: 'SNS', Address: { Ref: topicId() } }]);
    const policy = JSON.stringify(Object.values(resources(s.template, 'AWS::SNS::TopicPolicy'))[0]!.Properties);
    expect(policy).toContain('budgets.amazonaws.com');
  });

  it('lets CloudWatch and Budgets use the topic key, and nothing of the app key', () => {
    const keys = Object.values(resources(s.template, 'AWS::KMS::Key'));
    const topicKey = keys.find((k) => JSON.stringify(k.Properties).includes('alarm and budget topic'))!;
    const services = JSON.stringify(topicKey.Properties!.KeyPolicy);
    expect(services).toContain('cloudwatch.amazonaws.com');
    expect(services).toContain('budgets.amazonaws.com');
    const appKey = keys.find((k) => JSON.stringify(k.Properties).includes('table encryption'))!;
    expect(JSON.stringify(appKey.Properties!.KeyPolicy)).not.toMatch(/cloudwatch|budgets/);
  });

  it('draws one dashboard with the alarms, the API, every function, the table, the queues and SES', () => {
    const body = JSON.stringify(Object.values(resources(s.template, 'AWS::CloudWatch::Dashboard'))[0]!.Properties!.DashboardBody);
    for (const text of ['Alarms', 'API latency', 'Lambda errors', 'Lambda throttles', 'DynamoDB capacity consumed', 'Queues: oldest message', 'SES reputation']) {
      expect(body).toContain(text);
    }
    for (const group of GROUPS) expect(body).toContain(`Fn${group.replace(/-/g, '')}Function`);
  });

  it('makes no budget with monthlyBudgetUsd=0', () => {
    const none = synth({ webDistDir: NO_DIST, bundle: false, context: { monthlyBudgetUsd: '0', waf: 'false' } });
    none.template.resourceCountIs('AWS::Budgets::Budget', 0);
  }, 120_000);
});

describe('concurrency', () => {
  it('reserves each API group\'s declared concurrency with reserveConcurrency=true', () => {
    const on = synth({ webDistDir: NO_DIST, bundle: false, context: { reserveConcurrency: 'true', waf: 'false' } });
    for (const group of GROUPS) {
      const fn = Object.values(resources(on.template, 'AWS::Lambda::Function')).find((f) => f.Properties!.FunctionName === `dakiya-test-${group}`)!;
      expect(fn.Properties!.ReservedConcurrentExecutions, group).toBe(GROUP_NEEDS[group].reservedConcurrency);
    }
  }, 120_000);

  it('refuses reservations that would leave less than 100 of the account\'s quota unreserved', () => {
    const total = GROUPS.reduce((sum, g) => sum + (GROUP_NEEDS[g].reservedConcurrency ?? 0), 0);
    expect(reservations({ reserveConcurrency: true, accountConcurrency: total + 100 }).size).toBe(GROUPS.length);
    expect(() => reservations({ reserveConcurrency: true, accountConcurrency: 10 })).toThrow(/can reserve at most -90.*accountConcurrency/);
    expect(reservations({ reserveConcurrency: false, accountConcurrency: 10 }).size).toBe(0);
  });

  it('caps every SQS event source with its row\'s maximum concurrency (it reserves nothing, so no flag)', () => {
    const mappings = Object.values(resources(s.template, 'AWS::Lambda::EventSourceMapping'));
    expect(mappings).toHaveLength(queueJobIds.length);
    for (const mapping of mappings) expect(mapping.Properties!.ScalingConfig).toEqual({ MaximumConcurrency: expect.any(Number) });
  });
});
