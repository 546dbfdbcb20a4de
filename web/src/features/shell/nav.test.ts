import type { Scope } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { buildNav, canOpenPath, canSeeAccounts, landingPath, lockedReason, MAIN_NAV, SECONDARY_NAV, selectedNavId, type NavEntry } from './nav';

const admin = { role: 'ADMIN' as const, access_scopes: [] as Scope[] };
const userWith = (...scopes: Scope[]) => ({ role: 'USER' as const, access_scopes: scopes });
const enabledIds = (entries: NavEntry[]) => entries.filter((e) => e.enabled).map((e) => e.id);

describe('side navigation (spec 000 §2, §6)', () => {
  it('has the items of the spec, in order', () => {
    // Book orders (the store's orders to ship, beyond the spec) sits under Orders
    expect(MAIN_NAV.map((i) => i.label)).toEqual(['Dashboard', 'Orders', 'Book orders', 'Accounts', 'Staff', 'Docs', 'Pricing & plans', 'Settings']);
    expect(MAIN_NAV.find((i) => i.id === 'docs')!.children!.map((c) => c.label)).toEqual([
      'Dashboard', 'Orders', 'Live tracking', 'Tracking accounts', 'Order booking', 'Order booking guide', 'Merge orders', 'Settings', 'User management',
      'Two factor auth',
    ]);
    expect(MAIN_NAV.find((i) => i.id === 'staff')!.badge).toBe('Admin only');
    expect(MAIN_NAV.find((i) => i.id === 'plans')!.to).toBe('/dashboard/plans');
    expect(SECONDARY_NAV.map((i) => i.label)).toEqual(['Profile']);
  });

  it('ADMIN: everything enabled', () => {
    const nav = buildNav(MAIN_NAV, admin, '/dashboard');
    expect(enabledIds(nav)).toEqual(['dashboard', 'orders', 'book', 'accounts', 'staff', 'docs', 'plans', 'settings']);
  });

  it('USER: enabled by scope; Staff and Pricing never', () => {
    expect(enabledIds(buildNav(MAIN_NAV, userWith(), '/dashboard/profile'))).toEqual(['docs']);
    expect(enabledIds(buildNav(MAIN_NAV, userWith('READ_ORDERS', 'BOOK_ORDERS'), '/dashboard'))).toEqual(['orders', 'book', 'docs']);
    expect(enabledIds(buildNav(MAIN_NAV, userWith('READ_ANALYTICS', 'READ_ACCOUNTS', 'READ_SETTINGS'), '/dashboard'))).toEqual([
      'dashboard', 'accounts', 'docs', 'settings',
    ]);
    expect(enabledIds(buildNav(SECONDARY_NAV, userWith(), '/dashboard'))).toEqual(['profile']);
    // WRITE without READ does not open the page
    expect(enabledIds(buildNav(MAIN_NAV, userWith('WRITE_ACCOUNTS', 'WRITE_SETTINGS'), '/dashboard'))).toEqual(['docs']);
  });

  it('a locked item says why, and who can open it', () => {
    const nav = buildNav(MAIN_NAV, userWith('READ_ORDERS'), '/dashboard/orders');
    expect(nav.find((e) => e.id === 'staff')!.locked).toBe('Staff is for admins only. Ask an admin of your store if you need something there.');
    expect(nav.find((e) => e.id === 'accounts')!.locked).toBe('Accounts needs the Read accounts permission. Ask your admin to give it to you.');
    expect(nav.find((e) => e.id === 'book')!.locked).toBe('Book orders needs the Book orders permission. Ask your admin to give it to you.');
    // an item the person may open says nothing of the kind
    expect(nav.find((e) => e.id === 'orders')!.locked).toBeUndefined();
    expect(buildNav(MAIN_NAV, admin, '/dashboard').filter((e) => e.locked)).toEqual([]);
    expect(lockedReason('Docs', { kind: 'open' })).toBe('');
  });

  it('nobody signed in: nothing enabled', () => {
    expect(enabledIds(buildNav(MAIN_NAV, null, '/dashboard'))).toEqual([]);
  });

  it('selected item per path', () => {
    expect(selectedNavId('/dashboard')).toBe('dashboard');
    expect(selectedNavId('/dashboard/')).toBe('dashboard');
    expect(selectedNavId('/dashboard/orders')).toBe('orders');
    expect(selectedNavId('/dashboard/accounts')).toBe('accounts');
    expect(selectedNavId('/dashboard/accounts/create-account')).toBe('accounts');
    expect(selectedNavId('/dashboard/users')).toBe('staff');
    expect(selectedNavId('/dashboard/create-user')).toBe('staff');
    expect(selectedNavId('/dashboard/plans')).toBe('plans');
    expect(selectedNavId('/dashboard/settings')).toBe('settings');
    expect(selectedNavId('/dashboard/profile')).toBe('profile');
    expect(selectedNavId('/dashboard/docs')).toBe('docs');
    expect(selectedNavId('/dashboard/docs/live-tracking')).toBe('docs-liveTracking');
    expect(selectedNavId('/dashboard/support')).toBeNull();
    expect(selectedNavId('/dashboard/store-orders')).toBe('book');
    expect(selectedNavId('/dashboard/order/book')).toBe('book');
    expect(selectedNavId('/dashboard/merge-orders')).toBe('book');
    expect(selectedNavId('/dashboard/bulk/0123456789abcdef01234567')).toBe('book');
    expect(selectedNavId('/dashboard/post-booking')).toBe('orders');
    expect(selectedNavId('/dashboard/shopify/orders')).toBe('orders-sample');
  });

  it('the sample store orders sit under Orders, which opens on them and on the orders list', () => {
    const onSample = buildNav(MAIN_NAV, admin, '/dashboard/shopify/orders').find((e) => e.id === 'orders')!;
    expect(onSample.children.map((c) => [c.label, c.to, c.selected])).toEqual([['Sample store orders', '/dashboard/shopify/orders', true]]);
    expect(onSample).toMatchObject({ selected: false, expanded: true });
    expect(buildNav(MAIN_NAV, admin, '/dashboard/orders').find((e) => e.id === 'orders')).toMatchObject({ selected: true, expanded: true });
    expect(canOpenPath(userWith('READ_ORDERS'), '/dashboard/shopify/orders')).toBe(true);
    expect(canOpenPath(userWith('READ_SETTINGS'), '/dashboard/shopify/orders')).toBe(false);
  });

  it('only one entry is selected and the Docs group opens for its sub-pages', () => {
    const nav = buildNav(MAIN_NAV, admin, '/dashboard/docs/users');
    const docs = nav.find((e) => e.id === 'docs')!;
    expect(docs.expanded).toBe(true);
    expect(docs.selected).toBe(false);
    expect(docs.children.filter((c) => c.selected).map((c) => c.label)).toEqual(['User management']);
    expect(nav.filter((e) => e.selected)).toHaveLength(0);
    expect(buildNav(MAIN_NAV, admin, '/dashboard/orders').find((e) => e.id === 'docs')!.expanded).toBe(false);
  });

  it('route guard mirrors the nav', () => {
    expect(canOpenPath(userWith('READ_ORDERS'), '/dashboard/orders')).toBe(true);
    expect(canOpenPath(userWith('READ_ORDERS'), '/dashboard/accounts/create-account')).toBe(false);
    expect(canOpenPath(userWith('READ_ORDERS'), '/dashboard/users/abc')).toBe(false);
    expect(canOpenPath(userWith('READ_ORDERS'), '/dashboard/plans')).toBe(false);
    expect(canOpenPath(userWith(), '/dashboard/support')).toBe(true);
    expect(canOpenPath(userWith(), '/dashboard/docs/order-booking-guide')).toBe(true);
    expect(canOpenPath(userWith(), '/dashboard/profile')).toBe(true);
    expect(canOpenPath(admin, '/dashboard/users/abc')).toBe(true);
    // booking screens need BOOK_ORDERS, not READ_ORDERS
    expect(canOpenPath(userWith('READ_ORDERS'), '/dashboard/order/book')).toBe(false);
    expect(canOpenPath(userWith('BOOK_ORDERS'), '/dashboard/merge-orders')).toBe(true);
  });

  it('lands each person on the first screen they may open, never on a lock screen', () => {
    expect(landingPath(admin)).toBe('/dashboard');
    expect(landingPath(userWith('READ_ANALYTICS', 'READ_ORDERS'))).toBe('/dashboard');
    expect(landingPath(userWith('READ_ORDERS', 'BOOK_ORDERS'))).toBe('/dashboard/orders');
    expect(landingPath(userWith('READ_ACCOUNTS'))).toBe('/dashboard/accounts');
    expect(landingPath(userWith('WRITE_SETTINGS', 'READ_SETTINGS'))).toBe('/dashboard/settings');
    expect(landingPath(userWith('BOOK_ORDERS'))).toBe('/dashboard/store-orders');
    for (const user of [admin, userWith('READ_ORDERS'), userWith('READ_ACCOUNTS'), userWith('BOOK_ORDERS')]) expect(canOpenPath(user, landingPath(user))).toBe(true);
  });

  it('user menu Accounts: READ_ACCOUNTS or ADMIN', () => {
    expect(canSeeAccounts(admin)).toBe(true);
    expect(canSeeAccounts(userWith('READ_ACCOUNTS'))).toBe(true);
    expect(canSeeAccounts(userWith('READ_ORDERS'))).toBe(false);
  });
});
