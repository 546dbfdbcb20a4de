import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UserRepo } from '../../domain/ports/repos';
import type { UserRecord } from '../../domain/records';
import { AppError } from '../../platform/errors';
import { isConditionFailure, keys, setExpression, stripKeys } from './keys';

export class DynamoUserRepo implements UserRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async create(user: UserRecord): Promise<void> {
    const absent = 'attribute_not_exists(pk)';
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: { ...keys.user(user.shopId, user._id), type: 'user', ...user }, ConditionExpression: absent } },
          { Put: { TableName: this.table, Item: { ...keys.emailClaim(user.email), type: 'email', shopId: user.shopId, userId: user._id }, ConditionExpression: absent } },
        ],
      }));
    } catch (error) {
      if (isConditionFailure(error)) throw new AppError('EMAIL_TAKEN', { param: 'email' });
      throw error;
    }
  }

  async get(shopId: string, userId: string): Promise<UserRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.user(shopId, userId) }));
    return Item ? stripKeys<UserRecord>(Item) : undefined;
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.emailClaim(email) }));
    return Item ? this.get(Item.shopId as string, Item.userId as string) : undefined;
  }

  async update(shopId: string, userId: string, patch: Partial<Omit<UserRecord, '_id' | 'shopId' | 'email'>>): Promise<void> {
    const set = setExpression(patch);
    if (set.empty) return;
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.user(shopId, userId),
      UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: set.values,
      ConditionExpression: 'attribute_exists(pk)',
    }));
  }

  async acceptTotpStep(shopId: string, userId: string, step: number): Promise<boolean> {
    return this.conditional({
      Key: keys.user(shopId, userId),
      UpdateExpression: 'SET lastTotpStep = :step',
      // a concurrent request with the same code loses here, even if both passed the check before
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastTotpStep) OR lastTotpStep < :step)',
      ExpressionAttributeValues: { ':step': step },
    });
  }

  async enableTwoFactor(shopId: string, userId: string, on: { secret: string; step: number; recoveryCodes: string[]; updatedAt: string }): Promise<boolean> {
    return this.conditional({
      Key: keys.user(shopId, userId),
      UpdateExpression: 'SET two_factor_enabled = :on, twoFactorSecret = :secret, lastTotpStep = :step, recoveryCodes = :codes, updatedAt = :at REMOVE pendingTwoFactorSecret',
      ConditionExpression: 'attribute_exists(pk) AND two_factor_enabled = :off',
      ExpressionAttributeValues: { ':on': true, ':off': false, ':secret': on.secret, ':step': on.step, ':codes': new Set(on.recoveryCodes), ':at': on.updatedAt },
    });
  }

  async disableTwoFactor(shopId: string, userId: string, updatedAt: string): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.user(shopId, userId),
      UpdateExpression: 'SET two_factor_enabled = :off, updatedAt = :at REMOVE twoFactorSecret, pendingTwoFactorSecret, lastTotpStep, recoveryCodes',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':off': false, ':at': updatedAt },
    }));
  }

  async takeRecoveryCode(shopId: string, userId: string, digest: string): Promise<boolean> {
    return this.conditional({
      Key: keys.user(shopId, userId),
      UpdateExpression: 'DELETE recoveryCodes :code',
      ConditionExpression: 'contains(recoveryCodes, :digest)',
      ExpressionAttributeValues: { ':code': new Set([digest]), ':digest': digest },
    });
  }

  async replaceRecoveryCodes(shopId: string, userId: string, digests: string[], updatedAt: string): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.user(shopId, userId),
      UpdateExpression: 'SET recoveryCodes = :codes, updatedAt = :at',
      ConditionExpression: 'two_factor_enabled = :on',
      ExpressionAttributeValues: { ':codes': new Set(digests), ':at': updatedAt, ':on': true },
    }));
  }

  /** An update whose failed condition is an answer (false), not an error. */
  private async conditional(input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({ TableName: this.table, ...input }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
