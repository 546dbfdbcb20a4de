import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LinkRecord, LinkRepo, LinkSlot } from '../../domain/ports/repos';
import { keys, stripKeys } from './keys';
import { isConditionFailure } from './errors';

export class DynamoLinkRepo implements LinkRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async put(link: LinkRecord): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.link(link), type: 'link', ...link } }));
  }

  async get(slot: LinkSlot): Promise<LinkRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.link(slot), ConsistentRead: true }));
    return Item ? stripKeys<LinkRecord>(Item) : undefined;
  }

  async take(slot: LinkSlot, digest: string): Promise<LinkRecord | undefined> {
    try {
      const { Attributes } = await this.db.send(new DeleteCommand({
        TableName: this.table,
        Key: keys.link(slot),
        ConditionExpression: 'digest = :digest',
        ExpressionAttributeValues: { ':digest': digest },
        ReturnValues: 'ALL_OLD',
      }));
      return Attributes ? stripKeys<LinkRecord>(Attributes) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
}
