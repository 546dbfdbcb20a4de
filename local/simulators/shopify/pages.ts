/** The two pages a person sees on the simulator: install consent and charge approval. */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SCOPE_TEXT: Record<string, string> = {
  read_orders: 'View orders, transactions and fulfillments',
  write_orders: 'Modify orders, transactions and fulfillments',
  read_all_orders: 'View all orders, not only the last 60 days',
  read_merchant_managed_fulfillment_orders: 'View fulfillment orders at your locations',
  write_merchant_managed_fulfillment_orders: 'Fulfill orders at your locations',
  read_third_party_fulfillment_orders: 'View fulfillment orders of other fulfillment services',
  write_third_party_fulfillment_orders: 'Fulfill orders of other fulfillment services',
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;background:#f1f1f1;margin:0;padding:40px 16px;color:#303030}
main{max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:20px;margin:0 0 8px}.muted{color:#616161;font-size:14px}
ul{padding-left:20px}li{margin:6px 0}code{font-size:12px;color:#616161}
.actions{display:flex;gap:8px;justify-content:flex-end;margin-top:24px}
button{font:inherit;padding:8px 16px;border-radius:8px;border:1px solid #8a8a8a;background:#fff;cursor:pointer}
button.primary{background:#303030;color:#fff;border-color:#303030}
.banner{background:#fff4e5;border-radius:8px;padding:8px 12px;font-size:13px;margin-bottom:16px}
</style></head><body><main>
<div class="banner">Shopify simulator — local development only</div>
${body}
</main></body></html>`;
}

/** Buttons resubmit the same request with `decision=approve|decline`, so a script can do the same. */
function decisionForm(action: string, params: [string, string][], approveLabel: string): string {
  const hidden = params
    .filter(([k]) => k !== 'decision')
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('\n');
  return `<form method="get" action="${esc(action)}" class="actions">
${hidden}
<button type="submit" name="decision" value="decline" id="cancel">Cancel</button>
<button type="submit" name="decision" value="approve" id="install" class="primary">${esc(approveLabel)}</button>
</form>`;
}

export function consentPage(input: { shopName: string; shop: string; clientId: string; scopes: string[]; action: string; params: [string, string][] }): string {
  const scopes = input.scopes.map((s) => `<li>${esc(SCOPE_TEXT[s] ?? s)} <code>${esc(s)}</code></li>`).join('');
  return layout(
    'Install app',
    `<h1>Install Dakiya on ${esc(input.shopName)}</h1>
<p class="muted">${esc(input.shop)} · app ${esc(input.clientId)}</p>
<p>This app will be able to:</p>
<ul>${scopes || '<li>No additional access</li>'}</ul>
${decisionForm(input.action, input.params, 'Install')}`,
  );
}

export function chargePage(input: { shopName: string; name: string; price: string; interval: string; test: boolean; trialDays: number; action: string; params: [string, string][] }): string {
  return layout(
    'Approve subscription',
    `<h1>Approve subscription</h1>
<p class="muted">${esc(input.shopName)}${input.test ? ' · test charge, no money moves' : ''}</p>
<p><strong>${esc(input.name)}</strong>: ${esc(input.price)} ${input.interval === 'ANNUAL' ? 'per year' : 'every 30 days'}${input.trialDays ? ` after a ${input.trialDays}-day trial` : ''}</p>
${decisionForm(input.action, input.params, 'Approve')}`,
  );
}

export function messagePage(title: string, text: string): string {
  return layout(title, `<h1>${esc(title)}</h1><p>${esc(text)}</p>`);
}

/** Where the App Bridge stand-in is served: the CDN's path, so the app only swaps the origin. */
export const APP_BRIDGE_PATH = '/shopifycloud/app-bridge.js';

/**
 * The part of App Bridge the app uses (shopify-app-js renders `window.open(url, '_top')` to leave the
 * iframe): the admin frame, not the app, navigates the top window, as a cross-origin iframe may not.
 */
export const APP_BRIDGE_SCRIPT = `(function () {
  var open = window.open.bind(window);
  window.shopify = { environment: { embedded: window.top !== window.self } };
  window.open = function (url, target, features) {
    if (target === '_top' && window.top !== window.self) {
      window.parent.postMessage({ type: 'shopify-sim:redirect', url: String(url) }, '*');
      return null;
    }
    return open(url, target, features);
  };
})();
`;

/** The admin with the app opened: a top bar naming the shop and signed-in user, and the app's iframe. */
export function adminFramePage(shop: { name: string; domain: string; staff: { id: number; email: string }[]; adminUserId: number }, launchUrl: string, appOrigin: string): string {
  const user = shop.staff.find((member) => member.id === shop.adminUserId);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${esc(shop.name)} · Dakiya · Shopify</title>
<style>body{margin:0;font-family:system-ui,sans-serif}header{background:#1a1a1a;color:#fff;padding:10px 16px;font-size:14px}
iframe{border:0;width:100%;height:calc(100vh - 40px)}</style></head><body>
<header data-testid="admin-bar">Shopify admin (simulator) · ${esc(shop.domain)} · ${esc(user?.email ?? 'nobody')}</header>
<iframe name="app-iframe" title="Dakiya" src="${esc(launchUrl)}"></iframe>
<script>
addEventListener('message', function (event) {
  if (event.origin !== ${JSON.stringify(appOrigin)} || !event.data || event.data.type !== 'shopify-sim:redirect') return;
  var target = new URL(event.data.url, event.origin);
  if (target.protocol === 'http:' || target.protocol === 'https:') location.assign(target.href);
});
</script></body></html>`;
}
