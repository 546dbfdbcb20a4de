import { describe, expect, it } from 'vitest';
import { isValidShopDomain, queryHmacMessage, signQuery, signWebhook, verifyQueryHmac, verifyWebhookHmac } from './hmac';

// Shopify's documented vector (reference/shopify.md §1.5).
const DOC_QUERY = {
  code: '0907a61c0c8d55e99db179b68161bc00',
  hmac: '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
  shop: 'some-shop.myshopify.com',
  state: '0.6784241404160823',
  timestamp: '1337178173',
};
const DOC_NOW_MS = 1337178173 * 1000;

describe('verifyQueryHmac', () => {
  it('accepts the documented vector with a frozen clock', () => {
    expect(queryHmacMessage(DOC_QUERY)).toBe(
      'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
    );
    expect(signQuery(DOC_QUERY, 'hush')).toBe(DOC_QUERY.hmac);
    expect(verifyQueryHmac(DOC_QUERY, 'hush', DOC_NOW_MS)).toBe(true);
    expect(verifyQueryHmac(DOC_QUERY, 'hush', DOC_NOW_MS + 89_000)).toBe(true);
  });

  it('rejects a stale or future timestamp, even with a valid signature', () => {
    expect(verifyQueryHmac(DOC_QUERY, 'hush', DOC_NOW_MS + 91_000)).toBe(false);
    expect(verifyQueryHmac(DOC_QUERY, 'hush', DOC_NOW_MS - 91_000)).toBe(false);
    expect(verifyQueryHmac(DOC_QUERY, 'hush', DOC_NOW_MS + 300_000, 600)).toBe(true);
  });

  it('rejects a wrong secret, a tampered value, a missing hmac or timestamp', () => {
    expect(verifyQueryHmac(DOC_QUERY, 'other', DOC_NOW_MS)).toBe(false);
    expect(verifyQueryHmac({ ...DOC_QUERY, shop: 'evil-shop.myshopify.com' }, 'hush', DOC_NOW_MS)).toBe(false);
    expect(verifyQueryHmac({ ...DOC_QUERY, hmac: undefined }, 'hush', DOC_NOW_MS)).toBe(false);
    expect(verifyQueryHmac({ ...DOC_QUERY, hmac: 'zz' }, 'hush', DOC_NOW_MS)).toBe(false);
    const { timestamp: _t, ...noTimestamp } = DOC_QUERY;
    const signed = { ...noTimestamp, hmac: signQuery(noTimestamp, 'hush') };
    expect(verifyQueryHmac(signed, 'hush', DOC_NOW_MS)).toBe(false);
  });

  it('accepts any secret of a rotation, and upper-case hex', () => {
    expect(verifyQueryHmac(DOC_QUERY, ['new-secret', 'hush'], DOC_NOW_MS)).toBe(true);
    expect(verifyQueryHmac({ ...DOC_QUERY, hmac: DOC_QUERY.hmac.toUpperCase() }, 'hush', DOC_NOW_MS)).toBe(true);
    expect(verifyQueryHmac(DOC_QUERY, [], DOC_NOW_MS)).toBe(false);
  });

  it('ignores signature, joins repeated keys with commas and encodes spaces as %20', () => {
    const query = { shop: 'a.myshopify.com', 'ids[]': ['2', '1'], note: 'a b+c', timestamp: '10', signature: 'x' };
    expect(queryHmacMessage(query)).toBe('ids%5B%5D=2%2C1&note=a%20b%2Bc&shop=a.myshopify.com&timestamp=10');
    const hmac = signQuery(query, 's');
    expect(verifyQueryHmac({ ...query, hmac }, 's', 10_000)).toBe(true);
    expect(verifyQueryHmac({ ...query, 'ids[]': ['1', '2'], hmac }, 's', 10_000)).toBe(false);
  });
});

describe('verifyWebhookHmac', () => {
  const body = '{"id":820982911946154508,"name":"#9999"}';
  const header = 'YBwnJ9vsibq7srObgXybmGHWuwos+jDEL//7749XS78=';

  it('matches the reference vector on string and byte bodies', () => {
    expect(signWebhook(body, 'hush')).toBe(header);
    expect(verifyWebhookHmac(body, header, ['hush'])).toBe(true);
    expect(verifyWebhookHmac(new TextEncoder().encode(body), header, ['hush'])).toBe(true);
  });

  it('accepts the previous secret during a rotation', () => {
    expect(verifyWebhookHmac(body, header, ['rotated', 'hush'])).toBe(true);
  });

  it('rejects re-serialised bodies, other secrets, missing or malformed headers', () => {
    expect(verifyWebhookHmac('{"id": 820982911946154508, "name": "#9999"}', header, ['hush'])).toBe(false);
    expect(verifyWebhookHmac(body, header, ['other'])).toBe(false);
    expect(verifyWebhookHmac(body, undefined, ['hush'])).toBe(false);
    expect(verifyWebhookHmac(body, 'not base64!', ['hush'])).toBe(false);
    expect(verifyWebhookHmac(body, header.slice(4), ['hush'])).toBe(false);
    expect(verifyWebhookHmac(body, header, [''])).toBe(false);
  });
});

describe('isValidShopDomain', () => {
  it('accepts lower-case myshopify domains only', () => {
    expect(isValidShopDomain('dakiya-demo.myshopify.com')).toBe(true);
    expect(isValidShopDomain('shop1.myshopify.com')).toBe(true);
    for (const bad of [
      'Dakiya.myshopify.com',
      '-shop.myshopify.com',
      'shop.myshopify.com.evil.com',
      'evil.com/shop.myshopify.com',
      'sh_op.myshopify.com',
      '.myshopify.com',
      'shop.example.com',
      'shop.myshopify.com/',
      'a.b.myshopify.com',
      '',
    ]) {
      expect(isValidShopDomain(bad), bad).toBe(false);
    }
  });

  it('takes the suffix from configuration', () => {
    expect(isValidShopDomain('demo.shops.test', '.shops.test')).toBe(true);
    expect(isValidShopDomain('demo.myshopify.com', '.shops.test')).toBe(false);
  });
});
