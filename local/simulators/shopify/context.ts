import { GraphQLError } from 'graphql';
import type { SimState, ShopRecord } from './state';
import type { WebhookDispatcher } from './webhooks';

/** Per-request GraphQL context. */
export interface GqlContext {
  state: SimState;
  shop: ShopRecord;
  webhooks: WebhookDispatcher;
  /** Where this request addressed the shop (path prefix or Host), for URLs the API hands out. */
  shopBaseUrl: string;
}

export function hasAnyScope(ctx: GqlContext, scopes: string[]): boolean {
  return scopes.some((s) => ctx.state.hasScope(ctx.shop, s));
}

/** ACCESS_DENIED as Shopify reports it (§5): an error entry, the field resolves to null. */
export function requireScope(ctx: GqlContext, scopes: string[], field: string): void {
  if (hasAnyScope(ctx, scopes)) return;
  const required = scopes.map((s) => `\`${s}\``).join(' or ');
  throw new GraphQLError(`Access denied for ${field} field. Required access: ${required} access scope.`, {
    extensions: {
      code: 'ACCESS_DENIED',
      documentation: 'https://shopify.dev/api/usage/access-scopes',
      requiredAccess: `${required} access scope.`,
    },
  });
}

export const FO_READ = [
  'read_merchant_managed_fulfillment_orders',
  'read_third_party_fulfillment_orders',
  'read_assigned_fulfillment_orders',
];
export const FO_WRITE = [
  'write_merchant_managed_fulfillment_orders',
  'write_third_party_fulfillment_orders',
  'write_assigned_fulfillment_orders',
];
