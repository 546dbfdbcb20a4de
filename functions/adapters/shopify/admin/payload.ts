import { ShopifyError, ShopifyUserErrors, type UserError } from '../../../domain/ports/shopify';

/** A mutation's resource, or its userErrors as one typed error (nothing changed on Shopify). */
export function payload<T>(operation: string, userErrors: UserError[], resource: T | null): T {
  if (userErrors.length > 0) throw new ShopifyUserErrors(operation, userErrors);
  if (resource === null) throw new ShopifyError('BAD_RESPONSE', `${operation} returned neither a result nor userErrors`);
  return resource;
}
