import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { QueueJobId } from '@dakiya/shared';
import type { ClaimResult, JobRecord, JobRecords, JobRef, JobStatus, OverdueJob } from '../../domain/ports/jobs';
import { JOB_DUE_SHARDS, keys, stripKeys } from './keys';
import { isConditionFailure } from './errors';

/** Finished records stay a week for a person to look at, then TTL removes them. */
const KEEP_FINISHED_SECONDS = 7 * 86400;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Job records (the outbox's truth). Only pending records carry the jobsDue index keys, so the
 * sweeper's reads touch pending work only and a finished record leaves the index.
 */
export class DynamoJobRecords implements JobRecords {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async create(record: JobRecord): Promise<boolean> {
    try {
      await this.db.send(new PutCommand({
        TableName: this.table,
        Item: { ...keys.job(record), ...keys.jobDue(record.job, record.id, record.sweepAt ?? 0), type: 'job', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async get(ref: JobRef): Promise<JobRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.job(ref), ConsistentRead: true }));
    return Item ? stripKeys<JobRecord>(Item) : undefined;
  }

  async claim(ref: JobRef, nowSeconds: number, leaseSeconds: number, sweepAt: number): Promise<ClaimResult> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.job(ref),
        ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now)',
        UpdateExpression: 'SET leaseUntil = :lease, sweepAt = :sweep, gsi1sk = :due, attempts = attempts + :one',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending', ':now': nowSeconds, ':lease': nowSeconds + leaseSeconds, ':sweep': sweepAt,
          ':due': keys.jobDueSort(sweepAt, ref.id), ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }));
      return { outcome: 'claimed', record: stripKeys<JobRecord>(Attributes ?? {}) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const current = await this.get(ref);
      return current?.status === 'pending' ? { outcome: 'busy' } : { outcome: 'finished' };
    }
  }

  async finish(ref: JobRef, status: Exclude<JobStatus, 'pending'>, now: Date, error?: string): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.job(ref),
      ConditionExpression: 'attribute_exists(pk)',
      UpdateExpression: `SET #status = :status, updatedAt = :at, expiresAt = :exp${error ? ', lastError = :error' : ''} REMOVE leaseUntil, sweepAt, gsi1pk, gsi1sk`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status, ':at': now.toISOString(), ':exp': seconds(now) + KEEP_FINISHED_SECONDS, ...(error ? { ':error': error.slice(0, 1000) } : {}),
      },
    })).catch((e: unknown) => { if (!isConditionFailure(e)) throw e; });
  }

  async release(ref: JobRef, now: Date, error: string): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.job(ref),
      ConditionExpression: '#status = :pending',
      UpdateExpression: 'SET updatedAt = :at, lastError = :error REMOVE leaseUntil',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending', ':at': now.toISOString(), ':error': error.slice(0, 1000) },
    })).catch((e: unknown) => { if (!isConditionFailure(e)) throw e; });
  }

  async overdue(job: QueueJobId, nowSeconds: number, limit: number): Promise<OverdueJob[]> {
    const found: OverdueJob[] = [];
    for (let shard = 0; shard < JOB_DUE_SHARDS && found.length < limit; shard++) {
      const { Items } = await this.db.send(new QueryCommand({
        TableName: this.table,
        IndexName: 'jobsDue',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :until',
        ExpressionAttributeValues: { ':pk': keys.jobDueShard(job, shard), ':until': keys.jobDueUntil(nowSeconds) },
        Limit: limit - found.length,
      }));
      for (const item of Items ?? []) {
        found.push({
          id: item.id as string, shopId: item.shopId as string | undefined, job, sends: item.sends as number,
          sweepAt: item.sweepAt as number, group: item.group as string | undefined,
        });
      }
    }
    return found.sort((a, b) => a.sweepAt - b.sweepAt);
  }

  async markResent(record: OverdueJob, sweepAt: number, now: Date): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.job(record),
        // the index lags the table in AWS: check the record itself is still pending and unmoved
        ConditionExpression: '#status = :pending AND sweepAt = :seen',
        UpdateExpression: 'SET sweepAt = :sweep, gsi1sk = :due, sends = sends + :one, updatedAt = :at',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending', ':seen': record.sweepAt, ':sweep': sweepAt, ':due': keys.jobDueSort(sweepAt, record.id),
          ':one': 1, ':at': now.toISOString(),
        },
      }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
