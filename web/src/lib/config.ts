/**
 * The only module that reads `import.meta.env` (STYLE.md §9). Everything else imports `config`.
 * Build-time variables are prefixed VITE_; all have safe defaults so a plain `vite build` works.
 */
const env: Record<string, unknown> = import.meta.env ?? {};

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export const config = {
  /** Origin of the API; empty means same origin (the local gateway and CloudFront both serve /api). */
  apiOrigin: text(env.VITE_API_ORIGIN, ''),
  /** The store admin the login screen links to. */
  storeAdminUrl: text(env.VITE_STORE_ADMIN_URL, 'https://admin.shopify.com'),
  /** Shopify App Store listing for the install explanation on the landing page. */
  appStoreUrl: text(env.VITE_APP_STORE_URL, 'https://apps.shopify.com'),
  /** Spec 000 §9: query data kept 60 s. */
  swrCacheMs: 60_000,
  /** Spec 000 §9: alerts dismiss themselves after 5000 ms. */
  alertDismissMs: 5_000,
  isDev: env.DEV === true,
} as const;
