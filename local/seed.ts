import type { RouteInput } from '@dakiya/shared';
import type { Stack } from './stack';
import { apiClient } from './api-client';
import { waitForLink } from './services/ses';
import { COURIER_SIMS } from './simulators/couriers';
import { seedBookingHistory } from './seed-bookings';

export interface DemoSignIns {
  owner: { email: string; password: string };
  staff: { email: string; password: string };
  /** The owner of the second demo shop, which stays on the free plan. */
  freeOwner: { email: string; password: string };
  firstStart: boolean;
}

/**
 * Installs the demo shop through the simulator's real OAuth flow (launch URL -> our install route ->
 * authorize -> our callback), the way a merchant's browser does, then sets the owner's password
 * from the emailed create-password link and adds one staff USER the way an owner does (create-user,
 * then the emailed verification link). Runs at every start: the Shopify
 * simulator keeps its shop in memory, so each start re-seeds it and re-installs (installShop says why;
 * the DynamoDB data on disk is kept). Then the demo shop pays monthly and a second shop stays free;
 * with `history`, the demo shop's first start also gets months of bookings (seed-bookings.ts).
 */
export async function seedDemo(stack: Stack, opts: { history?: { bookings: number; days: number } } = {}): Promise<DemoSignIns> {
  const { config, deps } = stack;
  const demo = config.demo;
  const { shop, owner, firstStart } = await installShop(stack, {
    shop: demo.shop, name: demo.shopName, email: demo.ownerEmail, password: demo.ownerPassword, orders: demo.orders,
  });
  if (!(await deps.people.findByEmail(demo.staffEmail))) await addStaffThroughApi(stack, owner.email, demo.ownerPassword);
  if ((await deps.accounts.listOfShop(shop._id)).length === 0) await addTrackingAccounts(stack, owner.email, demo.ownerPassword);
  // the simulator forgets its charges at every start: the demo shop pays again, approved as a merchant would
  if (!hasActiveCharge(stack, demo.shop)) await subscribeThroughApproval(stack, { email: owner.email, password: demo.ownerPassword }, 'MONTHLY');
  if (opts.history?.bookings && !(await deps.bookings.listByDate(shop._id, 1)).items.length) {
    // months of bookings across couriers, statuses, cities and staff, once: a later start finds them on disk
    const accounts = (await deps.accounts.listOfShop(shop._id)).filter((a) => !a.in_active);
    const members = (await deps.members.listOfShop(shop._id)).filter((m) => m.is_active);
    await seedBookingHistory(deps, stack.couriers, { shop, accounts, members, count: opts.history.bookings, days: opts.history.days });
  }
  // a second, small shop on the free plan, so both sides of every plan gate can be seen
  const free = demo.freeShop;
  const { owner: freeOwner } = await installShop(stack, { shop: free.shop, name: free.shopName, email: free.ownerEmail, password: free.ownerPassword, orders: free.orders });
  return {
    owner: { email: owner.email, password: demo.ownerPassword },
    staff: { email: demo.staffEmail, password: demo.staffPassword },
    freeOwner: { email: freeOwner.email, password: free.ownerPassword },
    firstStart,
  };
}

function hasActiveCharge(stack: Stack, shopDomain: string): boolean {
  return stack.shopify.control.shop(shopDomain).subscriptions.some((sub) => sub.status === 'ACTIVE');
}

/**
 * Puts a shop on a paid plan the way its owner does: open the plans page (its check asks Shopify),
 * subscribe, Approve on Shopify's charge page (the simulator's, a GET form), then back on the plans
 * page, whose return asks the server to check again. The plan changes only because Shopify says the
 * charge is active. After a restart the simulator has forgotten the old charge: the first check moves
 * the shop to FREE (deactivating staff users and spare accounts), and the new subscription takes the
 * page's two choices to bring them back.
 */
