import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MembershipRace, type MemberRef, type MemberRepo, type PersonJoin } from '../../domain/ports/repos';
import type { PersonRecord, UserRecord } from '../../domain/records';
import { AppError } from '../../ground/errors';
import { putWithCounter } from './put-with-counter';
import { keys, setExpression, stripKeys } from './keys';
import { cancellationCodes, retryConflicts } from './errors';
import { invitePut, joinItems, leaveItems, memberPut, shopEmailPut, type TransactItem } from './membership-items';
import { queryAll } from './query';
import { batchGet } from './batch';

/** Why a transaction of several items was refused: the index of the first failed condition. */
const failedAt = (error: unknown) => cancellationCodes(error).indexOf('ConditionalCheckFailed');

/** Memberships and invitations: read and changed in the shop's own fields, or added and removed with their pointers and counts. */
export class DynamoMemberRepo implements MemberRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async get(shopId: string, userId: string): Promise<UserRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.user(shopId, userId) }));
    return Item ? stripKeys<UserRecord>(Item) : undefined;
  }

  async getMany(refs: MemberRef[]): Promise<UserRecord[]> {
    const items = await batchGet(this.db, this.table, refs.map((ref) => keys.user(ref.shopId, ref.userId)));
    return items.map((item) => stripKeys<UserRecord>(item));
  }

  async update(shopId: string, userId: string, patch: Partial<Omit<UserRecord, '_id' | 'shopId' | 'email' | 'personId'>>): Promise<void> {
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

  async listOfShop(shopId: string): Promise<UserRecord[]> {
    const { pk, skPrefix } = keys.userPrefix(shopId);
    const users = (await queryAll(this.db, this.table, pk, skPrefix)).map((item) => stripKeys<UserRecord>(item));
    // creation order; ids only carry the second, createdAt the millisecond
    return users.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
  }

  async invite(user: UserRecord, limit: number | undefined): Promise<void> {
    const result = await putWithCounter(this.db, this.table, keys.staffCounter(user.shopId), limit, [
      { Item: { ...keys.user(user.shopId, user._id), type: 'user', ...user }, ConditionExpression: 'attribute_not_exists(pk)' },
      { Item: { ...keys.shopEmail(user.shopId, user.email), type: 'shop-email', userId: user._id }, ConditionExpression: 'attribute_not_exists(pk)' },
      { Item: { ...keys.invite(user.email, user.shopId, user._id), type: 'invite', shopId: user.shopId, userId: user._id } },
    ]);
    if (!result.ok) throw new AppError('EMAIL_TAKEN', { param: 'email' });
  }

  async attach(invitation: UserRecord, join: PersonJoin, updatedAt: string): Promise<void> {
    const { person } = join;
    const becomeMember: TransactItem = {
      Update: {
        TableName: this.table, Key: keys.user(invitation.shopId, invitation._id),
        UpdateExpression: 'SET personId = :pid, is_verified_user = :yes, two_factor_enabled = :tfa, updatedAt = :at REMOVE invitePasswordHash',
        // still this invitation, to this address: two openings of the link cannot both attach
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(personId) AND email = :email',
        ExpressionAttributeValues: { ':pid': person._id, ':yes': true, ':tfa': person.two_factor_enabled, ':at': updatedAt, ':email': person.email },
      },
    };
    await this.transact([
      becomeMember,
      { Delete: { TableName: this.table, Key: keys.invite(invitation.email, invitation.shopId, invitation._id) } },
      ...joinItems(this.table, invitation, join),
    ]);
  }

  async join(member: UserRecord, join: PersonJoin): Promise<void> {
    const joined = { ...member, personId: join.person._id, is_verified_user: true, two_factor_enabled: join.person.two_factor_enabled };
    await this.transact([memberPut(this.table, joined), shopEmailPut(this.table, joined), ...joinItems(this.table, joined, join)]);
  }

  async remove(user: UserRecord): Promise<void> {
    const decrement: TransactItem = {
      Update: {
        TableName: this.table, Key: keys.staffCounter(user.shopId),
        UpdateExpression: 'ADD #n :minus', ConditionExpression: '#n > :zero',
        ExpressionAttributeNames: { '#n': 'count' }, ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      },
    };
    for (let attempt = 1; ; attempt++) {
      // the person's count is read now and written on that condition: a shop joined meanwhile means read again
      const person = user.personId ? await this.person(user.personId) : undefined;
      const items: TransactItem[] = [
        { Delete: { TableName: this.table, Key: keys.user(user.shopId, user._id), ConditionExpression: 'attribute_exists(pk)' } },
        { Delete: { TableName: this.table, Key: keys.shopEmail(user.shopId, user.email) } },
        ...(person ? leaveItems(this.table, user, person) : [{ Delete: { TableName: this.table, Key: keys.invite(user.email, user.shopId, user._id) } }]),
      ];
      let counted = true;
      try {
        await retryConflicts(() => this.db.send(new TransactWriteCommand({ TransactItems: [...items, decrement] })));
        return;
      } catch (error) {
        const failed = failedAt(error);
        if (failed === 0) throw new AppError('NOT_FOUND', { msg: 'User not found' });
        // a user who was never counted (the owner, or one from before the counter) leaves the counter alone
        if (failed === items.length) counted = false;
        else if (failed < 0 || attempt >= 5) throw error;
      }
      if (!counted) {
        try {
          await retryConflicts(() => this.db.send(new TransactWriteCommand({ TransactItems: items })));
          return;
        } catch (error) {
          if (failedAt(error) === 0) throw new AppError('NOT_FOUND', { msg: 'User not found' });
          if (failedAt(error) < 0 || attempt >= 5) throw error;
        }
      }
    }
  }

  async reinvite(user: UserRecord, email: string, person: PersonRecord | undefined, updatedAt: string): Promise<UserRecord> {
    const next: UserRecord = {
      ...user, email, personId: undefined, is_verified_user: false, two_factor_enabled: false, updatedAt,
      invitePasswordHash: person ? person.passwordHash : user.invitePasswordHash,
    };
    const set = setExpression({ email, is_verified_user: false, two_factor_enabled: false, updatedAt, invitePasswordHash: next.invitePasswordHash });
    const items: TransactItem[] = [
      {
        Update: {
          TableName: this.table, Key: keys.user(user.shopId, user._id),
          UpdateExpression: `${set.expression} REMOVE personId`,
          // the address and person being replaced must still be the user's: two racing changes cannot orphan a claim
          ConditionExpression: person ? 'attribute_exists(pk) AND #old = :old AND personId = :pid' : 'attribute_exists(pk) AND #old = :old AND attribute_not_exists(personId)',
          ExpressionAttributeNames: { ...set.names, '#old': 'email' },
          ExpressionAttributeValues: { ...set.values, ':old': user.email, ...(person ? { ':pid': person._id } : {}) },
        },
      },
      shopEmailPut(this.table, next),
      { Delete: { TableName: this.table, Key: keys.shopEmail(user.shopId, user.email) } },
      invitePut(this.table, next),
      ...(person ? leaveItems(this.table, user, person) : [{ Delete: { TableName: this.table, Key: keys.invite(user.email, user.shopId, user._id) } }]),
    ];
    try {
      await retryConflicts(() => this.db.send(new TransactWriteCommand({ TransactItems: items })));
    } catch (error) {
      const failed = failedAt(error);
      if (failed === 1) throw new AppError('EMAIL_TAKEN', { param: 'email' });
      if (failed >= 0) throw new AppError('NOT_FOUND', { msg: 'This user changed meanwhile. Reload and try again.' });
      throw error;
    }
    return next;
  }

  private async person(personId: string): Promise<PersonRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.person(personId) }));
    return Item ? stripKeys<PersonRecord>(Item) : undefined;
  }

  /** A failed condition means someone changed one of these items meanwhile: the caller reads again. */
  private async transact(items: TransactItem[]): Promise<void> {
    try {
      await retryConflicts(() => this.db.send(new TransactWriteCommand({ TransactItems: items })));
    } catch (error) {
      if (failedAt(error) >= 0) throw new MembershipRace(failedAt(error));
      throw error;
    }
  }
}
