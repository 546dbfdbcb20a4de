import { z } from '../zod';

/** Query of the install (app URL) request Shopify sends; every Shopify value is a short string. */
const ShopifyValue = z.string().max(2000);

export const ShopifyInstallQuery = z
  .object({
    shop: z.string().min(1).max(255),
    hmac: ShopifyValue.optional(),
    timestamp: ShopifyValue.optional(),
    host: ShopifyValue.optional(),
  })
  .catchall(ShopifyValue);
export type ShopifyInstallQuery = z.infer<typeof ShopifyInstallQuery>;

export const ShopifyCallbackQuery = z
  .object({
    code: z.string().min(1).max(255),
    hmac: z.string().min(1).max(255),
    shop: z.string().min(1).max(255),
    state: z.string().min(1).max(255),
    timestamp: z.string().min(1).max(32),
    host: ShopifyValue.optional(),
  })
  .catchall(ShopifyValue);
export type ShopifyCallbackQuery = z.infer<typeof ShopifyCallbackQuery>;

/**
 * A redirect: a 302 to `location`, or, with `page`, a 200 HTML page that sends the top window there
 * (an embedded launch cannot 3xx out of the admin's iframe, reference/shopify.md §1.3).
 */
export const Redirect = z.object({
  location: z.string(),
  cookies: z.array(z.string()).optional(),
  page: z.object({ html: z.string(), csp: z.string() }).optional(),
});
export type Redirect = z.infer<typeof Redirect>;

export const WebhookAck = z.object({ ok: z.literal(true) });
export type WebhookAck = z.infer<typeof WebhookAck>;
