import { ShopifyError, ShopifyUnauthorizedError } from '../ports/shopify';
import { AppError } from '../../ground/errors';

/**
 * Shopify failures become catalogue errors a person can act on; nothing else of them leaks. The port
 * has already waited out throttling and retried what is safe to retry by the time this sees an error.
 */
export async function withShopify<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw shopifyAppError(error);
  }
}

export function shopifyAppError(error: unknown): unknown {
  if (error instanceof ShopifyUnauthorizedError) return new AppError('SHOPIFY_ACCESS_LOST');
  if (error instanceof ShopifyError) {
    if (error.code === 'THROTTLED') return new AppError('SHOPIFY_BUSY');
    if (error.code === 'ACCESS_DENIED') return new AppError('SHOPIFY_SCOPES_MISSING');
    return new AppError('SHOPIFY_UNAVAILABLE');
  }
  return error;
}
