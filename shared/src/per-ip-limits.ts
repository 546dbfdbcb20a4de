import type { RouteId } from './routes';

/**
 * Per-client limits enforced at the edge (the WAF web ACL on CloudFront, see infra/lib/edge-stack.ts)
 * before a request reaches a Lambda. API Gateway's stage throttle counts every caller together, so
 * only these stop one address from hammering the routes that guess or spend something. The app's
 * own limits (per account, per address in DynamoDB) stay behind them.
 */
export type PerIpLimit = 'signIn' | 'password' | 'verification' | 'tracking';

export const PER_IP_LIMITS: { readonly [L in PerIpLimit]: { requestsPer5Minutes: number; covers: string } } = {
  signIn: { requestsPer5Minutes: 100, covers: 'password sign-in, the two-factor step (code or recovery code), the emailed sign-in code and the install hand-off token' },
  password: { requestsPer5Minutes: 30, covers: 'forgot password, reset and create password (each may send mail or test a link)' },
  verification: { requestsPer5Minutes: 30, covers: 'email verification links' },
  tracking: { requestsPer5Minutes: 300, covers: 'the public parcel tracking page and its API' },
};

/**
 * Which limit each route falls under. Every public route that is not signed by Shopify must be here
 * or in PER_IP_EXEMPT (a test checks), so a new public route cannot skip the choice.
 */
export const ROUTE_PER_IP_LIMITS: { readonly [K in RouteId]?: PerIpLimit } = {
  'auth.login': 'signIn',
  'auth.verifyAuthenticator': 'signIn',
  'auth.exchangeToken': 'signIn',
  'auth.verifyRecoveryCode': 'signIn',
  'auth.verifySignInCode': 'signIn',
  'auth.resetPin': 'password',
  'auth.resetPassword': 'password',
  'auth.createPassword': 'password',
  'auth.verifyEmail': 'verification',
  'tracking.public': 'tracking',
};

/** Public routes with nothing to guess or spend: the general per-address ceiling covers them. */
export const PER_IP_EXEMPT: readonly RouteId[] = ['system.health', 'system.appConfig'];

/**
 * Courier status pushes (issue 22): a courier's few servers send for every merchant at once, so no
 * per-address limit fits them; they are left out of the general per-address rule and counted per
 * callback address instead (one account's URL), and kept out of the API's shared stage throttle by a
 * route throttle of their own. A forged key costs one GetItem and is refused.
 */
export const COURIER_PUSH_ROUTES: readonly RouteId[] = ['tracking.leopardPush'];

/** Pushes to one account's callback address in 5 minutes (WAF, keyed by the URI path). */
export const COURIER_PUSH_REQUESTS_PER_ADDRESS_PER_5_MINUTES = 3000;

/** API Gateway's throttle of each push route, apart from the stage's: requests a second and burst. */
export const COURIER_PUSH_THROTTLE = { rateLimit: 20, burstLimit: 40 } as const;

/** Every request to /api from one address in 5 minutes, whatever the route (courier pushes excepted). */
export const API_REQUESTS_PER_IP_PER_5_MINUTES = 3000;

/**
 * The app's own ceiling on the public tracking page and its API together, per address (a minute's
 * fixed window in DynamoDB): it holds where the stage runs without WAF, and a cached page never
 * reaches it.
 */
export const TRACKING_REQUESTS_PER_ADDRESS_PER_MINUTE = 60;