export async function subscribeThroughApproval(stack: Stack, owner: { email: string; password: string }, plan: 'MONTHLY' | 'YEARLY'): Promise<void> {
  const api = apiClient(stack.appUrl);
  const { auth_token: token } = await api.call('auth.login', { body: owner });
  const before = await api.call('billing.check', { token });
  if (before.planId !== plan) {
    const bringBack = { users: before.deactivated.users > 0 ? 'true' : 'false', accounts: before.deactivated.accounts > 0 ? 'true' : 'false' } as const;
    const { confirmationUrl } = await api.call('billing.subscribe', { token, query: bringBack, body: { plan } });
    const page = await fetch(confirmationUrl);
    if (!page.ok || !(await page.text()).includes('Approve subscription')) throw new Error(`the charge page of ${owner.email} answered ${page.status}`);
    const approve = new URL(confirmationUrl);
    approve.searchParams.set('decision', 'approve');
    const answer = await fetch(approve, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location') ?? '', stack.appUrl);
    const status = await api.call('billing.check', { token, query: { charge_id: back.searchParams.get('charge_id') ?? '' } });
    if (!status.charge?.approved) throw new Error(`Shopify does not show the ${plan} charge of ${owner.email} as active`);
  }
  await api.call('auth.logout', { token });
}

/**
 * A shop in the Shopify simulator, installed through OAuth, whose owner has set a password from the
 * emailed link. Used by the demo seed and by end-to-end tests that need a second shop.
 */
export async function installShop(stack: Stack, input: { shop: string; name: string; email: string; password: string; orders: number }) {
  const { shopify, deps } = stack;
  let forgotten = false;
  try {
    shopify.control.shop(input.shop);
  } catch {
    shopify.control.seedShop({ shop: input.shop, name: input.name, email: input.email, currencyCode: 'PKR', ianaTimezone: 'Asia/Karachi', orders: input.orders, seed: 7 });
    forgotten = true;
  }
  const known = await deps.shops.getByDomain(input.shop);
  const firstStart = !known;
  if (forgotten && known?.status === 'ACTIVE') {
    // the simulator lost the shop's installation (its token, its charges) when it stopped: the app hears
    // it as Shopify says it, app/uninstalled, so the install below runs the offline grant for a live token
    shopify.control.uninstall(input.shop);
    await shopify.control.drainWebhooks();
  }
  const since = Math.floor(Date.now() / 1000) - 1;
  await installThroughOAuth(stack, input.shop);
  const shop = await deps.shops.getByDomain(input.shop);
  if (!shop) throw new Error(`the install of ${input.shop} did not create the shop`);
  const owner = await deps.members.get(shop._id, shop.ownerUserId);
  const person = owner?.personId ? await deps.people.get(owner.personId) : undefined;
  if (!owner || !person) throw new Error(`${input.shop} has no owner`);
  if (!person.passwordHash) await setPasswordFromEmail(stack, owner.email, since, input.password);
  return { shop, owner, firstStart };
}

/**
 * The merchant's browser, step by step, without following redirects blindly: a top-level launch, the
 * install grant (when the shop is new or uninstalled), the online grant that says who opened the app,
 * and the owner's one-time /login?token= link traded for a session.
 */
export async function installThroughOAuth(stack: Stack, shopDomain: string): Promise<string> {
  const landing = await launchFromAdmin(stack, shopDomain);
  const handoff = landing.searchParams.get('token');
  if (!handoff) throw new Error(`the launch of ${shopDomain} did not end signed in: ${landing.pathname}${landing.search}`);
  // what /login does with ?token=: trade the one-time URL token for a session
  return (await apiClient(stack.appUrl).call('auth.exchangeToken', { body: { token: handoff } })).auth_token;
}

/** Opens the app as the simulated admin's signed-in user would (top-level launch); answers where Dakiya lands them. */
export async function launchFromAdmin(stack: Stack, shopDomain: string): Promise<URL> {
  const { shopify } = stack;
  const cookies = new Map<string, string>();
  shopify.control.setConsent('auto-approve');
  try {
    let url = shopify.control.launchUrl(shopDomain, { embedded: false });
    for (let step = 0; step < 8; step++) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!, value.join('='));
      }
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`launch step ${new URL(url).pathname} answered ${res.status}: ${await res.text()}`);
      const next = new URL(location, url);
      if (next.origin === stack.appUrl && !next.pathname.startsWith('/api/')) return next;
      url = next.toString();
    }
    throw new Error(`the launch of ${shopDomain} did not land in Dakiya`);
  } finally {
    shopify.control.setConsent('page');
  }
}

async function setPasswordFromEmail(stack: Stack, email: string, since: number, password: string): Promise<void> {
  const link = await waitForLink(stack.inboxUrl, email, 'create-new-password', { since });
  await apiClient(stack.appUrl).call('auth.createPassword', {
    body: { password, confirm_password: password, hash: link.searchParams.get('hash') ?? '', _id: link.searchParams.get('id') ?? '', email },
  });
}

async function addStaffThroughApi(stack: Stack, ownerEmail: string, ownerPassword: string): Promise<void> {
  const { demo } = stack.config;
  const api = apiClient(stack.appUrl);
  const since = Math.floor(Date.now() / 1000) - 1;
  const { auth_token: token } = await api.call('auth.login', { body: { email: ownerEmail, password: ownerPassword } });
  await api.call('users.create', {
    token,
    body: {
      first_name: 'Bilal', last_name: 'Ahmed', email: demo.staffEmail, password: demo.staffPassword, tag: 'packer',
      phone: '03211234567', city: 'Karachi', country: 'Pakistan', role: 'USER', access_scopes: ['READ_ORDERS', 'BOOK_ORDERS', 'READ_ANALYTICS'],
    },
  });
  const link = await waitForLink(stack.inboxUrl, demo.staffEmail, 'email-verify', { since });
  await api.call('auth.verifyEmail', { body: { token: link.searchParams.get('token') ?? '' } });
  await api.call('auth.logout', { token });
}

/** One account per courier, created like a merchant does: the API checks each with its simulator. */
async function addTrackingAccounts(stack: Stack, ownerEmail: string, ownerPassword: string): Promise<void> {
  const api = apiClient(stack.appUrl);
  const { auth_token: token } = await api.call('auth.login', { body: { email: ownerEmail, password: ownerPassword } });
  for (const [i, sim] of COURIER_SIMS.entries()) {
    // the first courier's account is the default, preselected when booking
    const account = { company: sim.id, ...sim.demoAccount, is_default: i === 0 ? 'Default' : 'No' };
    // the simulators type their demo credentials loosely; the route's schema checks them on arrival
    const body = { ...sim.demoCredentials, ...account } as NonNullable<RouteInput<'accounts.create'>['body']>;
    await api.call('accounts.create', { token, body });
  }
  await api.call('auth.logout', { token });
}
