import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobName, jobs, queueJobDef, queueJobIds, type QueueJobId, type Schedule, type ScheduledJobId } from '@dakiya/shared';
import type { QueueWatch } from './monitoring';

export interface JobQueuesProps {
  prefix: string;
}

/**
 * The queues of the job table (shared/src/jobs.ts): per queue row a queue with the row's settings and
 * its dead-letter queue. Workers and schedules plug in with `addWorker` and `schedule`, one call per
 * row (the stack loops over the table).
 */
export class JobQueues extends Construct {
  readonly queues = new Map<QueueJobId, sqs.Queue>();
  readonly deadLetterQueues = new Map<QueueJobId, sqs.Queue>();
  readonly rules = new Map<ScheduledJobId, events.Rule>();
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: JobQueuesProps) {
    super(scope, id);
    this.prefix = props.prefix;
    for (const job of queueJobIds) {
      const def = queueJobDef(job);
      const name = `${props.prefix}-${jobName(job)}`;
      const suffix = def.fifo ? '.fifo' : '';
      const dlq = new sqs.Queue(this, `${jobName(job)}-dlq`, {
        queueName: `${name}-dlq${suffix}`,
        fifo: def.fifo || undefined,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      const queue = new sqs.Queue(this, jobName(job), {
        queueName: `${name}${suffix}`,
        fifo: def.fifo || undefined,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(4),
        deadLetterQueue: { queue: dlq, maxReceiveCount: def.maxReceiveCount },
      });
      this.queues.set(job, queue);
      this.deadLetterQueues.set(job, dlq);
    }
  }

  queue(job: QueueJobId): sqs.Queue {
    const queue = this.queues.get(job);
    if (!queue) throw new Error(`no queue for job ${job}`);
    return queue;
  }

  /**
   * What the alarms watch per queue row: its dead letters, and its oldest message, which may wait as
   * long as every allowed receive takes (receives x visibility timeout) before the worker is behind.
   */
  watches(): QueueWatch[] {
    return queueJobIds.map((job) => {
      const def = queueJobDef(job);
      return { name: job, queue: this.queue(job), deadLetterQueue: this.deadLetterQueues.get(job)!, maxAgeSeconds: def.visibilityTimeoutSeconds * def.maxReceiveCount };
    });
  }

  /** The worker of a queue row: the SQS event source with the row's batch size and maximum concurrency. */
  addWorker(job: QueueJobId, fn: lambda.IFunction): void {
    const def = queueJobDef(job);
    fn.addEventSource(new SqsEventSource(this.queue(job), {
      batchSize: def.batchSize,
      maxConcurrency: def.maxConcurrency,
      reportBatchItemFailures: true,
    }));
  }

  /** The EventBridge rule of a scheduled row. */
  schedule(job: ScheduledJobId, fn: lambda.IFunction): events.Rule {
    const rule = new events.Rule(this, `${jobName(job)}-schedule`, {
      ruleName: `${this.prefix}-${jobName(job)}`,
      description: jobs[job].description.slice(0, 512),
      schedule: scheduleOf(jobs[job].schedule),
    });
    rule.addTarget(new targets.LambdaFunction(fn, { retryAttempts: 2 }));
    this.rules.set(job, rule);
    return rule;
  }
}

export function scheduleOf(schedule: Schedule): events.Schedule {
  // in minutes as the table says (CDK's rate() would turn 60 minutes into 'rate(1 hour)')
  if ('everyMinutes' in schedule) return events.Schedule.expression(`rate(${schedule.everyMinutes} minute${schedule.everyMinutes === 1 ? '' : 's'})`);
  const [hour, minute] = schedule.dailyAtUtc.split(':');
  return events.Schedule.cron({ hour: String(Number(hour)), minute: String(Number(minute)) });
}
