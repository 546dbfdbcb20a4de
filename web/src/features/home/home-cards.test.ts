import { describe, expect, it } from 'vitest';
import { homeCards } from './home-cards';

describe('dashboard home cards', () => {
  it('an ADMIN gets tracking accounts, staff users and profile', () => {
    expect(homeCards({ isAdmin: true, canReadAccounts: false }).map((c) => [c.id, c.to])).toEqual([
      ['accounts', '/dashboard/accounts'],
      ['staff', '/dashboard/users'],
      ['profile', '/dashboard/profile'],
    ]);
  });

  it('a USER sees tracking accounts only with READ_ACCOUNTS, and never staff users', () => {
    expect(homeCards({ isAdmin: false, canReadAccounts: true }).map((c) => c.id)).toEqual(['accounts', 'profile']);
    expect(homeCards({ isAdmin: false, canReadAccounts: false }).map((c) => c.id)).toEqual(['profile']);
  });
});
