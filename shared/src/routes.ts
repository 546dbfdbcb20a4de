import { z } from './zod';
import type { Scope } from './scopes';
import { Empty, Ok } from './schemas/common';
import { CreatePasswordInput, ExchangeTokenOutput, LoginInput, LoginOutput, MeOutput, VerifySignInCodeInput } from './schemas/auth';
import {
  AuthToken, ChangeEmailInput, ChangeOwnPasswordInput, ExchangeTokenInput, CreateUserInput, EditTagInput, EditUserInput, EnableTwoFactorInput, Profile, QrCode,
  RecoveryCodesOutput, RecoverySignIn, ResendEmailInput, ResetPasswordInput, ResetPasswordQuery, ResetPinInput, RestrictUserInput, SetUserPasswordInput,
  TwoFactorEnabled, TwoFactorProof, UserMessage, UserOutput, UsersOutput, UsersQuery, VerifyAuthenticatorInput, VerifyEmailInput, VerifyEmailOutput, VerifyRecoveryCodeInput,
} from './schemas/users';
import { IdParams, PageQuery } from './schemas/common';
import {
  AccountCitiesParams, AccountMessage, AccountOutput, AccountsList, AccountsTable, CitiesOutput, CreateAccountInput, UpdateAccountInput,
} from './schemas/accounts';
import { MergeLookup, OrderLookup, ShopifyOrderParams, ShopifyOrdersQuery, StoreOrdersPage, StoreOrdersQuery } from './schemas/order-lookup';
import {
  CancelSubscriptionInput, CancelSubscriptionOutput, CheckSubscriptionQuery, SubscribeInput, SubscribeOutput, SubscribeQuery, SubscriptionStatus,
} from './schemas/billing';
import {
  BookOrderInput, BookOrderOutput, BookOrdersInput, BookingOutput, BookingParams, BulkFulfilmentInput, BulkJobParams, BulkProgress, BulkSelection, BulkSelectionQuery, BulkStarted,
  BookingCheckParams, CancelBookingOutput, DeleteOrderInput, ResolveBookedInput, ResolveBookedOutput, ResolveNotBookedInput,
} from './schemas/booking';
import { Redirect, ShopifyCallbackQuery, ShopifyInstallQuery, WebhookAck } from './schemas/shopify';
import { SaveSettingsInput, SettingsOutput, SettingsSaved } from './schemas/settings';
import { AppConfig } from './schemas/app-config';
import { OrdersPage, OrdersQuery, SendEmailParams, TrackOrderParams, TrackOrderResult } from './schemas/orders';
import { PublicTracking, PublicTrackingParams } from './schemas/tracking';
import { ImportOrdersInput, ImportOrdersOutput } from './schemas/orders-import';
import { DownloadCsvInput, DownloadCsvOutput, ExportOrdersInput, ExportStarted, RecentExports } from './schemas/exports';
import { StaffChart, StaffCountQuery, StaffMemberCounts, StaffRangeQuery, StaffTable } from './schemas/staff';
import { CitiesAverage, CitiesAverageQuery, CityScorecardParams, DashboardAnalytics, DashboardQuery, Scorecard, ScorecardQuery } from './schemas/analytics';
import { LoadSheetInput, LoadSheetOutput, PrintBillsInput, PrintBillsOutput, PrintParams, PrintStatus } from './schemas/labels';
import { LeopardPush, LeopardPushParams, PushAck, StatusPushOutput } from './schemas/status-push';
import { API_BASE } from './route-url';

/** Also here for the web build, which reads the route table's module alone (its route manifest). */
export { API_BASE };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One Lambda per group (DESIGN.md); a group's routes share its handler. */
export const GROUPS = ['auth', 'shopify', 'system', 'users', 'profile', 'accounts', 'settings', 'store-orders', 'billing', 'booking', 'orders', 'tracking', 'analytics', 'labels'] as const;
export type Group = (typeof GROUPS)[number];

/**
 * Who may call a route. `shopify` routes are signed by Shopify: the operation verifies the HMAC
 * itself because the signature covers the raw query or body bytes.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'scope'; scope: Scope }
  | { kind: 'admin' }
  | { kind: 'shopify' }
  /** One path, two audiences: the rule is chosen by a query value (GET /get-users?page=orders). */
  | { kind: 'byQuery'; param: string; cases: Record<string, Access>; otherwise: Access };

