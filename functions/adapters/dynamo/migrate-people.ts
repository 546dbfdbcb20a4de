import { GetCommand, PutCommand, ScanCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SecretBox } from '../../domain/ports/secrets';
import { newId } from '../../ground/ids';
import { keys } from './keys';

/** Written once the table has moved, so later starts do not scan it again (a local table may hold 100,000 orders). */
const DONE = { pk: 'MIGRATION#people', sk: 'MIGRATION' };

/** A user item as written before people existed: the password and two-factor lived on it. */
interface OldUser {
  _id: string;
  shopId: string;
  email: string;
  is_verified_user: boolean;
  two_factor_enabled?: boolean;
  passwordHash?: string;
  twoFactorSecret?: string;
  lastTotpStep?: number;
  createdAt: string;
}

/**
 * Moves a table written before people existed to the people model: each verified user becomes a
 * person (password and two-factor move over, the secret re-sealed for the person) with its membership;
 * each unverified one becomes an invitation. A table kept on disk in local mode needs it once; nothing
 * in AWS does (no deployment held the old layout). Scans: run it from the local runner only.
 */
export async function migrateToPeople(db: DynamoDBDocumentClient, table: string, secrets: SecretBox, now: () => Date): Promise<number> {
  if ((await db.send(new GetCommand({ TableName: table, Key: DONE }))).Item) return 0;
  const old: OldUser[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({
      TableName: table,
      FilterExpression: '#type = :user AND attribute_not_exists(personId) AND attribute_not_exists(invitePasswordHash)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':user': 'user' },
      ExclusiveStartKey: cursor,
    }));
    old.push(...((page.Items ?? []) as unknown as OldUser[]));
    cursor = page.LastEvaluatedKey;
  } while (cursor);

  for (const user of old) {
    const stamp = now().toISOString();
    const member = keys.user(user.shopId, user._id);
    const shopEmail = { Put: { TableName: table, Item: { ...keys.shopEmail(user.shopId, user.email), type: 'shop-email', userId: user._id } } };
    if (!user.is_verified_user) {
      await db.send(new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table, Key: member,
              UpdateExpression: 'SET invitePasswordHash = :hash REMOVE passwordHash, twoFactorSecret, pendingTwoFactorSecret, lastTotpStep, recoveryCodes',
              ExpressionAttributeValues: { ':hash': user.passwordHash ?? '' },
            },
          },
          shopEmail,
          { Put: { TableName: table, Item: { ...keys.invite(user.email, user.shopId, user._id), type: 'invite', shopId: user.shopId, userId: user._id } } },
          { Delete: { TableName: table, Key: keys.emailClaim(user.email) } },
        ],
      }));
      continue;
    }
    const personId = newId();
    const secret = user.twoFactorSecret ? await secrets.encrypt(await secrets.decrypt(user.twoFactorSecret, user.shopId), personId) : undefined;
    const twoFactor = user.two_factor_enabled === true && secret !== undefined;
    await db.send(new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table,
            Item: {
              ...keys.person(personId), type: 'person', _id: personId, email: user.email, passwordHash: user.passwordHash,
              two_factor_enabled: twoFactor, ...(twoFactor ? { twoFactorSecret: secret, lastTotpStep: user.lastTotpStep } : {}),
              membershipCount: 1, createdAt: user.createdAt, updatedAt: stamp,
            },
          },
        },
        // the old claim named the user; the new one names the person
        { Put: { TableName: table, Item: { ...keys.emailClaim(user.email), type: 'email', personId } } },
        { Put: { TableName: table, Item: { ...keys.personShop(personId, user.shopId), type: 'person-shop', shopId: user.shopId, userId: user._id } } },
        shopEmail,
        {
          Update: {
            TableName: table, Key: member,
            UpdateExpression: 'SET personId = :pid, two_factor_enabled = :tfa REMOVE passwordHash, twoFactorSecret, pendingTwoFactorSecret, lastTotpStep, recoveryCodes',
            ExpressionAttributeValues: { ':pid': personId, ':tfa': twoFactor },
          },
        },
      ],
    }));
  }
  await db.send(new PutCommand({ TableName: table, Item: { ...DONE, type: 'migration', at: now().toISOString(), moved: old.length } }));
  return old.length;
}
