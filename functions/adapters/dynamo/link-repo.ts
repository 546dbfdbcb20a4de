import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LinkRecord, LinkRepo } from '../../domain/ports/repos';
import { keys, stripKeys } from './keys';

export class DynamoLinkRepo implements LinkRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async put(link: LinkRecord): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.link(link.shopId, link.digest), type: 'link', ...link } }));
  }

  async take(shopId: string, digest: string): Promise<LinkRecord | undefined> {
    const { Attributes } = await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.link(shopId, digest), ReturnValues: 'ALL_OLD' }));
    return Attributes ? stripKeys<LinkRecord>(Attributes) : undefined;
  }
}
