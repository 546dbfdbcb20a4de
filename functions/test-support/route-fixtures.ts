import type { RouteId } from '@dakiya/shared';
import { signedShopifyQuery, type Fixture } from './world';

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
  'shopify.install': (w) => ({ query: signedShopifyQuery(w.a.shop.domain) }),
  'shopify.callback': (w) => ({
    query: signedShopifyQuery(w.a.shop.domain, { code: 'c0de', state: 'f'.repeat(64), host: 'aG9zdA' }),
  }),
  'shopify.webhook': () => ({ rawBody: '{}', headers: {} }),
};
