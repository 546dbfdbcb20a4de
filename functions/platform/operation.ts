import type { Group, RouteBody, RouteId, RouteOutput, RouteParams, RouteQuery, Routes } from '@dakiya/shared';
import type { AuthContext } from './auth';
import type { Deps } from '../domain/ports/deps';
import type { Log } from '../ground/log';

export interface RawRequest {
  /** The body as UTF-8 text (invalid sequences replaced); signatures are checked on `bodyBytes`. */
  body: string;
  /** The body exactly as sent. */
  bodyBytes: Buffer;
  headers: Record<string, string>;
  query: Record<string, string>;
}

export interface OpInput<Id extends RouteId> {
  params: RouteParams<Id>;
  query: RouteQuery<Id>;
  body: RouteBody<Id>;
  raw: RawRequest;
}

export interface OpContext {
  requestId: string;
  log: Log;
  now: Date;
  /** The viewer's address (CloudFront-Viewer-Address once the origin is proven, else the connection's). */
  sourceIp: string;
  /** What per-address limits count: the IPv4 address, or the /64 of an IPv6 one. */
  addressKey: string;
  /** Present on every route whose access needs a session. */
  auth?: AuthContext;
}

export type Operation<Id extends RouteId> = (input: OpInput<Id>, ctx: OpContext, deps: Deps) => Promise<RouteOutput<Id>>;

export type GroupRouteId<G extends Group> = { [K in RouteId]: Routes[K]['group'] extends G ? K : never }[RouteId];

/** A group's handler maps every one of its route ids to an operation; the compiler checks none is missing. */
export type GroupOperations<G extends Group> = { [K in GroupRouteId<G>]: Operation<K> };

export function requireAuth(ctx: OpContext): AuthContext {
  if (!ctx.auth) throw new Error('operation needs a session but the route does not require one');
  return ctx.auth;
}
