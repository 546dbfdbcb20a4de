import type { ErrorCode, RouteId } from '@dakiya/shared';
import { randomBytes, randomUUID } from 'node:crypto';
import { LEOPARD_DEMO_CREDENTIALS, TCS_DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { signWebhook } from '../adapters/shopify';
import { issueMemberLink, issuePersonLink, type PersonLinkPurpose } from '../domain/links';
import { newPushSecret } from '../domain/accounts/status-push';
import { startSession } from '../domain/sessions';
import { call, seedAccount, seedUser, TEST_SHOPIFY_SECRET } from './harness';
import { signedShopifyQuery, type Fixture, type World } from './world';
import { bookableOrders } from './shopify-shops';

const freshEmail = () => `new-${randomBytes(4).toString('hex')}@example.pk`;
/** A USER of shop A made for this one call, so destructive routes never disturb other cases. */
const staffOfA = async (w: World, opts: Parameters<typeof seedUser>[2] = {}) => (await seedUser(w.deps, w.a.shop._id, opts)).user._id;
/** A fresh emailed password link of a fresh person of shop A, as the mail worker issues it. */
const linkOfA = async (w: World, purpose: PersonLinkPurpose) => {
  const { person } = await seedUser(w.deps, w.a.shop._id);
  return { person: person!, hash: await issuePersonLink(person!, purpose, w.deps) };
};
/** A fresh invitation of shop A and its verify-email link. */
const inviteOfA = async (w: World) => issueMemberLink((await seedUser(w.deps, w.a.shop._id, { verified: false })).user, w.deps);
/** A tracking account of the world's shop A (F for the free admin's cases) with an order of its store not yet booked. */
const used = new Set<string>();
async function bookingBodyOf(w: World) {
  const account = await seedAccount(w.deps, w.a.shop._id, { credentials: LEOPARD_DEMO_CREDENTIALS });
  const order = bookableOrders(w.shopify, w.a.shop.domain).find((o) => !used.has(`${w.a.shop._id}:${o.id}`));
  if (!order) throw new Error(`no bookable order left in ${w.a.shop.domain}`);
  used.add(`${w.a.shop._id}:${order.id}`);
  return {
    tracking_account: account._id, order_id: order.id, pieces: 1, weight: 500, cod_amount: 2500, order_name: order.name,
    products_list: 'Lawn suit x 1', consignee_name: 'Ayesha Khan', consignee_phone: '03001234567', consignee_email: 'ayesha.khan@example.pk',
    consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Karachi',
  };
}
/** A booking of shop A made by its owner, as the post-booking page, cancel and delete find it. */
async function bookedOfA(w: World, opts: { cancelled?: boolean } = {}) {
  const res = await call(w.deps, 'booking.book', { token: w.a.ownerToken, body: await bookingBodyOf(w) });
  if (res.status !== 200) throw new Error(`fixture booking failed: ${JSON.stringify(res.body)}`);
  const tn = res.body.booking.tracking_number as string;
  if (opts.cancelled) await call(w.deps, 'booking.cancel', { token: w.a.ownerToken, params: { trackingNumber: tn } });
  return { trackingNumber: tn, bookingId: res.body.booking._id as string };
}
/**
 * An order of shop A booked with TCS whose answer was lost: TCS cannot be asked by reference, so the
 * order waits for a person's check; `trackingNumber` is the parcel TCS made.
 */
export async function checkNeededOfA(w: World): Promise<{ orderId: string; trackingNumber: string }> {
  const body = await bookingBodyOf(w);
  const account = await seedAccount(w.deps, w.a.shop._id, { company: 'TCS', credentials: TCS_DEMO_CREDENTIALS as Record<string, string> });
  w.couriers.sims.TCS.control.failNext('lose-response', 1, 'booking/create');
  const res = await call(w.deps, 'booking.book', { token: w.a.ownerToken, body: { ...body, tracking_account: account._id } });
  if (res.body.errors?.[0]?.code !== 'COURIER_CHECK_NEEDED') throw new Error(`fixture check-needed booking: ${JSON.stringify(res.body)}`);
  return { orderId: body.order_id, trackingNumber: w.couriers.sims.TCS.control.shipments().at(-1)!.trackingNumber };
}
/** Two orders of shop A's store and an account of A, for the bulk routes (queued, not run here). */
async function bulkOfA(w: World) {
  const account = await seedAccount(w.deps, w.a.shop._id, { credentials: LEOPARD_DEMO_CREDENTIALS });
  const orders = bookableOrders(w.shopify, w.a.shop.domain).filter((o) => !used.has(`${w.a.shop._id}:${o.id}`)).slice(-2);
  return { accountId: account._id, orders };
}
const webhookBody = Buffer.from(JSON.stringify({ id: 820982911946154500, name: '#1001', tags: 'vip' }));

/**
 * A valid request for every route of the table: the authorization matrix sends it as each actor,
 * and the bad-input harness breaks it field by field. A route without a fixture fails both suites,
 * so every new route joins them.
 */
export const routeFixtures: Record<RouteId, Fixture> = {
  'system.health': () => ({}),
  'system.appConfig': () => ({}),
  'auth.login': (w) => ({ body: { email: w.a.owner.email, password: w.a.password } }),
  'auth.me': () => ({}),
  'auth.logout': () => ({}),
  'auth.createPassword': async (w) => {
    const { person, hash } = await linkOfA(w, 'create-password');
    return { body: { password: 'new-password-1', confirm_password: 'new-password-1', hash, _id: person._id } };
  },
  'auth.verifyEmail': async (w) => ({ body: { token: await inviteOfA(w) } }),
  'auth.resetPin': (w) => ({ body: { email: w.a.owner.email } }),
  'auth.resetPassword': async (w) => ({
    query: { hash: (await linkOfA(w, 'reset-password')).hash }, body: { password: 'new-password-1', confirm_password: 'new-password-1' },
  }),
  'auth.exchangeToken': async (w) => ({ body: { token: await startSession(w.a.owner, w.a.shop, 'handoff', w.deps) } }),
  // a second step whose session is not a two-factor session: the stale-sign-in answer
  'auth.verifyAuthenticator': () => ({ body: { code: '123456', twoFactorToken: 'not-a-token' } }),
  'auth.verifyRecoveryCode': () => ({ body: { recovery_code: 'abcd-efgh-jkmn', twoFactorToken: 'not-a-token' } }),
  'auth.verifySignInCode': () => ({ body: { token: 'not-a-token', code: '123456' } }),
  'users.list': () => ({ query: { page: '1', limit: '50' } }),
  'users.get': async (w) => ({ params: { id: await staffOfA(w) } }),
  'users.create': () => ({
    body: {
      first_name: 'Sana', last_name: 'Iqbal', email: freshEmail(), password: 'staff-pass-123', tag: 'packer',
      phone: '03001234567', role: 'USER', access_scopes: ['READ_ORDERS'],
    },
  }),
  'users.edit': async (w) => ({
    params: { id: await staffOfA(w) },
    body: { first_name: 'Sana', last_name: 'Iqbal', tag: 'rider', access_scopes: ['READ_ORDERS', 'BOOK_ORDERS'] },
  }),
  'users.restrict': async (w) => ({ body: { id: await staffOfA(w) } }),
  'users.changeEmail': async (w) => ({ params: { id: await staffOfA(w) }, body: { email: freshEmail() } }),
  'users.setPassword': async (w) => ({ params: { id: await staffOfA(w) }, body: { password: 'reset-pass-123', logoutFromAllDevices: true } }),
  'users.delete': async (w) => ({ params: { id: await staffOfA(w) } }),
  'users.resendEmail': async (w) => ({ body: { account_id: await staffOfA(w, { verified: false }) } }),
  'users.resetTwoFactor': async (w) => {
    // a member who turned two-factor on (the reset is refused for one who has not)
    const id = await staffOfA(w);
    await w.deps.members.update(w.a.shop._id, id, { two_factor_enabled: true });
    return { params: { id } };
  },
  'users.staffTable': () => ({ query: { start: '2026-11-01', end: '2026-11-27' } }),
  'users.staffChart': () => ({ query: { start: '2026-01-01', end: '2026-11-27' } }),
  'users.staffMemberChart': async (w) => ({ params: { id: await staffOfA(w) }, query: { start: '2026-11-20', end: '2026-11-27' } }),
  'users.staffAllCounts': async (w) => ({ params: { id: await staffOfA(w) } }),
  'users.staffCount': async (w) => ({ params: { id: await staffOfA(w) }, query: { flag: 'last7Days' } }),
  'profile.get': () => ({}),
  'profile.changePassword': () => ({
    body: { current_password: 'staff-password-1', new_password: 'changed-pass-1', confirm_password: 'changed-pass-1' },
  }),
  'profile.editTag': () => ({ body: { tag: 'dispatch' } }),
  'profile.qrCode': () => ({}),
  'profile.verifyQrCode': () => ({ body: { code: '123456', password: 'staff-password-1' } }),
  'profile.disableTwoFactor': () => ({ body: { password: 'staff-password-1', code: '123456' } }),
  'profile.recoveryCodes': () => ({ body: { password: 'staff-password-1', code: '123456' } }),
  'accounts.list': () => ({}),
  'accounts.active': () => ({}),
  'accounts.table': () => ({ query: { page: '1', limit: '50' } }),
  'accounts.create': () => ({
    body: { company: 'LEOPARD', account_name: `Leopards ${randomBytes(2).toString('hex')}`, weight: 500, is_default: 'No', city: 'Karachi', ...LEOPARD_DEMO_CREDENTIALS },
  }),
  'accounts.get': async (w) => ({ params: { id: (await seedAccount(w.deps, w.a.shop._id))._id } }),
  'accounts.statusPush': async (w) => ({ params: { id: (await seedAccount(w.deps, w.a.shop._id))._id } }),
  'accounts.newStatusPush': async (w) => ({ params: { id: (await seedAccount(w.deps, w.a.shop._id))._id } }),
  'accounts.update': async (w) => ({
    body: { id: (await seedAccount(w.deps, w.a.shop._id))._id, name: 'Renamed', api_password: LEOPARD_DEMO_CREDENTIALS.api_password, activity: 'ACTIVE', weight: 250, is_default: false },
  }),
  'accounts.cities': async (w) => ({ params: { tracking_account_id: (await seedAccount(w.deps, w.a.shop._id))._id } }),
  'accounts.tcsCities': () => ({}),
  'settings.get': () => ({}),
  // tags included: on the free plan the same request is refused (PLAN_FEATURE, param tags)
  'settings.save': () => ({
    body: {
      free_shipping_value: 2500, discount_name: 'Eid offer', show_discount: true, default_weight: 500,
      tags: { inprocess_tag: 'dakiya-in-process', delivered_tag: 'dakiya-delivered', cancelled_tag: 'dakiya-cancelled', rts_tag: 'dakiya-returned' },
    },
  }),
  'storeOrders.get': (w) => ({ params: { id: bookableOrders(w.shopify, w.a.shop.domain)[0]!.id } }),
  'storeOrders.getMany': (w) => ({ query: { id: bookableOrders(w.shopify, w.a.shop.domain).slice(0, 3).map((o) => o.id).join(',') } }),
  'storeOrders.list': () => ({ query: { filter: 'unfulfilled', limit: '10' } }),
  'storeOrders.selection': (w) => ({ query: { id: bookableOrders(w.shopify, w.a.shop.domain).slice(0, 3).map((o) => o.id).join(',') } }),
  'billing.subscribe': () => ({ query: { users: 'false', accounts: 'false' }, body: { plan: 'YEARLY' } }),
  'billing.check': () => ({}),
  // the plan a page showed before the shop moved (A pays monthly): refused, so the matrix never ends A's plan
  'billing.cancel': () => ({ body: { id: 'YEARLY', name: 'Yearly' } }),
  'booking.book': async (w) => ({ body: await bookingBodyOf(w) }),
  'booking.bookMany': async (w) => {
    const { accountId, orders } = await bulkOfA(w);
    return { body: { tracking_account: accountId, order_id: orders.map((o) => o.id).join(','), order_name: orders.map((o) => o.name).join(',') } };
  },
  'booking.bulkFulfil': async (w) => {
    const { accountId, orders } = await bulkOfA(w);
    return { body: { ordersData: orders.map((o) => ({ order_id: o.id, order_name: o.name, tracking_account: accountId })) } };
  },
  'booking.bulkProgress': async (w) => {
    const { accountId, orders } = await bulkOfA(w);
    const started = await call(w.deps, 'booking.bookMany', { token: w.a.ownerToken, body: { tracking_account: accountId, order_id: orders.map((o) => o.id) } });
    return { params: { jobId: started.body.jobId as string } };
  },
  'booking.get': async (w) => ({ params: { trackingNumber: (await bookedOfA(w)).trackingNumber } }),
  'booking.cancel': async (w) => ({ params: { trackingNumber: (await bookedOfA(w)).trackingNumber } }),
  'booking.delete': async (w) => ({ body: { orderId: (await bookedOfA(w, { cancelled: true })).bookingId } }),
  'booking.checkBooked': async (w) => {
    const { orderId, trackingNumber } = await checkNeededOfA(w);
    // TCS tracks a parcel from its first scan (the pickup)
    w.couriers.sims.TCS.control.tick(1);
    return { params: { orderId }, body: { tracking_number: trackingNumber } };
  },
  'booking.checkNotBooked': async (w) => ({ params: { orderId: (await checkNeededOfA(w)).orderId }, body: { confirmed: true } }),
  // a filter of every kind the counters answer, and a search; no id of shop A, so another shop lists its own
  'orders.list': () => ({
    query: { status: 'FULFILLED,INPROCESS', payment_status: 'UNPAID', couriers: 'LEOPARD', bookingFrom: '2026-01-01', bookingTo: '2026-12-31', page: '1', limit: '50', op: 'GREATER' },
  }),
  'orders.track': async (w) => ({ params: { id: (await bookedOfA(w)).trackingNumber } }),
  'tracking.public': async (w) => ({ params: { id: (await bookedOfA(w)).trackingNumber } }),
  // a push with shop A's real key, naming a parcel Dakiya does not have: acknowledged, nothing moved
  'tracking.leopardPush': async (w) => {
    const account = await seedAccount(w.deps, w.a.shop._id);
    const { secret, fields } = await newPushSecret(w.a.shop._id, w.deps);
    await w.deps.accounts.update(w.a.shop._id, account._id, fields);
    return {
      params: { key: `${w.a.shop._id}.${account._id}.${secret}` },
      body: { data: [{ cn_number: 'KI000000000', status: 'DP', receiver_name: '', reason: '', activity_date: '2026-11-20 10:00:00' }] },
    };
  },
  'orders.sendEmail': async (w) => ({ params: { orderId: (await bookedOfA(w)).bookingId } }),
  // a booking of A marked paid and a row no booking has: another shop's admin matches neither
  'orders.import': async (w) => ({
    body: { ordersData: [{ tracking_number: (await bookedOfA(w)).trackingNumber, payment_status: 'PAID' }, { tracking_number: 'KI000000000', payment_status: 'PAID' }] },
  }),
  // a search that names no booking: refused before anything is written, so every shop answers alike
  'orders.export': () => ({ query: { track: 'NO-SUCH-PARCEL' }, body: { filter: 'MATCHED_ORDERS' } }),
  'orders.exports': () => ({}),
  'orders.downloadCsv': () => ({ body: { exportId: 'e'.repeat(24) } }),
  'labels.print': async (w) => ({ body: { trackingNumbers: [(await bookedOfA(w)).trackingNumber] } }),
  'labels.printStatus': () => ({ params: { printId: 'e'.repeat(24) } }),
  // an account of A with nothing booked: refused before the courier is asked
  'labels.loadSheet': async (w) => ({ body: { accountId: (await seedAccount(w.deps, w.a.shop._id, { credentials: LEOPARD_DEMO_CREDENTIALS }))._id } }),
  'shopify.install': (w) => ({ query: signedShopifyQuery(w.a.shop.domain) }),
  'shopify.callback': (w) => ({
    query: signedShopifyQuery(w.a.shop.domain, { code: 'c0de', state: 'f'.repeat(64), host: 'aG9zdA' }),
  }),
  'shopify.adminBook': (w) => ({ query: signedShopifyQuery(w.a.shop.domain, { id: '5210000000001' }) }),
  'shopify.adminBulk': (w) => ({ query: signedShopifyQuery(w.a.shop.domain, { 'ids[]': '5210000000001,5210000000002' }) }),
  'shopify.webhook': (w) => ({
    rawBytes: webhookBody,
    headers: {
      'x-shopify-topic': 'orders/updated', 'x-shopify-shop-domain': w.a.shop.domain, 'x-shopify-api-version': '2026-07',
      'x-shopify-webhook-id': randomUUID(), 'x-shopify-hmac-sha256': signWebhook(webhookBody, TEST_SHOPIFY_SECRET),
    },
  }),
  // dashboard analytics and the scorecard (issue 24)
  'analytics.dashboard': () => ({ query: { bookingDateFrom: '2026-11-01', bookingDateTo: '2026-11-07', city: 'Lahore', status: 'DELIVERED', company: 'LEOPARD' } }),
  'analytics.citiesAverage': () => ({ query: { startDate: '2026-11-01', endDate: '2026-11-07', city: 'Lahore' } }),
  'analytics.scorecard': () => ({ query: { from: '2026-09-01', to: '2026-11-07', page: '1', limit: '10' } }),
  'analytics.cityScorecard': () => ({ params: { city: 'Lahore' } }),
};

export interface Answer {
  status: number;
  /** For an answer that is a refusal by the operation itself (the fixture's input is meant to be refused). */
  code?: ErrorCode;
  /** The refusal's param, when it names one (a plan-gated field). */
  param?: string;
  /** What the free shop's ADMIN gets instead, when a route is open to it but part of the fixture's input is a paid feature. */
  onFree?: Answer;
  /**
   * What another shop's ADMIN gets for a request naming shop A's items, when the route reports on each
   * named item by itself instead of refusing the request (an import's rows: not matched). Default: 404.
   */
  namingAnotherShop?: Answer;
}

/**
 * What a caller the route's access rule lets through gets for the fixture's request: the exact
 * status, and the code when the operation refuses it on purpose. Required for every route, like the
 * fixture, so no allowed case can pass by merely not being a 401, a 403 or a 5xx.
 */
export const allowedAnswers: Record<RouteId, Answer> = {
  'system.health': { status: 200 },
  'system.appConfig': { status: 200 },
  'auth.login': { status: 200 },
  'auth.me': { status: 200 },
  'auth.logout': { status: 200 },
  'auth.createPassword': { status: 200 },
  'auth.verifyEmail': { status: 200 },
  'auth.resetPin': { status: 200 },
  'auth.resetPassword': { status: 200 },
  'auth.exchangeToken': { status: 200 },
  'auth.verifyAuthenticator': { status: 400, code: 'VALIDATION_FAILED' },
  'auth.verifyRecoveryCode': { status: 400, code: 'VALIDATION_FAILED' },
  'auth.verifySignInCode': { status: 400, code: 'VALIDATION_FAILED' },
  'users.list': { status: 200 },
  'users.get': { status: 200 },
  'users.create': { status: 200 },
  'users.edit': { status: 200 },
  'users.restrict': { status: 200 },
  'users.changeEmail': { status: 200 },
  'users.setPassword': { status: 200 },
  'users.delete': { status: 200 },
  'users.resendEmail': { status: 200 },
  'users.resetTwoFactor': { status: 200 },
  'users.staffTable': { status: 200 },
  'users.staffChart': { status: 200 },
  'users.staffMemberChart': { status: 200 },
  'users.staffAllCounts': { status: 200 },
  'users.staffCount': { status: 200 },
  'profile.get': { status: 200 },
  'profile.changePassword': { status: 200 },
  'profile.editTag': { status: 200 },
  'profile.qrCode': { status: 200 },
  // no QR secret was shown to this fresh user yet
  'profile.verifyQrCode': { status: 400, code: 'VALIDATION_FAILED' },
  'profile.disableTwoFactor': { status: 400, code: 'VALIDATION_FAILED' },
  'profile.recoveryCodes': { status: 400, code: 'VALIDATION_FAILED' },
  'accounts.list': { status: 200 },
  'accounts.active': { status: 200 },
  'accounts.table': { status: 200 },
  'accounts.create': { status: 200 },
  'accounts.get': { status: 200 },
  'accounts.statusPush': { status: 200 },
  'accounts.newStatusPush': { status: 200 },
  'accounts.update': { status: 200 },
  'accounts.cities': { status: 200 },
  'accounts.tcsCities': { status: 200 },
  'settings.get': { status: 200 },
  'settings.save': { status: 200, onFree: { status: 403, code: 'PLAN_FEATURE', param: 'tags' } },
  'storeOrders.get': { status: 200 },
  'storeOrders.getMany': { status: 200 },
  'storeOrders.list': { status: 200 },
  'storeOrders.selection': { status: 200 },
  'billing.subscribe': { status: 200 },
  'billing.check': { status: 200 },
  'billing.cancel': { status: 400, code: 'VALIDATION_FAILED', onFree: { status: 400, code: 'NOT_SUBSCRIBED' } },
  'booking.book': { status: 200 },
  'booking.bookMany': { status: 200 },
  'booking.bulkFulfil': { status: 200 },
  'booking.bulkProgress': { status: 200 },
  'booking.get': { status: 200 },
  'booking.cancel': { status: 200 },
  'booking.delete': { status: 200 },
  'booking.checkBooked': { status: 200 },
  'booking.checkNotBooked': { status: 200 },
  'orders.list': { status: 200 },
  'orders.track': { status: 200 },
  'tracking.public': { status: 200 },
  'tracking.leopardPush': { status: 202 },
  'orders.sendEmail': { status: 200 },
  'orders.import': { status: 200, namingAnotherShop: { status: 200 } },
  'orders.export': { status: 400, code: 'NOTHING_TO_EXPORT' },
  'orders.exports': { status: 200 },
  'orders.downloadCsv': { status: 404, code: 'EXPORT_NOT_FOUND' },
  'labels.print': { status: 200 },
  'labels.printStatus': { status: 404, code: 'PRINT_NOT_FOUND' },
  'labels.loadSheet': { status: 400, code: 'NOTHING_TO_LOAD' },
  'shopify.install': { status: 302 },
  // a signed callback whose state this app never issued
  'shopify.callback': { status: 400, code: 'SHOPIFY_STATE_INVALID' },
  'shopify.adminBook': { status: 302 },
  'shopify.adminBulk': { status: 302 },
  'shopify.webhook': { status: 200 },
  'analytics.dashboard': { status: 200 },
  'analytics.citiesAverage': { status: 200 },
  'analytics.scorecard': { status: 200 },
  'analytics.cityScorecard': { status: 200 },
};
