import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { QueueJobId } from '@dakiya/shared';
import type { ClaimResult, JobRecord, JobRecords, JobRef, JobStatus, OverdueJob } from '../../domain/ports/jobs';
import { JOB_DUE_SHARDS, keys, stripKeys } from './keys';
import { isConditionFailure } from './errors';
import { epochSeconds } from '../../ground/clock';

/** Finished records stay a week for a person to look at, then TTL removes them. */
const KEEP_FINISHED_SECONDS = 7 * 86400;

/**
 * The port counts leases and sweep times in epoch ms, as booking attempts do; the items keep the
 * seconds they were first written with (the jobsDue sort key is built from them), converted here only.
 */
const toMs = (seconds: unknown) => (typeof seconds === 'number' ? seconds * 1000 : undefined);

function recordOf(item: Record<string, unknown>): JobRecord {
  const { sweepAt, leaseUntil, ...rest } = stripKeys<JobRecord>(item);
  return { ...rest, ...(sweepAt === undefined ? {} : { sweepAt: toMs(sweepAt) }), ...(leaseUntil === undefined ? {} : { leaseUntil: toMs(leaseUntil) }) };
}

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
        Item: {
          ...keys.job(record), ...keys.jobDue(record.job, record.id, epochSeconds(record.sweepAt ?? 0)), type: 'job', ...record,
          ...(record.sweepAt === undefined ? {} : { sweepAt: epochSeconds(record.sweepAt) }),
          ...(record.leaseUntil === undefined ? {} : { leaseUntil: epochSeconds(record.leaseUntil) }),
        },
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
    return Item ? recordOf(Item) : undefined;
  }

  async claim(ref: JobRef, nowMs: number, leaseUntil: number, sweepAtMs: number): Promise<ClaimResult> {
    const sweepAt = epochSeconds(sweepAtMs);
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.job(ref),
        ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now)',
        UpdateExpression: 'SET leaseUntil = :lease, sweepAt = :sweep, gsi1sk = :due, attempts = attempts + :one',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending', ':now': epochSeconds(nowMs), ':lease': epochSeconds(leaseUntil), ':sweep': sweepAt,
          ':due': keys.jobDueSort(sweepAt, ref.id), ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }));
      return { outcome: 'claimed', record: recordOf(Attributes ?? {}) };
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
        ':status': status, ':at': now.toISOString(), ':exp': epochSeconds(now) + KEEP_FINISHED_SECONDS, ...(error ? { ':error': error.slice(0, 1000) } : {}),
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

  async remove(ref: JobRef): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.job(ref) }));
  }

  async overdue(job: QueueJobId, untilMs: number, limit: number): Promise<OverdueJob[]> {
    const found: OverdueJob[] = [];
    for (let shard = 0; shard < JOB_DUE_SHARDS && found.length < limit; shard++) {
      const { Items } = await this.db.send(new QueryCommand({
        TableName: this.table,
        IndexName: 'jobsDue',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :until',
        ExpressionAttributeValues: { ':pk': keys.jobDueShard(job, shard), ':until': keys.jobDueUntil(epochSeconds(untilMs)) },
        Limit: limit - found.length,
      }));
      for (const item of Items ?? []) {
        found.push({
          id: item.id as string, shopId: item.shopId as string | undefined, job, sends: item.sends as number,
          sweepAt: toMs(item.sweepAt)!, group: item.group as string | undefined,
        });
      }
    }
    return found.sort((a, b) => a.sweepAt - b.sweepAt);
  }

  async markResent(record: OverdueJob, sweepAtMs: number, now: Date): Promise<boolean> {
    const sweepAt = epochSeconds(sweepAtMs);
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.job(record),
        // the index lags the table in AWS: check the record itself is still pending and unmoved
        ConditionExpression: '#status = :pending AND sweepAt = :seen',
        UpdateExpression: 'SET sweepAt = :sweep, gsi1sk = :due, sends = sends + :one, updatedAt = :at',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending', ':seen': epochSeconds(record.sweepAt), ':sweep': sweepAt, ':due': keys.jobDueSort(sweepAt, record.id),
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
