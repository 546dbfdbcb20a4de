import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BulkRowRecord, BulkRows } from '../../../domain/ports/bookings';
import { batchWrite } from '../batch';
import { keys, setExpression, stripKeys } from '../keys';
import { queryAll } from '../query';

/** One result item per order of a bulk booking: the job writes only the row it settles, never one growing item. */
export class DynamoBulkRows implements BulkRows {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async put(shopId: string, bulkId: string, rows: BulkRowRecord[]): Promise<void> {
    await batchWrite(this.db, this.table, rows.map((row) => ({ PutRequest: { Item: { ...keys.bulkRow(shopId, bulkId, row.index), type: 'bulkRow', ...row } } })));
  }

  async list(shopId: string, bulkId: string): Promise<BulkRowRecord[]> {
    const { pk, skPrefix } = keys.bulkRows(shopId, bulkId);
    return (await queryAll(this.db, this.table, pk, skPrefix, undefined, { consistent: true })).map((item) => stripKeys<BulkRowRecord>(item));
  }

  async settle(shopId: string, bulkId: string, index: number, patch: Partial<BulkRowRecord>): Promise<void> {
    const set = setExpression(patch);
    await this.db.send(new UpdateCommand({
      TableName: this.table, Key: keys.bulkRow(shopId, bulkId, index), UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names, ExpressionAttributeValues: set.values,
    }));
  }
}
