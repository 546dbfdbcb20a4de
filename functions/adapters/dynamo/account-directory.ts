import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountEntry, AccountRecord } from '../../domain/records';
import { cancellationCodes, isConditionFailure, retryConflicts } from './errors';
import { keys } from './keys';

type Item = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export const entryOf = (account: Pick<AccountRecord, 'company' | 'in_active'>): AccountEntry => ({ company: account.company, active: !account.in_active });

/**
 * The shop item's part of an account write. Every write bumps `accountsVersion`, so a directory filled
 * from an older read of the accounts is refused (fillDirectory). With a directory present the entry is
 * written into it; a shop without one (older data) only has its version bumped. Each form is
 * conditional on the directory being as it assumes, and the shop item must exist.
 */
export function directoryWrite(table: string, shopId: string, accountId: string, entry: AccountEntry, present: boolean): Item {
  return {
    Update: {
      TableName: table, Key: keys.shop(shopId),
      UpdateExpression: present ? 'SET accountDirectory.#id = :entry ADD accountsVersion :one' : 'ADD accountsVersion :one',
      ConditionExpression: present ? 'attribute_exists(accountDirectory)' : 'attribute_exists(pk) AND attribute_not_exists(accountDirectory)',
      ...(present ? { ExpressionAttributeNames: { '#id': accountId } } : {}),
      ExpressionAttributeValues: present ? { ':entry': entry, ':one': 1 } : { ':one': 1 },
    },
  };
}

/**
 * Runs a transaction whose last item is the directory write, first assuming the shop has a directory
 * (nearly every shop) and again the other way if the shop item says otherwise; a directory is never
 * removed, so two tries settle it. Answers the cancellation codes of a failure of any other item.
 */
export async function transactWithDirectory(db: DynamoDBDocumentClient, items: (present: boolean) => Item[]): Promise<string[] | undefined> {
  for (const present of [true, false, true]) {
    try {
      await retryConflicts(() => db.send(new TransactWriteCommand({ TransactItems: items(present) })));
      return undefined;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const codes = cancellationCodes(error);
      if (codes.slice(0, -1).some((code) => code === 'ConditionalCheckFailed')) return codes;
      if (codes.at(-1) !== 'ConditionalCheckFailed') throw error;
    }
  }
  throw new Error('the shop of the account was not found');
}
