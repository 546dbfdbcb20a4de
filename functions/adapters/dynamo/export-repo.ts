import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ExportRecord, ExportStore } from '../../domain/ports/exports';
import { keys, stripKeys } from './keys';

const withoutTtl = (item: Record<string, unknown>): ExportRecord => {
  const { expiresAt: _ttl, ...rest } = stripKeys<ExportRecord & { expiresAt?: number }>(item);
  return rest;
};

/** Exports under their shop; TTL removes each when the bucket's lifecycle removes its file. */
export class DynamoExportStore implements ExportStore {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async create(record: ExportRecord, expiresAtSeconds: number): Promise<void> {
    await this.db.send(new PutCommand({
      TableName: this.table,
      Item: { ...keys.export(record.shopId, record.exportId), type: 'export', ...record, expiresAt: expiresAtSeconds },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  }

  async get(shopId: string, exportId: string): Promise<ExportRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.export(shopId, exportId), ConsistentRead: true }));
    return Item ? withoutTtl(Item) : undefined;
  }

  async recent(shopId: string, limit: number): Promise<ExportRecord[]> {
    const { pk, skPrefix } = keys.exportsOf(shopId);
    const { Items } = await this.db.send(new QueryCommand({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }));
    return (Items ?? []).map(withoutTtl);
  }

  async progress(shopId: string, exportId: string, rows: number, now: Date): Promise<void> {
    await this.update(shopId, exportId, 'SET #rows = :rows, updatedAt = :at', { ':rows': rows, ':at': now.toISOString() });
  }

  async finish(shopId: string, exportId: string, file: { rows: number; bytes: number; fileKey: string }, now: Date): Promise<void> {
    await this.update(shopId, exportId, 'SET #state = :done, #rows = :rows, bytes = :bytes, fileKey = :key, updatedAt = :at REMOVE #error', {
      ':done': 'done', ':rows': file.rows, ':bytes': file.bytes, ':key': file.fileKey, ':at': now.toISOString(),
    });
  }

  async fail(shopId: string, exportId: string, error: string, now: Date): Promise<void> {
    await this.update(shopId, exportId, 'SET #state = :failed, #error = :error, updatedAt = :at', { ':failed': 'failed', ':error': error, ':at': now.toISOString() });
  }

  private async update(shopId: string, exportId: string, expression: string, values: Record<string, unknown>): Promise<void> {
    const names: Record<string, string> = { '#state': 'state', '#rows': 'rows', '#error': 'error' };
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.export(shopId, exportId),
      ConditionExpression: 'attribute_exists(pk)',
      UpdateExpression: expression,
      ExpressionAttributeNames: Object.fromEntries(Object.entries(names).filter(([name]) => expression.includes(name))),
      ExpressionAttributeValues: values,
    }));
  }
}