export interface RouteDef {
  method: Method;
  /** The specification's path under API_BASE; `{name}` marks a path parameter. */
  path: string;
  group: Group;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  output: z.ZodType;
  /** `redirect`: the operation returns `{ location }` and the answer is a 302. `raw`: the body is not parsed. */
  kind?: 'json' | 'redirect' | 'raw';
  /** Paid-plan feature: the free plan gets PLAN_FEATURE. */
  paidOnly?: boolean;
  /** The success status when it is not 200 (a courier's push is answered 202, as its contract asks). */
  okStatus?: 202;
}

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signedIn' };
export const ADMIN: Access = { kind: 'admin' };
export const SHOPIFY: Access = { kind: 'shopify' };
export const scope = (s: Scope): Access => ({ kind: 'scope', scope: s });

const Health = z.object({ ok: z.literal(true) });

export const routes = {
  'system.health': { method: 'GET', path: '/health', group: 'system', access: PUBLIC, output: Health },
  /** Deploy settings the web shows before and after sign-in (the support address). */
  'system.appConfig': { method: 'GET', path: '/app-config', group: 'system', access: PUBLIC, output: AppConfig },

  'auth.login': { method: 'POST', path: '/login-user', group: 'auth', access: PUBLIC, body: LoginInput, output: LoginOutput },
  'auth.me': { method: 'GET', path: '/me', group: 'auth', access: SIGNED_IN, output: MeOutput },
  'auth.logout': { method: 'POST', path: '/logout', group: 'auth', access: SIGNED_IN, body: Empty.optional(), output: Ok },
  'auth.createPassword': {
    method: 'POST', path: '/password/create-password', group: 'auth', access: PUBLIC, body: CreatePasswordInput, output: Ok,
  },

  'auth.verifyEmail': { method: 'POST', path: '/verify-email', group: 'auth', access: PUBLIC, body: VerifyEmailInput, output: VerifyEmailOutput },
  'auth.resetPin': { method: 'POST', path: '/password/reset-password-pin', group: 'auth', access: PUBLIC, body: ResetPinInput, output: Ok },
  'auth.resetPassword': {
    method: 'POST', path: '/password/reset-password', group: 'auth', access: PUBLIC, query: ResetPasswordQuery, body: ResetPasswordInput, output: Ok,
  },
  /** The install lands on /login?token=<one-time, two-minute token>; the page trades it for a session here. */
  'auth.exchangeToken': {
    method: 'POST', path: '/exchange-login-token', group: 'auth', access: PUBLIC, body: ExchangeTokenInput, output: ExchangeTokenOutput,
  },
  'auth.verifyAuthenticator': {
    method: 'POST', path: '/verify-authenticator-code', group: 'auth', access: PUBLIC, body: VerifyAuthenticatorInput, output: AuthToken,
  },
  /** The second step with a one-time recovery code instead of the authenticator's code. */
  'auth.verifyRecoveryCode': {
    method: 'POST', path: '/verify-recovery-code', group: 'auth', access: PUBLIC, body: VerifyRecoveryCodeInput, output: RecoverySignIn,
  },
  /** The step-up of a sign-in from a new address while the account is being guessed at: the emailed code. */
  'auth.verifySignInCode': {
    method: 'POST', path: '/verify-sign-in-code', group: 'auth', access: PUBLIC, body: VerifySignInCodeInput, output: LoginOutput,
  },

  'users.list': {
    method: 'GET', path: '/get-users', group: 'users', query: UsersQuery, output: UsersOutput,
    access: { kind: 'byQuery', param: 'page', cases: { orders: scope('READ_ORDERS') }, otherwise: ADMIN },
  },
  'users.get': { method: 'GET', path: '/get-user-to-edit/{id}', group: 'users', access: ADMIN, params: IdParams, output: UserOutput },
  'users.create': { method: 'POST', path: '/create-user', group: 'users', access: ADMIN, body: CreateUserInput, output: UserMessage },
  'users.edit': { method: 'PUT', path: '/edit-user/{id}', group: 'users', access: ADMIN, params: IdParams, body: EditUserInput, output: UserMessage },
  'users.restrict': { method: 'PUT', path: '/restrict-user', group: 'users', access: ADMIN, body: RestrictUserInput, output: UserMessage },
  'users.changeEmail': { method: 'PUT', path: '/change-email/{id}', group: 'users', access: ADMIN, params: IdParams, body: ChangeEmailInput, output: UserMessage },
  'users.setPassword': { method: 'PATCH', path: '/change-password/{id}', group: 'users', access: ADMIN, params: IdParams, body: SetUserPasswordInput, output: Ok },
  'users.delete': { method: 'DELETE', path: '/delete-user/{id}', group: 'users', access: ADMIN, params: IdParams, output: Ok },
  'users.resendEmail': { method: 'POST', path: '/resend-email', group: 'users', access: ADMIN, body: ResendEmailInput, output: Ok },
  'users.resetTwoFactor': { method: 'POST', path: '/reset-two-factor/{id}', group: 'users', access: ADMIN, params: IdParams, output: UserMessage },

  // Staff statistics (spec 000 §7, issue 24): ADMIN only, read from the members' counter items, never cached by the web.
  'users.staffTable': { method: 'GET', path: '/staff/table-order-count', group: 'users', access: ADMIN, query: StaffRangeQuery, output: StaffTable },
  'users.staffChart': { method: 'GET', path: '/staff/chart-order-count', group: 'users', access: ADMIN, query: StaffRangeQuery, output: StaffChart },
  'users.staffMemberChart': {
    method: 'GET', path: '/staff/chart-order-count/{id}', group: 'users', access: ADMIN, params: IdParams, query: StaffRangeQuery, output: StaffChart,
  },
  'users.staffAllCounts': { method: 'GET', path: '/staff/{id}/all-orders-count', group: 'users', access: ADMIN, params: IdParams, output: StaffMemberCounts },
  'users.staffCount': {
    method: 'GET', path: '/staff/find-individual-order-count/{id}', group: 'users', access: ADMIN, params: IdParams, query: StaffCountQuery, output: StaffMemberCounts,
  },

  'profile.get': { method: 'GET', path: '/get-user', group: 'profile', access: SIGNED_IN, output: Profile },
  'profile.changePassword': { method: 'PUT', path: '/change-password', group: 'profile', access: SIGNED_IN, body: ChangeOwnPasswordInput, output: Ok },
  'profile.editTag': { method: 'PUT', path: '/edit-tag', group: 'profile', access: SIGNED_IN, body: EditTagInput, output: UserMessage },
  'profile.qrCode': { method: 'GET', path: '/get-qr-code', group: 'profile', access: SIGNED_IN, output: QrCode, paidOnly: true },
  'profile.verifyQrCode': {
    method: 'POST', path: '/verify-qr-code', group: 'profile', access: SIGNED_IN, body: EnableTwoFactorInput, output: TwoFactorEnabled, paidOnly: true,
  },
  // the plan gates setting two-factor up, not keeping or leaving it: these two work on every plan
  'profile.disableTwoFactor': { method: 'POST', path: '/disable-two-factor', group: 'profile', access: SIGNED_IN, body: TwoFactorProof, output: Ok },
  'profile.recoveryCodes': {
    method: 'POST', path: '/two-factor/recovery-codes', group: 'profile', access: SIGNED_IN, body: TwoFactorProof, output: RecoveryCodesOutput,
  },

  'accounts.list': { method: 'GET', path: '/get-accounts', group: 'accounts', access: scope('READ_ACCOUNTS'), output: AccountsList },
  'accounts.active': { method: 'GET', path: '/get-active-accounts', group: 'accounts', access: scope('BOOK_ORDERS'), output: AccountsList },
  'accounts.table': { method: 'GET', path: '/get-accounts-table', group: 'accounts', access: scope('READ_ACCOUNTS'), query: PageQuery, output: AccountsTable },
  'accounts.create': { method: 'POST', path: '/create-account', group: 'accounts', access: scope('WRITE_ACCOUNTS'), body: CreateAccountInput, output: AccountMessage },
  'accounts.get': { method: 'GET', path: '/get-edit-account/{id}', group: 'accounts', access: scope('READ_ACCOUNTS'), params: IdParams, output: AccountOutput },
  'accounts.update': { method: 'PUT', path: '/update-account', group: 'accounts', access: scope('WRITE_ACCOUNTS'), body: UpdateAccountInput, output: AccountMessage },
  'accounts.cities': { method: 'GET', path: '/get-cities/{tracking_account_id}', group: 'accounts', access: SIGNED_IN, params: AccountCitiesParams, output: CitiesOutput },
  'accounts.tcsCities': { method: 'GET', path: '/get-tcs-cities', group: 'accounts', access: SIGNED_IN, output: CitiesOutput },
  // the callback address a Leopards account gives its courier (issue 22): it carries the secret, so only those who edit accounts see it
  'accounts.statusPush': {
    method: 'GET', path: '/accounts/{id}/status-push', group: 'accounts', access: scope('WRITE_ACCOUNTS'), params: IdParams, output: StatusPushOutput,
  },
  /** A new secret: the address given to Leopards before stops working. */
  'accounts.newStatusPush': {
    method: 'POST', path: '/accounts/{id}/status-push', group: 'accounts', access: scope('WRITE_ACCOUNTS'), params: IdParams, output: StatusPushOutput,
  },

  'settings.get': { method: 'GET', path: '/store/default-settings', group: 'settings', access: scope('READ_SETTINGS'), output: SettingsOutput },
  'settings.save': {
    method: 'POST', path: '/store/default-settings', group: 'settings', access: scope('WRITE_SETTINGS'), body: SaveSettingsInput, output: SettingsSaved,
  },
  // Shopify's own orders, read live for booking: ids are Shopify's numeric order ids (admin links carry them)
  'storeOrders.get': {
    method: 'GET', path: '/get-order-from-shopify/{id}', group: 'store-orders', access: scope('BOOK_ORDERS'), params: ShopifyOrderParams, output: OrderLookup,
  },
  'storeOrders.getMany': {
    method: 'GET', path: '/get-orders-from-shopify', group: 'store-orders', access: scope('BOOK_ORDERS'), query: ShopifyOrdersQuery, output: MergeLookup,
  },
  'storeOrders.list': { method: 'GET', path: '/store-orders', group: 'store-orders', access: scope('BOOK_ORDERS'), query: StoreOrdersQuery, output: StoreOrdersPage },
  // the bulk form's list: each selected order's name and COD, read in one cheap query
  'storeOrders.selection': {
    method: 'GET', path: '/store-orders/selection', group: 'store-orders', access: scope('BOOK_ORDERS'), query: BulkSelectionQuery, output: BulkSelection,
  },
  // Pricing & plans is ADMIN only (spec 000 §6); each call asks Shopify, whose answer is the plan
  'billing.subscribe': {
    method: 'POST', path: '/subscribe', group: 'billing', access: ADMIN, query: SubscribeQuery, body: SubscribeInput, output: SubscribeOutput,
  },
  'billing.check': { method: 'GET', path: '/check-subscription', group: 'billing', access: ADMIN, query: CheckSubscriptionQuery, output: SubscriptionStatus },
  'billing.cancel': {
    method: 'POST', path: '/cancel-subscription', group: 'billing', access: ADMIN, body: CancelSubscriptionInput, output: CancelSubscriptionOutput,
  },
  'booking.book': { method: 'POST', path: '/book-order', group: 'booking', access: scope('BOOK_ORDERS'), body: BookOrderInput, output: BookOrderOutput },
  /** Bulk: queued as a job (a row of the job table); the answer names the job the progress view polls. */
  'booking.bookMany': { method: 'POST', path: '/book-orders', group: 'booking', access: scope('BOOK_ORDERS'), body: BookOrdersInput, output: BulkStarted },
  'booking.bulkFulfil': {
    method: 'POST', path: '/bulk/orders/fulfillment', group: 'booking', access: scope('UPDATE_ORDERS'), body: BulkFulfilmentInput, output: BulkStarted,
  },
  /** Any member of the shop may watch a bulk run: the rows are the shop's own orders, started with BOOK_ORDERS or UPDATE_ORDERS. */
  'booking.bulkProgress': { method: 'GET', path: '/bulk-bookings/{jobId}', group: 'booking', access: SIGNED_IN, params: BulkJobParams, output: BulkProgress },
  'booking.get': { method: 'GET', path: '/booking/{trackingNumber}', group: 'booking', access: scope('READ_ORDERS'), params: BookingParams, output: BookingOutput },
  'booking.cancel': {
    method: 'PUT', path: '/cancel-booking/{trackingNumber}', group: 'booking', access: scope('WRITE_ORDERS'), params: BookingParams, output: CancelBookingOutput,
  },
  'booking.delete': { method: 'DELETE', path: '/delete-order', group: 'booking', access: scope('WRITE_ORDERS'), body: DeleteOrderInput, output: Ok },
  /** A lost answer at a courier that cannot be asked (BookingCheck): a person says what the courier shows. */
  'booking.checkBooked': {
    method: 'POST', path: '/booking-check/{orderId}/booked', group: 'booking', access: scope('WRITE_ORDERS'),
    params: BookingCheckParams, body: ResolveBookedInput, output: ResolveBookedOutput,
  },
  'booking.checkNotBooked': {
    method: 'POST', path: '/booking-check/{orderId}/not-booked', group: 'booking', access: scope('WRITE_ORDERS'),
    params: BookingCheckParams, body: ResolveNotBookedInput, output: Ok,
  },

  // the orders list (spec 001 §2 /dashboard/orders) and its tracking modal; id is the tracking number
  'orders.list': { method: 'GET', path: '/get-all-orders', group: 'orders', access: scope('READ_ORDERS'), query: OrdersQuery, output: OrdersPage },
  'orders.sendEmail': { method: 'PUT', path: '/send-email/{orderId}', group: 'orders', access: scope('WRITE_ORDERS'), params: SendEmailParams, output: Ok },
  'orders.track': { method: 'GET', path: '/track-order/{id}', group: 'orders', access: scope('READ_ORDERS'), params: TrackOrderParams, output: TrackOrderResult },
  /** 'Update payment status by CSV': one chunk of the file's rows, each updated or reported on its own. */
  'orders.import': { method: 'POST', path: '/import-orders', group: 'orders', access: scope('UPDATE_ORDERS'), body: ImportOrdersInput, output: ImportOrdersOutput },
  /** CSV export (spec 001 §2, §7): queued as a job (orders.export) with the list's query; the answer is the export, running. */
  'orders.export': {
    method: 'POST', path: '/export-orders', group: 'orders', access: scope('EXPORT_ORDERS'), paidOnly: true, query: OrdersQuery, body: ExportOrdersInput, output: ExportStarted,
  },
  /** The shop's recent exports with their progress: what the modal polls, and finds again after the tab was closed. */
  'orders.exports': { method: 'GET', path: '/exports', group: 'orders', access: scope('EXPORT_ORDERS'), paidOnly: true, output: RecentExports },
  /** A finished export's file: a link signed for 15 minutes, signed again on every ask (access-and-account §7). */
  'orders.downloadCsv': {
    method: 'POST', path: '/download-csv', group: 'orders', access: scope('EXPORT_ORDERS'), paidOnly: true, body: DownloadCsvInput, output: DownloadCsvOutput,
  },

  // airway bills and load sheets (issue 23): every plan prints, since a parcel leaves with its bill
  /** Up to LABELS_AT_ONCE bills are built in the request; more run as a job (labels.print) polled by its id. */
  'labels.print': { method: 'POST', path: '/print-airway-bills', group: 'labels', access: scope('READ_ORDERS'), body: PrintBillsInput, output: PrintBillsOutput },
  'labels.printStatus': { method: 'GET', path: '/prints/{printId}', group: 'labels', access: scope('READ_ORDERS'), params: PrintParams, output: PrintStatus },
  /** The rider's sheet of an account's parcels since its last one: handing parcels over is part of booking. */
  'labels.loadSheet': { method: 'POST', path: '/load-sheet', group: 'labels', access: scope('BOOK_ORDERS'), body: LoadSheetInput, output: LoadSheetOutput },

  // the consignee's side (spec 001 §2 /track/{track_number}, §7): no sign-in, so the answer is only what a consignee needs
  'tracking.public': {
    method: 'GET', path: '/track-order-public/{id}', group: 'tracking', access: PUBLIC, params: PublicTrackingParams, output: PublicTracking,
  },
  /** Leopards' status pushes for one account (issue 22): the secret in the key is the only proof, checked before anything is read but the account. */
  'tracking.leopardPush': {
    method: 'POST', path: '/courier-push/leopard/{key}', group: 'tracking', access: PUBLIC, params: LeopardPushParams, body: LeopardPush, output: PushAck, okStatus: 202,
  },

  'shopify.install': {
    method: 'GET', path: '/shopify/install', group: 'shopify', access: SHOPIFY,
    query: ShopifyInstallQuery, output: Redirect, kind: 'redirect',
  },
  'shopify.callback': {
    method: 'GET', path: '/shopify/callback', group: 'shopify', access: SHOPIFY,
    query: ShopifyCallbackQuery, output: Redirect, kind: 'redirect',
  },
  // the admin links (reference/shopify.md §6): relative to the app URL, which is the install route
  'shopify.adminBook': {
    method: 'GET', path: '/shopify/install/orders/book', group: 'shopify', access: SHOPIFY, query: ShopifyInstallQuery, output: Redirect, kind: 'redirect',
  },
  'shopify.adminBulk': {
    method: 'GET', path: '/shopify/install/orders/bulk', group: 'shopify', access: SHOPIFY, query: ShopifyInstallQuery, output: Redirect, kind: 'redirect',
  },
  // Dashboard analytics (spec 001 §3 "Dashboard", issue 24): read from the counter items only.
  'analytics.dashboard': { method: 'GET', path: '/get-dashboard-analytics', group: 'analytics', access: scope('READ_ANALYTICS'), query: DashboardQuery, output: DashboardAnalytics },
  'analytics.citiesAverage': { method: 'GET', path: '/cities-delivery-average', group: 'analytics', access: scope('READ_ANALYTICS'), query: CitiesAverageQuery, output: CitiesAverage },
  /** Courier x city scorecard (beyond the spec): a page of cities on the dashboard. */
  'analytics.scorecard': { method: 'GET', path: '/courier-scorecard', group: 'analytics', access: scope('READ_ANALYTICS'), query: ScorecardQuery, output: Scorecard },
  /** One city's scorecard beside the booking form's account choice: whoever books may read it. */
  'analytics.cityScorecard': {
    method: 'GET', path: '/courier-scorecard/{city}', group: 'analytics', access: scope('BOOK_ORDERS'), params: CityScorecardParams, output: Scorecard,
  },
  'shopify.webhook': {
    method: 'POST', path: '/shopify/webhooks', group: 'shopify', access: SHOPIFY, output: WebhookAck, kind: 'raw',
  },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;
export type RouteOutput<Id extends RouteId> = Infer<Routes[Id]['output']>;
export type RouteBody<Id extends RouteId> = Routes[Id] extends { body: infer B } ? Infer<B> : undefined;
export type RouteQuery<Id extends RouteId> = Routes[Id] extends { query: infer Q } ? Infer<Q> : undefined;
export type RouteParams<Id extends RouteId> = Routes[Id] extends { params: infer P } ? Infer<P> : undefined;
/** What a caller sends (before defaults and coercion). */
export type RouteInput<Id extends RouteId> = {
  params?: Routes[Id] extends { params: infer P } ? InferIn<P> : never;
  query?: Routes[Id] extends { query: infer Q } ? InferIn<Q> : never;
  body?: Routes[Id] extends { body: infer B } ? InferIn<B> : never;
};

export const routeIds = Object.keys(routes) as RouteId[];

export function routeDef(id: RouteId): RouteDef {
  return routes[id];
}

/**
 * API Gateway's `$default` route: whatever no route of the table matches goes to the system group's
 * function, which answers in the catalogue's shape (404, or 405 with Allow for a known path).
 */
export const DEFAULT_ROUTE_KEY = '$default';

/** `GET /api/v1/get-order-from-shopify/{id}`: the route key API Gateway matches (CDK builds the routes with it, the chain reads it). */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${API_BASE}${route.path}`;

interface PathPattern { id: RouteId; method: Method; pattern: RegExp; names: string[] }
let patterns: PathPattern[] | undefined;

function compiledRoutes(): PathPattern[] {
  patterns ??= routeIds.map((id) => {
    const route: RouteDef = routes[id];
    const names: string[] = [];
    const source = (API_BASE + route.path).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { id, method: route.method, names, pattern: new RegExp(`^${source}$`) };
  });
  return patterns;
}

/** The route a request goes to, as API Gateway matches it; `params` are still URI-encoded. */
export function matchRoute(method: string, path: string): { id: RouteId; params: Record<string, string> } | undefined {
  for (const entry of compiledRoutes()) {
    if (entry.method !== method) continue;
    const match = entry.pattern.exec(path);
    if (match) return { id: entry.id, params: Object.fromEntries(entry.names.map((name, i) => [name, match[i + 1]!])) };
  }
  return undefined;
}

/** The methods the table has for a path (the `Allow` of a 405); empty for an unknown path. */
export function methodsForPath(path: string): Method[] {
  return [...new Set(compiledRoutes().filter((entry) => entry.pattern.test(path)).map((entry) => entry.method))];
}
