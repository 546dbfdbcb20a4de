import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { DakiyaFunction } from './dakiya-function';

/** A queue the alarms watch: its dead letters, and how old its oldest message may get. */
export interface QueueWatch {
  /** The job id (`status.sync`). */
  name: string;
  queue: sqs.IQueue;
  deadLetterQueue: sqs.IQueue;
  maxAgeSeconds: number;
}

export interface MonitoringProps {
  prefix: string;
  alarmEmail?: string;
  /** 0: no budget. */
  monthlyBudgetUsd: number;
  apiLatencyAlarmMs: number;
  functions: ReadonlyMap<string, DakiyaFunction>;
  httpApi: apigwv2.HttpApi;
  table: dynamodb.ITable;
  queues: readonly QueueWatch[];
}

/** SES puts an account under review at a 5% bounce rate and a 0.1% complaint rate. */
export const SES_BOUNCE_RATE_ALARM = 0.05;
export const SES_COMPLAINT_RATE_ALARM = 0.001;
/** An API answering this many 5xx in five minutes pages someone (couriers that are down answer 502). */
export const API_5XX_ALARM = 5;
/** A function whose slowest 1% takes this share of its timeout is about to time out. */
export const NEAR_TIMEOUT_SHARE = 0.8;

const FIVE_MINUTES = Duration.minutes(5);

