import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SignInCodeRecord, SignInCodeStore } from '../../domain/ports/sign-in';
import { isConditionFailure } from './errors';
import { keys, stripKeys } from './keys';

/** Sign-ins waiting for their emailed code: one item each, with a TTL, checked on every read. */
export class DynamoSignInCodes implements SignInCodeStore {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string, private readonly nowSeconds: () => number) {}

  async put(record: SignInCodeRecord): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.signInCode(record.id), type: 'signInCode', ...record } }));
  }

  async get(id: string): Promise<SignInCodeRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.signInCode(id), ConsistentRead: true }));
    if (!Item || (Item.expiresAt as number) <= this.nowSeconds()) return undefined;
    return stripKeys<SignInCodeRecord>(Item);
  }

  setCode(id: string, codeDigest: string): Promise<boolean> {
    return this.conditional(() => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.signInCode(id),
      UpdateExpression: 'SET codeDigest = :digest',
      ConditionExpression: 'expiresAt > :now',
      ExpressionAttributeValues: { ':digest': codeDigest, ':now': this.nowSeconds() },
    })));
  }

  countTry(id: string, max: number): Promise<boolean> {
    return this.conditional(() => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.signInCode(id),
      UpdateExpression: 'ADD tries :one',
      ConditionExpression: 'expiresAt > :now AND tries < :max',
      ExpressionAttributeValues: { ':one': 1, ':now': this.nowSeconds(), ':max': max },
    })));
  }

  take(id: string, codeDigest: string): Promise<boolean> {
    return this.conditional(() => this.db.send(new DeleteCommand({
      TableName: this.table,
      Key: keys.signInCode(id),
      ConditionExpression: 'codeDigest = :digest AND expiresAt > :now',
      ExpressionAttributeValues: { ':digest': codeDigest, ':now': this.nowSeconds() },
    })));
  }

  /** A conditional write: true when written, false when its condition (or the item) was not there. */
  private async conditional(write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
