import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SignInState, SignInTriesStore, Tries, TryKind } from '../../domain/ports/sign-in';
import { batchGet } from './batch';
import { isConditionFailure } from './errors';
import { keys } from './keys';

/**
 * Small items under the account (`SIGNIN#<account>`), each with its own TTL: an address's tries, an hour's
 * failures (ADD, never a read-modify-write, since many addresses may fail at once), the step-up and the
 * addresses that signed in. An expired item reads as absent.
 */
export class DynamoSignInTries implements SignInTriesStore {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string, private readonly nowSeconds: () => number) {}

  async read(account: string, address: string, kind: TryKind, hourStart: number): Promise<SignInState> {
    const wanted = {
      tries: keys.signInTries(account, kind, address),
      familiar: keys.signInFamiliar(account, address),
      stepUp: keys.signInStepUp(account),
      previous: keys.signInFailures(account, hourStart - 3600),
    };
    const items = await batchGet(this.db, this.table, Object.values(wanted), { consistent: true });
    const found = new Map(items.filter((item) => this.live(item)).map((item) => [item.sk as string, item]));
    const tries = found.get(wanted.tries.sk);
    return {
      tries: tries ? { failures: tries.failures as number, lastAt: tries.lastAt as number } : undefined,
      familiar: found.has(wanted.familiar.sk),
      stepUpUntil: (found.get(wanted.stepUp.sk)?.expiresAt as number | undefined) ?? 0,
      previousHourFailures: (found.get(wanted.previous.sk)?.count as number | undefined) ?? 0,
    };
  }

  async swap(account: string, address: string, kind: TryKind, seen: Tries | undefined, next: Tries, forgetAt: number) {
    try {
      await this.db.send(new PutCommand({
        TableName: this.table,
        Item: { ...keys.signInTries(account, kind, address), type: 'signInTries', ...next, expiresAt: forgetAt },
        ConditionExpression: seen
          ? 'failures = :failures AND lastAt = :lastAt AND expiresAt > :now'
          : 'attribute_not_exists(pk) OR expiresAt <= :now',
        ExpressionAttributeValues: { ':now': this.nowSeconds(), ...(seen ? { ':failures': seen.failures, ':lastAt': seen.lastAt } : {}) },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }));
      return { swapped: true } as const;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const item = (error as { Item?: Record<string, { N?: string }> }).Item;
      const now = item && Number(item.expiresAt?.N) > this.nowSeconds()
        ? { failures: Number(item.failures?.N), lastAt: Number(item.lastAt?.N) }
        : undefined;
      return { swapped: false, now } as const;
    }
  }

  async clear(account: string, address: string, kind: TryKind): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.signInTries(account, kind, address) }));
  }

  async addFailure(account: string, hourStart: number, expiresAt: number): Promise<number> {
    const { Attributes } = await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.signInFailures(account, hourStart),
      UpdateExpression: 'ADD #count :one SET expiresAt = :exp, #type = :type',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt, ':type': 'signInFailures' },
      ReturnValues: 'UPDATED_NEW',
    }));
    return Attributes?.count as number;
  }

  async stepUp(account: string, until: number): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.signInStepUp(account), type: 'signInStepUp', expiresAt: until } }));
  }

  async rememberAddress(account: string, address: string, until: number): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.signInFamiliar(account, address), type: 'signInFamiliar', expiresAt: until } }));
  }

  private live(item: Record<string, unknown>): boolean {
    return (item.expiresAt as number) > this.nowSeconds();
  }
}
