import { z } from 'zod';
import type { Scope } from './scopes';
import { Empty, Ok } from './schemas/common';
import { CreatePasswordInput, LoginInput, LoginOutput, MeOutput } from './schemas/auth';
import { Redirect, ShopifyCallbackQuery, ShopifyInstallQuery, WebhookAck } from './schemas/shopify';

export const API_BASE = '/api/v1';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One Lambda per group (DESIGN.md); a group's routes share its handler. */
export const GROUPS = ['auth', 'shopify', 'system'] as const;
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
  | { kind: 'shopify' };

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
}

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signedIn' };
export const ADMIN: Access = { kind: 'admin' };
export const SHOPIFY: Access = { kind: 'shopify' };
export const scope = (s: Scope): Access => ({ kind: 'scope', scope: s });

const Health = z.object({ ok: z.literal(true) });

export const routes = {
  'system.health': { method: 'GET', path: '/health', group: 'system', access: PUBLIC, output: Health },

  'auth.login': { method: 'POST', path: '/login-user', group: 'auth', access: PUBLIC, body: LoginInput, output: LoginOutput },
  'auth.me': { method: 'GET', path: '/me', group: 'auth', access: SIGNED_IN, output: MeOutput },
  'auth.logout': { method: 'POST', path: '/logout', group: 'auth', access: SIGNED_IN, body: Empty.optional(), output: Ok },
  'auth.createPassword': {
    method: 'POST', path: '/password/create-password', group: 'auth', access: PUBLIC, body: CreatePasswordInput, output: Ok,
  },

  'shopify.install': {
    method: 'GET', path: '/shopify/install', group: 'shopify', access: SHOPIFY,
    query: ShopifyInstallQuery, output: Redirect, kind: 'redirect',
  },
  'shopify.callback': {
    method: 'GET', path: '/shopify/callback', group: 'shopify', access: SHOPIFY,
    query: ShopifyCallbackQuery, output: Redirect, kind: 'redirect',
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

/** Fill `{name}` segments; values are URI-encoded so an id can never change the path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
