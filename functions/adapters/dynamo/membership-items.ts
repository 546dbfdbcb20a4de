import type { PersonJoin } from '../../domain/ports/repos';
import type { PersonRecord, UserRecord } from '../../domain/records';
import { keys } from './keys';

/** One item of a TransactWriteItems call. */
export type TransactItem = Record<string, unknown>;

const absent = 'attribute_not_exists(pk)';

/**
 * The writes that make `user` a membership of `join.person`: its pointer, the person (new, with its
 * claim; or counted, on the condition that its two-factor is still what the membership copies).
 * The membership item itself is the caller's (a put for a new one, an update for an invitation).
 */
export function joinItems(table: string, user: UserRecord, join: PersonJoin): TransactItem[] {
  const { person } = join;
  const items: TransactItem[] = [
    { Put: { TableName: table, Item: { ...keys.personShop(person._id, user.shopId), type: 'person-shop', shopId: user.shopId, userId: user._id }, ConditionExpression: absent } },
  ];
  if (join.isNew) {
    items.push(
      { Put: { TableName: table, Item: { ...keys.person(person._id), type: 'person', ...person, membershipCount: 1 }, ConditionExpression: absent } },
      { Put: { TableName: table, Item: { ...keys.emailClaim(person.email), type: 'email', personId: person._id }, ConditionExpression: absent } },
    );
  } else {
    items.push({
      Update: {
        TableName: table, Key: keys.person(person._id),
        UpdateExpression: 'ADD membershipCount :one',
        ConditionExpression: 'attribute_exists(pk) AND two_factor_enabled = :flag',
        ExpressionAttributeValues: { ':one': 1, ':flag': person.two_factor_enabled },
      },
    });
  }
  return items;
}

/** The writes that take `user` out of `person`: its pointer, and the person itself when this was its last shop. */
export function leaveItems(table: string, user: UserRecord, person: PersonRecord): TransactItem[] {
  const items: TransactItem[] = [{ Delete: { TableName: table, Key: keys.personShop(person._id, user.shopId) } }];
  const count = { ':n': person.membershipCount };
  if (person.membershipCount <= 1) {
    // a person with no shop has nothing to sign in to: the address is free again
    items.push(
      { Delete: { TableName: table, Key: keys.person(person._id), ConditionExpression: 'membershipCount = :n', ExpressionAttributeValues: count } },
      { Delete: { TableName: table, Key: keys.emailClaim(person.email) } },
    );
  } else {
    items.push({
      Update: {
        TableName: table, Key: keys.person(person._id), UpdateExpression: 'ADD membershipCount :minus',
        ConditionExpression: 'membershipCount = :n', ExpressionAttributeValues: { ...count, ':minus': -1 },
      },
    });
  }
  return items;
}

/** The shop's use of an address: one member or invitation per address and shop. */
export function shopEmailPut(table: string, user: Pick<UserRecord, 'shopId' | '_id' | 'email'>): TransactItem {
  return { Put: { TableName: table, Item: { ...keys.shopEmail(user.shopId, user.email), type: 'shop-email', userId: user._id }, ConditionExpression: absent } };
}

export function invitePut(table: string, user: Pick<UserRecord, 'shopId' | '_id' | 'email'>): TransactItem {
  return { Put: { TableName: table, Item: { ...keys.invite(user.email, user.shopId, user._id), type: 'invite', shopId: user.shopId, userId: user._id } } };
}

export function memberPut(table: string, user: UserRecord): TransactItem {
  return { Put: { TableName: table, Item: { ...keys.user(user.shopId, user._id), type: 'user', ...user }, ConditionExpression: absent } };
}
