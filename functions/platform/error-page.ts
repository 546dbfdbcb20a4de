import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Said to a person rather than to a client: a launch link goes stale after 90 seconds (§1.5). */
const FOR_PEOPLE: Partial<Record<string, string>> = {
  SHOPIFY_HMAC_INVALID: 'This link from Shopify has expired or was changed.',
};

/**
 * What a browser shows when a page Shopify opens (a launch, the OAuth callback) is refused: the
 * catalogue's message as a page rather than JSON, with the way back and the reference support needs.
 */
export function errorPage(status: number, code: string | undefined, catalogueMessage: string, requestId: string | undefined): APIGatewayProxyStructuredResultV2 {
  const message = (code && FOR_PEOPLE[code]) ?? catalogueMessage;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dakiya could not open</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f6f7f9;margin:0;padding:48px 16px;color:#1f2937}
main{max-width:480px;margin:auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:28px}
h1{font-size:20px;margin:0 0 12px}p{line-height:1.5}.muted{color:#6b7280;font-size:13px}</style></head>
<body><main data-testid="launch-error">
<h1>Dakiya could not open</h1>
<p data-testid="launch-error-message">${esc(message)}</p>
<p>Open Dakiya again from your Shopify admin (Apps, then Dakiya). If it keeps happening, write to support with the reference below.</p>
${requestId ? `<p class="muted">Reference: ${esc(requestId)}</p>` : ''}
</main></body></html>`;
  return {
    statusCode: status,
    headers: {
      'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    },
    body: html,
  };
}
