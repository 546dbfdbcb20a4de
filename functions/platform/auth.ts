import { hasScope, type Access, type RouteDef } from '@dakiya/shared';
import type { SessionRecord, ShopRecord, UserRecord } from '../domain/records';
import type { Deps } from '../domain/ports/deps';
import { AppError } from '../ground/errors';
import { parseSessionToken } from '../ground/tokens';
import { sessionCurrent } from '../domain/sessions';
import { requirePaid } from '../domain/billing/plan-check';

export interface AuthContext {
  user: UserRecord;
  shop: ShopRecord;
  session: SessionRecord;
}

function bearer(headers: Record<string, string | undefined>): string | undefined {
  const value = headers.authorization ?? headers.Authorization;
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value.trim()) : null;
  return match?.[1];
}

/** Bearer token -> session, user and shop (one BatchGetItem). Every failure is the same 401: no hint which part failed. */
export async function authenticate(headers: Record<string, string | undefined>, deps: Deps, kind: SessionRecord['kind'] = 'full'): Promise<AuthContext> {
  const token = bearer(headers);
  const parsed = token ? parseSessionToken(token) : undefined;
  if (!parsed) throw new AppError('UNAUTHORIZED');
  // session, user and shop in one round trip: the token names the shop and the user
  const signedIn = await deps.sessions.getSignedIn(parsed.shopId, parsed.userId, parsed.tokenHash);
  if (!signedIn || signedIn.session.kind !== kind) throw new AppError('UNAUTHORIZED');
  const { session, user, shop } = signedIn;
  if (!user?.personId || !shop || !user.is_active || !user.is_verified_user || shop.status !== 'ACTIVE' || !sessionCurrent(session, shop)) {
    throw new AppError('UNAUTHORIZED');
  }
  return { user, shop, session };
}

/** The route table's access rule, enforced for every route before its operation runs. */
export function authorize(access: Access, route: RouteDef, auth: AuthContext): void {
  if (access.kind === 'admin' && auth.user.role !== 'ADMIN') throw new AppError('ADMIN_ONLY');
  if (access.kind === 'scope' && !hasScope(auth.user, access.scope)) throw new AppError('MISSING_SCOPE');
  if (route.paidOnly) requirePaid(auth.shop);
}

/** A `byQuery` rule picks its case from the request's query; every other rule is itself. */
export function resolveAccess(access: Access, query: Record<string, string>): Access {
  if (access.kind !== 'byQuery') return access;
  const value = query[access.param];
  const chosen = value !== undefined && Object.hasOwn(access.cases, value) ? access.cases[value] : undefined;
  return resolveAccess(chosen ?? access.otherwise, query);
}

export function needsSession(access: Access): boolean {
  return access.kind === 'signedIn' || access.kind === 'scope' || access.kind === 'admin';
}
