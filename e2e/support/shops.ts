import { inject } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createDocClient } from '../../functions/adapters/dynamo/client';
import { api } from './inbox';

/** The Shopify simulator's control API (never Shopify's own). */
export function sim(path: string, body: object): Promise<void> {
  return fetch(`${inject('shopifyUrl')}/_fake/${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  }).then(async (res) => { if (!res.ok) throw new Error(`${path}: ${await res.text()}`); });
}

/**
 * A store of its own for one flow, installed by its owner as a script's browser would (launch,
 * install grant, online grant, the one-time link traded); answers the owner's session. Its plan is
 * FREE, with its own ten users; `orders` open orders of the simulator's mix in it (3 unless said).
 */
export async function installNewShop(shop: string, name: string, ownerEmail: string, orders = 3): Promise<string> {
  await sim('shops', { shop, name, email: ownerEmail, orders });
  const cookies = new Map<string, string>();
  let url = ((await (await fetch(`${inject('shopifyUrl')}/_fake/launch-url?shop=${shop}&embedded=0`)).json()) as { url: string }).url;
  for (let step = 0; step < 8; step++) {
    const res = await fetch(url, { redirect: 'manual', headers: { 'x-fake-consent': 'approve', cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of res.headers.getSetCookie()) {
      const [key, ...value] = cookie.split(';')[0]!.split('=');
      cookies.set(key!, value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`install step ${new URL(url).pathname} answered ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    const token = next.pathname === '/login' ? next.searchParams.get('token') : null;
    if (token) return (await api().call('auth.exchangeToken', { body: { token } })).auth_token;
    url = next.toString();
  }
  throw new Error(`the install of ${shop} did not land signed in`);
}

/** This month's usage counter of the store `shop` (its domain) set to `count` orders (the free plan allows 5000). */
export async function setMonthUsage(shop: string, count: number): Promise<void> {
  const { endpoint, name } = inject('table');
  const db = createDocClient({ region: 'us-east-1', endpoint });
  const { Item } = await db.send(new GetCommand({ TableName: name, Key: { pk: `DOMAIN#${shop}`, sk: 'DOMAIN' } }));
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  await db.send(new UpdateCommand({
    TableName: name, Key: { pk: `SHOP#${Item!.shopId as string}`, sk: `COUNTER#usage#${month}` },
    UpdateExpression: 'SET #n = :n, #t = :t, #m = :m', ExpressionAttributeNames: { '#n': 'count', '#t': 'type', '#m': 'month' },
    ExpressionAttributeValues: { ':n': count, ':t': 'usage-counter', ':m': month },
  }));
}
