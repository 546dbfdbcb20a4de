/**
 * The only code that knows pk/sk. Every shop-owned item sits under `SHOP#<id>`; the few items that
 * are not (uniqueness claims for a domain or an email, OAuth state before the shop is known) carry
 * the shop id as data and nothing else of the shop.
 */
export const keys = {
  shop: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'SHOP' }),
  domainClaim: (domain: string) => ({ pk: `DOMAIN#${domain}`, sk: 'DOMAIN' }),
  user: (shopId: string, userId: string) => ({ pk: `SHOP#${shopId}`, sk: `USER#${userId}` }),
  userPrefix: (shopId: string) => ({ pk: `SHOP#${shopId}`, skPrefix: 'USER#' }),
  emailClaim: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  session: (shopId: string, userId: string, tokenHash: string) => ({ pk: `SHOP#${shopId}`, sk: `SESSION#${userId}#${tokenHash}` }),
  sessionsOfUser: (shopId: string, userId: string) => ({ pk: `SHOP#${shopId}`, skPrefix: `SESSION#${userId}#` }),
  link: (shopId: string, digest: string) => ({ pk: `SHOP#${shopId}`, sk: `LINK#${digest}` }),
  staffCounter: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'COUNTER#staff' }),
  /** Rate-limit windows key on an email or an address, before any shop is known. */
  rate: (key: string, windowStart: number) => ({ pk: `RATE#${key}`, sk: `WINDOW#${windowStart}` }),
  account: (shopId: string, accountId: string) => ({ pk: `SHOP#${shopId}`, sk: `ACCOUNT#${accountId}` }),
  accountCounter: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'COUNTER#accounts' }),
  defaultAccount: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'DEFAULT#account' }),
  oauthState: (nonce: string) => ({ pk: `OAUTH#${nonce}`, sk: 'STATE' }),
  webhookDelivery: (shopDomain: string, webhookId: string) => ({ pk: `DOMAIN#${shopDomain}`, sk: `WEBHOOK#${webhookId}` }),
};

export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type'] as const;

/** Strip the table's own attributes so nothing of the key design leaves the repository. */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const copy: Record<string, unknown> = { ...item };
  for (const attribute of KEY_ATTRIBUTES) delete copy[attribute];
  return copy as T;
}

export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** Build `SET a = :a, b = :b` for a flat patch; undefined values are skipped. */
export function setExpression(patch: Record<string, unknown>) {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = entries.map(([key, value], i) => {
    names[`#f${i}`] = key;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return { expression: `SET ${parts.join(', ')}`, names, values, empty: entries.length === 0 };
}
