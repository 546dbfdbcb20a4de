import { timingSafeEqual } from 'node:crypto';
import { API_BASE, buildPath, courierDefinition, routes, type StatusPushOutput } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { AccountRecord, ShopRecord } from '../records';
import { AppError } from '../../ground/errors';
import { randomSecret, sha256 } from '../../ground/tokens';

/**
 * The callback address of an account whose courier pushes status changes (issue 22): the key in its
 * path is `<shop id>.<account id>.<256 random bits>`, so a push finds its account with one GetItem.
 * The secret is kept sealed (the account page shows the address again) and as its SHA-256, which is
 * what a push is checked against, in constant time, without opening anything.
 */
export const pushes = (account: Pick<AccountRecord, 'company'>) => courierDefinition(account.company).booking.statusPush === true;

/** A new secret's fields for the account item; the address made with it replaces any before. */
export async function newPushSecret(shopId: string, deps: Deps): Promise<{ secret: string; fields: Pick<AccountRecord, 'pushSecret' | 'pushSecretHash'> }> {
  const secret = randomSecret();
  return { secret, fields: { pushSecret: await deps.secrets.encrypt(secret, `${shopId}#push`), pushSecretHash: sha256(secret) } };
}

export function pushUrl(shopId: string, accountId: string, secret: string, deps: Deps): string {
  return `${deps.env.APP_URL.replace(/\/+$/, '')}${API_BASE}${buildPath(routes['tracking.leopardPush'].path, { key: `${shopId}.${accountId}.${secret}` })}`;
}

/** What the account page shows: the address (opened from its sealed secret) and the last push's time. */
export async function pushView(account: AccountRecord, deps: Deps): Promise<StatusPushOutput> {
  if (!account.pushSecret) throw new Error('the account has no push secret');
  const secret = await deps.secrets.decrypt(account.pushSecret, `${account.shopId}#push`);
  return { url: pushUrl(account.shopId, account._id, secret, deps), last_push_at: account.lastPushAt ?? null };
}

const KEY = /^([0-9a-f]{24})\.([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;
/** Compared with when there is no account, so an unknown one takes as long as a wrong secret. */
const NOTHING = Buffer.alloc(32);

/**
 * The shop and account a push's key names, once its secret is proven; anything else (a malformed key,
 * an unknown shop or account, another courier's, a shop that uninstalled, a wrong secret) is the same
 * refusal, with nothing written.
 */
export async function accountOfPushKey(key: string, deps: Deps): Promise<{ shop: ShopRecord; account: AccountRecord }> {
  const match = KEY.exec(key);
  if (!match) throw new AppError('PUSH_REFUSED');
  const [, shopId, accountId, secret] = match as unknown as [string, string, string, string];
  const account = await deps.accounts.get(shopId, accountId);
  const stored = account?.pushSecretHash ? Buffer.from(account.pushSecretHash, 'hex') : NOTHING;
  const given = Buffer.from(sha256(secret), 'hex');
  const same = stored.length === given.length && timingSafeEqual(stored, given);
  if (!same || !account || !pushes(account)) throw new AppError('PUSH_REFUSED');
  const shop = await deps.shops.get(shopId);
  if (!shop || shop.status !== 'ACTIVE') throw new AppError('PUSH_REFUSED');
  return { shop, account };
}
