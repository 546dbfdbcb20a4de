import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAccountThenBack, DOCS_PAGES, paths, patterns, returnPathFrom, withQuery, type DocsPage } from './paths';

const under = (child: string) => `${patterns.dashboard}/${child}`;

describe('paths', () => {
  it('public paths of spec 000 §2', () => {
    expect(paths.home()).toBe('/');
    expect(paths.login()).toBe('/login');
    expect(paths.createNewPassword()).toBe('/create-new-password');
    expect(paths.twoFactor()).toBe('/two-factor');
    expect(paths.emailVerify()).toBe('/email-verify');
    expect(paths.resetPassword()).toBe('/reset-password');
    expect(withQuery(paths.resetPassword(), { hash: 'a b' })).toBe('/reset-password?hash=a+b');
    expect(withQuery(paths.createNewPassword(), { hash: 'h', id: 'i' })).toBe('/create-new-password?hash=h&id=i');
    expect(paths.track('LE123 45')).toBe('/track/LE123%2045');
  });

  it('dashboard paths match their router patterns', () => {
    const d = paths.dashboard;
    const c = patterns.child;
    const cases: [string, string][] = [
      [d.users(), c.users], [d.user('abc'), c.user], [d.createUser(), c.createUser], [d.orders(), c.orders],
      [d.shopifyOrders(), c.shopifyOrders], [d.profile(), c.profile], [d.accounts(), c.accounts],
      [d.createAccount(), c.createAccount], [d.editAccount('x1'), c.editAccount], [d.createAccountAlert(), c.createAccountAlert],
      [d.settings(), c.settings], [d.bookOrder(), c.bookOrder], [d.postBooking(), c.postBooking], [d.mergeOrders(), c.mergeOrders],
      [d.plans(), c.plans], [d.support(), c.support], [d.staff(), c.staff], [d.staffStats('u1'), c.staffStats], [d.docs(), c.docs],
    ];
    for (const [path, pattern] of cases) expect(matchPath(under(pattern), path), `${path} ~ ${pattern}`).not.toBeNull();
    expect(d.home()).toBe('/dashboard');
    expect(d.users()).toBe('/dashboard/users');
    expect(d.createAccount()).toBe('/dashboard/accounts/create-account');
    expect(d.bookOrder()).toBe('/dashboard/order/book');
    expect(matchPath(under(c.user), d.user('5f0c'))?.params.user_id).toBe('5f0c');
    expect(matchPath(under(c.staffStats), d.staffStats('u9'))?.params.user_id).toBe('u9');
  });

  it('docs pages of spec 000 §2', () => {
    const all = Object.keys(DOCS_PAGES) as DocsPage[];
    expect(all.map((p) => paths.dashboard.docs(p))).toEqual([
      '/dashboard/docs/dashboard', '/dashboard/docs/orders', '/dashboard/docs/live-tracking', '/dashboard/docs/tracking-accounts',
      '/dashboard/docs/order-booking', '/dashboard/docs/order-booking-guide', '/dashboard/docs/merge-orders', '/dashboard/docs/settings',
      '/dashboard/docs/users', '/dashboard/docs/two-factor-auth',
    ]);
    for (const p of all) expect(matchPath(under(patterns.child.docsPage(p)), paths.dashboard.docs(p))).not.toBeNull();
  });

  it('ids cannot change the path', () => {
    expect(paths.dashboard.user('../plans')).toBe('/dashboard/users/..%2Fplans');
  });

  it('withQuery keeps non-empty values', () => {
    expect(withQuery(paths.dashboard.plans(), { success: 'true', x: '', y: undefined })).toBe('/dashboard/plans?success=true');
    expect(withQuery('/a', {})).toBe('/a');
  });

  it('create account leads back to the booking screen that sent the person there, and nowhere else', () => {
    expect(createAccountThenBack('/dashboard/order/book?id=6140201371028')).toBe('/dashboard/accounts/create-account?return=%2Fdashboard%2Forder%2Fbook%3Fid%3D6140201371028');
    expect(returnPathFrom('/dashboard/order/book?id=6140201371028')).toBe('/dashboard/order/book?id=6140201371028');
    expect(returnPathFrom('/dashboard/merge-orders?ids[]=1&ids[]=2')).toBe('/dashboard/merge-orders?ids[]=1&ids[]=2');
    expect(returnPathFrom('/dashboard/bulk-book?ids[]=1')).toBe('/dashboard/bulk-book?ids[]=1');
    for (const elsewhere of ['https://evil.example/dashboard/order/book', '//evil.example/dashboard/order/book', '/dashboard/users', 'dashboard/order/book', '', null]) {
      expect(returnPathFrom(elsewhere)).toBeNull();
    }
    expect(createAccountThenBack('/dashboard/users')).toBe('/dashboard/accounts/create-account');
  });
});