/**
 * What tells a person that something is wrong, and what it costs: one SNS topic (email from
 * context) for every alarm and the budget, alarms on each function, the API, the table, each queue
 * and SES reputation, an AWS Budget, and one CloudWatch dashboard of the same metrics.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  readonly budget?: budgets.CfnBudget;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { prefix } = props;
    const account = Stack.of(this).account;

    // Its own key: CloudWatch and Budgets must be allowed to use it, which the app key never allows.
    const key = new kms.Key(this, 'TopicKey', {
      alias: `alias/${prefix}-alarms`,
      description: 'Dakiya: the alarm and budget topic',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    for (const service of ['cloudwatch.amazonaws.com', 'budgets.amazonaws.com']) {
      key.addToResourcePolicy(
        new iam.PolicyStatement({
          principals: [new iam.ServicePrincipal(service)],
          actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
          resources: ['*'],
          conditions: { StringEquals: { 'aws:SourceAccount': account } },
        }),
      );
    }
    this.topic = new sns.Topic(this, 'Topic', {
      topicName: `${prefix}-alarms`,
      displayName: `Dakiya ${prefix} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': account } },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);

    const alarm = (name: string, description: string, metric: cloudwatch.IMetric, threshold: number, options: { periods?: number; datapoints?: number } = {}) => {
      const created = new cloudwatch.Alarm(this, `Alarm-${name}`, {
        alarmName: `${prefix}-${name}`,
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: options.periods ?? 1,
        datapointsToAlarm: options.datapoints ?? options.periods ?? 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      this.alarms.push(created);
      return created;
    };

    for (const [name, fn] of props.functions) {
      const timeoutMs = fn.needs.timeoutSeconds * 1000;
      alarm(`${name}-errors`, `The ${name} Lambda failed (an uncaught error or a timeout)`, fn.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1);
      alarm(`${name}-throttles`, `The ${name} Lambda was throttled (concurrency used up)`, fn.fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1);
      alarm(
        `${name}-near-timeout`,
        `The slowest 1% of ${name} calls take ${NEAR_TIMEOUT_SHARE * 100}% of its ${fn.needs.timeoutSeconds} s timeout`,
        fn.fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99' }),
        Math.round(timeoutMs * NEAR_TIMEOUT_SHARE),
        { periods: 3, datapoints: 2 },
      );
    }

    alarm('api-5xx', `The API answered ${API_5XX_ALARM} or more 5xx in five minutes`, props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }), API_5XX_ALARM);
    alarm(
      'api-latency-p99',
      `The API's p99 latency stayed at ${props.apiLatencyAlarmMs} ms or more for 15 minutes`,
      props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' }),
      props.apiLatencyAlarmMs,
      { periods: 3 },
    );

    const throttled = new cloudwatch.MathExpression({
      label: 'Throttled reads and writes',
      expression: 'reads + writes',
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { period: FIVE_MINUTES, statistic: 'Sum' }),
        writes: props.table.metric('WriteThrottleEvents', { period: FIVE_MINUTES, statistic: 'Sum' }),
      },
      period: FIVE_MINUTES,
    });
    alarm('table-throttles', 'DynamoDB throttled reads or writes of the app table', throttled, 1);

    for (const watch of props.queues) {
      const id = watch.name.replace(/\./g, '-');
      alarm(
        `${id}-dead-letters`,
        `Messages of ${watch.name} failed every attempt and wait in its dead-letter queue`,
        watch.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        1,
      );
      alarm(
        `${id}-age`,
        `The oldest ${watch.name} message is ${watch.maxAgeSeconds} s old or more: the worker is not keeping up`,
        watch.queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        watch.maxAgeSeconds,
      );
    }

    const bounceRate = new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', statistic: 'Maximum', period: Duration.minutes(15) });
    const complaintRate = new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', statistic: 'Maximum', period: Duration.minutes(15) });
    alarm('ses-bounce-rate', `SES bounce rate reached ${SES_BOUNCE_RATE_ALARM * 100}% (SES reviews the account at 5%)`, bounceRate, SES_BOUNCE_RATE_ALARM);
    alarm('ses-complaint-rate', `SES complaint rate reached ${SES_COMPLAINT_RATE_ALARM * 100}% (SES reviews the account at 0.1%)`, complaintRate, SES_COMPLAINT_RATE_ALARM);

    if (props.monthlyBudgetUsd > 0) {
      const toTopic = [{ subscriptionType: 'SNS', address: this.topic.topicArn }];
      this.budget = new budgets.CfnBudget(this, 'Budget', {
        budget: {
          budgetName: `${prefix}-monthly`,
          budgetType: 'COST',
          timeUnit: 'MONTHLY',
          budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
        },
        notificationsWithSubscribers: [
          { notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 80, thresholdType: 'PERCENTAGE' }, subscribers: toTopic },
          { notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' }, subscribers: toTopic },
        ],
      });
    }

    this.dashboard = this.buildDashboard(props, bounceRate, complaintRate, throttled);
  }

  private buildDashboard(props: MonitoringProps, bounceRate: cloudwatch.Metric, complaintRate: cloudwatch.Metric, throttled: cloudwatch.IMetric): cloudwatch.Dashboard {
    const fns = [...props.functions.entries()];
    const perFunction = (label: string, metric: (fn: DakiyaFunction) => cloudwatch.IMetric) =>
      new cloudwatch.GraphWidget({ title: label, width: 6, left: fns.map(([name, fn]) => withLabel(metric(fn), name)) });
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: props.prefix, defaultInterval: Duration.hours(6) });
    dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', width: 24, alarms: this.alarms }));
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        width: 12,
        left: [props.httpApi.metricCount({ period: FIVE_MINUTES })],
        right: [props.httpApi.metricClientError({ period: FIVE_MINUTES }), props.httpApi.metricServerError({ period: FIVE_MINUTES })],
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency (ms)',
        width: 12,
        left: ['p50', 'p90', 'p99'].map((statistic) => props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic })),
      }),
    );
    dashboard.addWidgets(
      perFunction('Lambda errors', (fn) => fn.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' })),
      perFunction('Lambda throttles', (fn) => fn.fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' })),
      perFunction('Lambda duration p99 (ms)', (fn) => fn.fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99' })),
      perFunction('Lambda concurrency', (fn) => fn.fn.metric('ConcurrentExecutions', { period: FIVE_MINUTES, statistic: 'Maximum' })),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'DynamoDB capacity consumed',
        width: 12,
        left: [
          props.table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES, statistic: 'Sum' }),
          props.table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES, statistic: 'Sum' }),
        ],
      }),
      new cloudwatch.GraphWidget({ title: 'DynamoDB throttles', width: 12, left: [throttled] }),
    );
    if (props.queues.length) {
      dashboard.addWidgets(
        new cloudwatch.GraphWidget({
          title: 'Queues: waiting and dead letters',
          width: 12,
          left: props.queues.map((q) => withLabel(q.queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }), q.name)),
          right: props.queues.map((q) => withLabel(q.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }), `${q.name} dead letters`)),
        }),
        new cloudwatch.GraphWidget({
          title: 'Queues: oldest message (s)',
          width: 12,
          left: props.queues.map((q) => withLabel(q.queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }), q.name)),
        }),
      );
    }
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'SES reputation', width: 24, left: [withLabel(bounceRate, 'bounce rate'), withLabel(complaintRate, 'complaint rate')] }),
    );
    return dashboard;
  }
}

function withLabel(metric: cloudwatch.IMetric, label: string): cloudwatch.IMetric {
  return metric instanceof cloudwatch.Metric ? metric.with({ label }) : metric;
}
