import { describe, expect, it } from 'vitest';
import { homeCards, homeNote } from './home-cards';

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
  it('the note tells each person what they can do meanwhile: staff and account set-up only to an ADMIN', () => {
    expect(homeNote({ isAdmin: true, canReadAccounts: false })).toMatch(/set up your tracking accounts and staff/);
    const reader = homeNote({ isAdmin: false, canReadAccounts: true });
    expect(reader).toBe("Booked, delivered and returned counts and cash on delivery arrive here together with orders. Until then, you can look through your store's tracking accounts and keep your profile and sign-in up to date.");
    const plain = homeNote({ isAdmin: false, canReadAccounts: false });
    expect(plain).toBe('Booked, delivered and returned counts and cash on delivery arrive here together with orders. Until then, you can keep your profile and sign-in up to date.');
    for (const note of [reader, plain]) expect(note).not.toMatch(/staff|set up/i);
    expect(homeNote({ isAdmin: false, canReadAccounts: true, canWriteAccounts: true })).toMatch(/you can connect your store's tracking accounts/);
  });

  it('a USER who may only read accounts is not invited to connect one', () => {
    expect(homeCards({ isAdmin: false, canReadAccounts: true })[0]!.description).toBe('The courier accounts your store books with, and which one is the default.');
    expect(homeCards({ isAdmin: false, canReadAccounts: true, canWriteAccounts: true })[0]!.description).toMatch(/^Connect /);
  });
});

