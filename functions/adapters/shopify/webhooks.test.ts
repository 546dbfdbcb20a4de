import { describe, expect, it } from 'vitest';
import { signWebhook } from './hmac';
import { parseWebhook } from './webhooks';

const SECRET = 'webhook-secret';
const body = '{"id":6140201369913,"name":"#1001"}';
const headers = (overrides: Record<string, string | undefined> = {}) => ({
  'X-Shopify-Hmac-Sha256': signWebhook(body, SECRET),
  'X-Shopify-Topic': 'orders/create',
  'X-Shopify-Shop-Domain': 'demo.myshopify.com',
  'X-Shopify-API-Version': '2026-07',
  'X-Shopify-Webhook-Id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
  'X-Shopify-Event-Id': '98880550-7158-44d4-b7cd-2c97c8a091b5',
  'X-Shopify-Triggered-At': '2026-08-02T08:17:13Z',
  ...overrides,
});

describe('parseWebhook', () => {
  it('returns the typed delivery with the parsed payload', () => {
    const result = parseWebhook({ headers: headers(), rawBody: body }, [SECRET]);
    expect(result).toEqual({
      ok: true,
      delivery: {
        topic: 'orders/create',
        shopDomain: 'demo.myshopify.com',
        apiVersion: '2026-07',
        webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
        eventId: '98880550-7158-44d4-b7cd-2c97c8a091b5',
        triggeredAt: '2026-08-02T08:17:13Z',
        payload: { id: 6140201369913, name: '#1001' },
      },
    });
  });

  it('reads header names case-insensitively and accepts the un-prefixed names', () => {
    const lower = Object.fromEntries(Object.entries(headers()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(parseWebhook({ headers: lower, rawBody: body }, [SECRET]).ok).toBe(true);
    const unprefixed = Object.fromEntries(Object.entries(headers()).map(([k, v]) => [k.toLowerCase().replace('x-shopify-', 'shopify-'), v]));
    expect(parseWebhook({ headers: unprefixed, rawBody: body }, [SECRET]).ok).toBe(true);
  });

  it('answers 400 for each missing required header', () => {
    for (const name of ['X-Shopify-Hmac-Sha256', 'X-Shopify-Topic', 'X-Shopify-Shop-Domain', 'X-Shopify-API-Version', 'X-Shopify-Webhook-Id']) {
      const result = parseWebhook({ headers: headers({ [name]: undefined }), rawBody: body }, [SECRET]);
      expect(result).toMatchObject({ ok: false, reason: 'missing-header', status: 400, missing: [name] });
    }
  });

  it('answers 401 for a bad HMAC before looking at the JSON', () => {
    expect(parseWebhook({ headers: headers(), rawBody: body.replace('1001', '1002') }, [SECRET])).toEqual({
      ok: false,
      reason: 'bad-hmac',
      status: 401,
    });
    expect(parseWebhook({ headers: headers(), rawBody: body }, ['other'])).toMatchObject({ reason: 'bad-hmac' });
  });

  it('verifies byte bodies and flags signed garbage as bad-json', () => {
    expect(parseWebhook({ headers: headers(), rawBody: new TextEncoder().encode(body) }, [SECRET]).ok).toBe(true);
    const garbage = 'not json';
    const result = parseWebhook({ headers: headers({ 'X-Shopify-Hmac-Sha256': signWebhook(garbage, SECRET) }), rawBody: garbage }, [SECRET]);
    expect(result).toEqual({ ok: false, reason: 'bad-json', status: 400 });
  });
});
