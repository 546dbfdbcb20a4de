import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MemberRef, PeopleRepo } from '../../domain/ports/repos';
import type { PersonRecord } from '../../domain/records';
import { keys, setExpression, stripKeys } from './keys';
import { cancellationCodes, isConditionFailure, retryConflicts } from './errors';
import { queryAll } from './query';

type Update = Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>;

export class DynamoPeopleRepo implements PeopleRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async get(personId: string): Promise<PersonRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.person(personId) }));
    return Item ? stripKeys<PersonRecord>(Item) : undefined;
  }

  async findByEmail(email: string): Promise<PersonRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.emailClaim(email) }));
    return typeof Item?.personId === 'string' ? this.get(Item.personId) : undefined;
  }

  async shopsOf(personId: string): Promise<MemberRef[]> {
    const { pk, skPrefix } = keys.personShops(personId);
    return (await queryAll(this.db, this.table, pk, skPrefix, ['shopId', 'userId'])) as MemberRef[];
  }

  async invitationsOf(email: string): Promise<MemberRef[]> {
    const { pk, skPrefix } = keys.invitesOf(email);
    return (await queryAll(this.db, this.table, pk, skPrefix, ['shopId', 'userId'])) as MemberRef[];
  }

  async update(personId: string, patch: Partial<Pick<PersonRecord, 'passwordHash' | 'pendingTwoFactorSecret' | 'updatedAt'>>): Promise<void> {
    const set = setExpression(patch);
    if (set.empty) return;
    await this.db.send(new UpdateCommand({
      TableName: this.table, Key: keys.person(personId), UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names, ExpressionAttributeValues: set.values, ConditionExpression: 'attribute_exists(pk)',
    }));
  }

  async acceptTotpStep(personId: string, step: number): Promise<boolean> {
    return this.conditional({
      Key: keys.person(personId),
      UpdateExpression: 'SET lastTotpStep = :step',
      // a concurrent request with the same code loses here, even if both passed the check before
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastTotpStep) OR lastTotpStep < :step)',
      ExpressionAttributeValues: { ':step': step },
    });
  }

  async setTwoFactor(person: PersonRecord, on: { secret: string; step: number; recoveryCodes: string[] } | null, updatedAt: string): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      const current = attempt === 1 ? person : await this.get(person._id);
      if (!current || current.two_factor_enabled === (on !== null)) return false;
      const shops = await this.shopsOf(person._id);
      const change = on
        ? {
            expression: 'SET two_factor_enabled = :on, twoFactorSecret = :secret, lastTotpStep = :step, recoveryCodes = :codes, updatedAt = :at REMOVE pendingTwoFactorSecret',
            values: { ':on': true, ':secret': on.secret, ':step': on.step, ':codes': new Set(on.recoveryCodes), ':at': updatedAt },
          }
        : {
            expression: 'SET two_factor_enabled = :on, updatedAt = :at REMOVE twoFactorSecret, pendingTwoFactorSecret, lastTotpStep, recoveryCodes',
            values: { ':on': false, ':at': updatedAt },
          };
      try {
        await retryConflicts(() => this.db.send(new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table, Key: keys.person(person._id), UpdateExpression: change.expression,
                // the membership copies below are all of them only while the count is what was read
                ConditionExpression: 'two_factor_enabled = :was AND membershipCount = :n',
                ExpressionAttributeValues: { ...change.values, ':was': on === null, ':n': shops.length },
              },
            },
            ...shops.map((ref) => ({
              Update: {
                TableName: this.table, Key: keys.user(ref.shopId, ref.userId),
                UpdateExpression: 'SET two_factor_enabled = :on', ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':on': on !== null },
              },
            })),
          ],
        })));
        return true;
      } catch (error) {
        // a shop joined or left meanwhile (or another change won): read again and retry
        if (cancellationCodes(error).includes('ConditionalCheckFailed') && attempt < 5) continue;
        throw error;
      }
    }
  }

  async takeRecoveryCode(personId: string, digest: string): Promise<boolean> {
    return this.conditional({
      Key: keys.person(personId),
      UpdateExpression: 'DELETE recoveryCodes :code',
      ConditionExpression: 'contains(recoveryCodes, :digest)',
      ExpressionAttributeValues: { ':code': new Set([digest]), ':digest': digest },
    });
  }

  async replaceRecoveryCodes(personId: string, digests: string[], updatedAt: string): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.person(personId),
      UpdateExpression: 'SET recoveryCodes = :codes, updatedAt = :at',
      ConditionExpression: 'two_factor_enabled = :on',
      ExpressionAttributeValues: { ':codes': new Set(digests), ':at': updatedAt, ':on': true },
    }));
  }

  /** An update whose failed condition is an answer (false), not an error. */
  private async conditional(input: Update): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({ TableName: this.table, ...input }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
