import { ALL_SCOPES } from '@dakiya/shared';
import { hashPassword } from '@dakiya/functions/platform/passwords';
import { newId } from '@dakiya/functions/platform/ids';
import type { Stack } from './stack';
import { readInbox } from './services/ses';

export interface DemoSignIns {
  owner: { email: string; password: string };
  staff: { email: string; password: string };
  firstStart: boolean;
}

/**
 * Installs the demo shop through the simulator's real OAuth flow (launch URL -> our install route ->
 * authorize -> our callback), the way a merchant's browser does, then sets the owner's password
 * from the emailed create-password link and adds one staff USER. Runs at every start: the Shopify
 * simulator keeps its shop in memory, so each start re-seeds it and re-installs (a reinstall only
 * refreshes the shop and its token; the DynamoDB data on disk is kept).
 */
export async function seedDemo(stack: Stack): Promise<DemoSignIns> {
  const { config, shopify, deps } = stack;
  const demo = config.demo;
  try {
    shopify.control.shop(demo.shop);
  } catch {
    shopify.control.seedShop({ shop: demo.shop, name: demo.shopName, email: demo.ownerEmail, currencyCode: 'PKR', ianaTimezone: 'Asia/Karachi', orders: demo.orders, seed: 7 });
  }
  const firstStart = !(await deps.shops.getByDomain(demo.shop));
  const since = Math.floor(Date.now() / 1000) - 1;
  await installThroughOAuth(stack, demo.shop);

  const shop = await deps.shops.getByDomain(demo.shop);
  if (!shop) throw new Error('the demo install did not create the shop');
  const owner = await deps.users.get(shop._id, shop.ownerUserId);
  if (!owner) throw new Error('the demo shop has no owner');
  if (!owner.passwordHash) await setPasswordFromEmail(stack, owner.email, since, demo.ownerPassword);

  if (!(await deps.users.findByEmail(demo.staffEmail))) {
    const stamp = new Date().toISOString();
    await deps.users.create({
      _id: newId(), shopId: shop._id, first_name: 'Bilal', last_name: 'Ahmed', email: demo.staffEmail, phone: '03211234567',
      role: 'USER', tag: 'packer', access_scopes: ALL_SCOPES.filter((s) => s === 'READ_ORDERS' || s === 'BOOK_ORDERS' || s === 'READ_ANALYTICS'),
      is_active: true, is_verified_user: true, two_factor_enabled: false, createdAt: stamp, updatedAt: stamp,
      passwordHash: await hashPassword(demo.staffPassword),
    });
  }
  return {
    owner: { email: owner.email, password: demo.ownerPassword },
    staff: { email: demo.staffEmail, password: demo.staffPassword },
    firstStart,
  };
}

/** The merchant's browser, step by step, without following redirects blindly. */
export async function installThroughOAuth(stack: Stack, shopDomain: string): Promise<string> {
  const { shopify } = stack;
  const step = async (url: string, cookie?: string) => {
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    const location = res.headers.get('location');
    if (res.status !== 302 || !location) throw new Error(`install step ${new URL(url).pathname} answered ${res.status}: ${await res.text()}`);
    return { location: new URL(location, url).toString(), cookies: res.headers.getSetCookie() };
  };
  shopify.control.setConsent('auto-approve');
  try {
    const install = await step(shopify.control.launchUrl(shopDomain));
    const stateCookie = install.cookies.map((c) => c.split(';')[0]).join('; ');
    const authorize = await step(install.location);
    const callback = await step(authorize.location, stateCookie);
    const token = new URL(callback.location).searchParams.get('token');
    if (!token) throw new Error('the install did not end signed in');
    return token;
  } finally {
    shopify.control.setConsent('page');
  }
}

async function setPasswordFromEmail(stack: Stack, email: string, since: number, password: string): Promise<void> {
  const mails = await readInbox(stack.inboxUrl, since);
  const mail = mails.reverse().find((m) => m.destination.to.includes(email) && /password/i.test(m.subject));
  const link = mail?.body.text?.match(/https?:\/\/\S+create-new-password\S+/)?.[0];
  if (!link) throw new Error(`no create-password email reached ${email}`);
  const url = new URL(link);
  const res = await fetch(`${stack.appUrl}/api/v1/password/create-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password, confirm_password: password, hash: url.searchParams.get('hash'), _id: url.searchParams.get('id'), email }),
  });
  if (!res.ok) throw new Error(`create-password answered ${res.status}: ${await res.text()}`);
}
