import { createHash } from 'node:crypto';
import type { AssociatedUser } from '../adapters/shopify';
import type { Deps } from '../domain/ports/deps';
import type { Env } from '../ground/env';
import type { ShopRecord } from '../domain/records';
import { startSession } from '../domain/sessions';

/**
 * Where the person who opened the app from the Shopify admin goes. Only the store's account owner,
 * with an address Shopify verified, gets the owner's session (through the one-time /login?token=
 * link); anyone else (staff, collaborators, an owner whose email is unverified) signs in with their
 * own Dakiya account, to this store (`?store=`).
 */
export async function landingFor(shop: ShopRecord, user: AssociatedUser, deps: Deps): Promise<string> {
  const { env } = deps;
  if (user.accountOwner && user.emailVerified && !user.collaborator) {
    const owner = await deps.members.get(shop._id, shop.ownerUserId);
    if (owner?.personId) {
      // two-factor on: the exchange answers two_factor_await and the code is still asked for
      const token = await startSession(owner, shop, 'handoff', deps);
      return `${env.APP_URL}/login?token=${encodeURIComponent(token)}`;
    }
  }
  return `${env.APP_URL}/login?store=${encodeURIComponent(shop.domain)}`;
}

/** The admin origins allowed to frame the break-out page: Shopify's, and the simulator's in local mode. */
function adminOrigins(env: Env): string {
  const origins = ['https://admin.shopify.com', 'https://*.myshopify.com'];
  if (!env.SHOPIFY_ORIGIN_TEMPLATE.startsWith('https://{shop}')) origins.push(new URL(env.SHOPIFY_ORIGIN_TEMPLATE.replace('{shop}', 'shop')).origin);
  return origins.join(' ');
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page an embedded launch answers: App Bridge sends the top window to `target` (what
 * shopify-app-js renders: `window.open(url, '_top')`), as an iframe of the admin cannot 3xx out and
 * the state cookie must be set by a top-level response. A link stays for a browser without scripts.
 */
export function breakOutPage(env: Env, target: string) {
  const script = `window.open(${JSON.stringify(target).replace(/</g, '\\u003c')}, '_top');`;
  const hash = createHash('sha256').update(script).digest('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Opening Dakiya</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="shopify-api-key" content="${esc(env.SHOPIFY_CLIENT_ID)}">
<script src="${esc(env.SHOPIFY_APP_BRIDGE_URL)}" data-api-key="${esc(env.SHOPIFY_CLIENT_ID)}"></script>
</head><body style="font-family:system-ui,sans-serif;margin:0;padding:32px;color:#1f2937">
<p data-testid="break-out">Opening Dakiya in its own window… <a href="${esc(target)}" target="_top">Continue</a></p>
<script>${script}</script>
</body></html>`;
  const csp = [
    "default-src 'none'",
    `script-src ${new URL(env.SHOPIFY_APP_BRIDGE_URL).origin} 'sha256-${hash}'`,
    "style-src 'unsafe-inline'",
    `frame-ancestors ${adminOrigins(env)}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return { location: target, page: { html, csp } };
}
