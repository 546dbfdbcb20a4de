import type { RouteId } from '@dakiya/shared';
import { randomBytes } from 'node:crypto';
import { LEOPARD_DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { seedAccount, seedUser } from './harness';
import { signedShopifyQuery, type Fixture, type World } from './world';

const fakeLink = (w: World) => `${w.a.shop._id}${'A'.repeat(43)}`;
const freshEmail = () => `new-${randomBytes(4).toString('hex')}@example.pk`;
/** A USER of shop A made for this one call, so destructive routes never disturb other cases. */
const staffOfA = async (w: World, opts: Parameters<typeof seedUser>[2] = {}) => (await seedUser(w.deps, w.a.shop._id, opts)).user._id;

/**
 * A valid request for every route of the table: the authorization matrix sends it as each actor,
 * and the bad-input harness breaks it field by field. A route without a fixture fails both suites,
 * so every new route joins them.
 */
export const routeFixtures: Record<RouteId, Fixture> = {
  'system.health': () => ({}),
  'auth.login': (w) => ({ body: { email: w.a.owner.email, password: w.a.password } }),
  'auth.me': () => ({}),
  'auth.logout': () => ({}),
  'auth.createPassword': (w) => ({
    body: { password: 'new-password-1', confirm_password: 'new-password-1', hash: `${w.a.shop._id}${'A'.repeat(43)}`, _id: w.a.owner._id },
  }),
  'auth.verifyEmail': (w) => ({ body: { token: fakeLink(w) } }),
  'auth.resetPin': (w) => ({ body: { email: w.a.owner.email } }),
  'auth.resetPassword': (w) => ({ query: { hash: fakeLink(w) }, body: { password: 'new-password-1', confirm_password: 'new-password-1' } }),
  'auth.exchangeToken': () => ({ body: { token: 'not-a-token' } }),
  'auth.verifyAuthenticator': () => ({ body: { code: '123456', twoFactorToken: 'not-a-token' } }),
  'auth.verifyRecoveryCode': () => ({ body: { recovery_code: 'abcd-efgh-jkmn', twoFactorToken: 'not-a-token' } }),
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
  'users.resetTwoFactor': async (w) => ({ params: { id: await staffOfA(w) } }),
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
  'accounts.update': async (w) => ({
    body: { id: (await seedAccount(w.deps, w.a.shop._id))._id, name: 'Renamed', api_password: LEOPARD_DEMO_CREDENTIALS.api_password, activity: 'ACTIVE', weight: 250, is_default: false },
  }),
  'accounts.cities': async (w) => ({ params: { tracking_account_id: (await seedAccount(w.deps, w.a.shop._id))._id } }),
  'accounts.tcsCities': () => ({}),
  'shopify.install': (w) => ({ query: signedShopifyQuery(w.a.shop.domain) }),
  'shopify.callback': (w) => ({
    query: signedShopifyQuery(w.a.shop.domain, { code: 'c0de', state: 'f'.repeat(64), host: 'aG9zdA' }),
  }),
  'shopify.webhook': () => ({ rawBody: '{}', headers: {} }),
};
