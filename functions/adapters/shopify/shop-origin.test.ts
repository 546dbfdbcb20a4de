import { describe, expect, it } from 'vitest';
import { shopOrigin, shopUrl } from './shop-origin';

describe('shopOrigin', () => {
  it('fills the production and simulator templates', () => {
    expect(shopOrigin('https://{shop}', 'demo.myshopify.com')).toBe('https://demo.myshopify.com');
    expect(shopOrigin('http://127.0.0.1:8081/_shops/{shop}/', 'demo.myshopify.com')).toBe('http://127.0.0.1:8081/_shops/demo.myshopify.com');
    expect(shopUrl('https://{shop}', 'demo.myshopify.com', '/admin/oauth/authorize')).toBe('https://demo.myshopify.com/admin/oauth/authorize');
  });

  it('uses a template without a placeholder as a fixed origin', () => {
    expect(shopOrigin('http://127.0.0.1:9000', 'demo.myshopify.com')).toBe('http://127.0.0.1:9000');
  });
});
