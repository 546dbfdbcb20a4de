import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './nag';

export interface StatusSyncProps {
  prefix: string;
  syncEveryMinutes: number;
  /** Deliveries of one message before it moves to the dead-letter queue. */
  maxReceiveCount?: number;
}

/**
 * The status-sync pipeline (DESIGN.md): a schedule starts the `sync` function, which enqueues the
 * parcels still moving; a worker consumes the queue; a message that keeps failing lands in the
 * dead-letter queue. The queues always exist; functions plug in with one call each:
 * `scheduleSync(fn)` and `addWorker(fn)`.
 */
export class StatusSync extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly schedule: events.Rule;

  constructor(scope: Construct, id: string, props: StatusSyncProps) {
    super(scope, id);

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      queueName: `${props.prefix}-status-dlq`,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.deadLetterQueue,
      'AwsSolutions-SQS3',
      'This is the dead-letter queue of the status queue; a dead-letter queue has no dead-letter queue of its own.',
    );

    this.queue = new sqs.Queue(this, 'Queue', {
      queueName: `${props.prefix}-status`,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the worker timeout (AWS guidance for Lambda event sources).
      visibilityTimeout: Duration.minutes(6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount ?? 5 },
    });

    this.schedule = new events.Rule(this, 'Schedule', {
      ruleName: `${props.prefix}-status-sync`,
      description: 'Starts the status sync of parcels still moving',
      schedule: events.Schedule.rate(Duration.minutes(props.syncEveryMinutes)),
    });
  }

  /** The scheduled function that finds parcels still moving and enqueues them. */
  scheduleSync(fn: lambda.IFunction): void {
    this.schedule.addTarget(new targets.LambdaFunction(fn, { retryAttempts: 2 }));
  }

  /** The worker that polls couriers for a batch of parcels; report partial batch failures. */
  addWorker(fn: lambda.IFunction): void {
    fn.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }));
  }
}
