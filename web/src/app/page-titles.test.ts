import { describe, expect, it } from 'vitest';
import { patterns } from '../lib/paths';
import { documentTitle, HOME_TITLE, PAGE_TITLES } from './page-titles';

describe('browser tab titles', () => {
  it('every screen of the router has its own title', () => {
    const { child, notFound, home, ...top } = patterns;
    const titled = new Set(PAGE_TITLES.map(([pattern]) => pattern));
    for (const pattern of Object.values(top)) expect(titled.has(pattern), pattern).toBe(true);
    for (const [key, value] of Object.entries(child)) {
      if (typeof value === 'string') expect(titled.has(`${patterns.dashboard}/${value}`), key).toBe(true);
    }
    expect([notFound, home]).toEqual(['*', '/']);
    expect(new Set(PAGE_TITLES.map(([, title]) => title)).size).toBe(PAGE_TITLES.length);
  });

  it('reads the path a person is on', () => {
    expect(documentTitle('/')).toBe(HOME_TITLE);
    expect(documentTitle('/login')).toBe('Sign in · Dakiya');
    expect(documentTitle('/dashboard')).toBe('Dashboard · Dakiya');
    expect(documentTitle('/dashboard/users')).toBe('Staff users · Dakiya');
    expect(documentTitle('/dashboard/users/0123456789abcdef01234567')).toBe('Edit user · Dakiya');
    expect(documentTitle('/dashboard/edit-account/0123456789abcdef01234567')).toBe('Edit tracking account · Dakiya');
    expect(documentTitle('/dashboard/docs/two-factor-auth')).toBe('Docs: Two factor auth · Dakiya');
    expect(documentTitle('/no/such/page')).toBe('Page not found · Dakiya');
  });
});
