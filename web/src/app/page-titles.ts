import { matchPath } from 'react-router-dom';
import { DOCS_PAGES, DOCS_TITLES, patterns, type DocsPage } from '../lib/paths';

const APP = 'Dakiya';
/** The landing page keeps the full name the index.html carries. */
export const HOME_TITLE = 'Dakiya · Courier booking and parcel tracking for Shopify';


const d = (child: string) => `${patterns.dashboard}/${child}`;
const c = patterns.child;

/** Every screen's browser-tab title, by its router pattern: a person with five tabs open finds the right one. */
export const PAGE_TITLES: readonly (readonly [pattern: string, title: string])[] = [
  [patterns.login, 'Sign in'],
  [patterns.createNewPassword, 'Create your password'],
  [patterns.twoFactor, 'Two-factor verification'],
  [patterns.emailVerify, 'Verify your email'],
  [patterns.resetPassword, 'Reset your password'],
  [patterns.dashboard, 'Dashboard'],
  [d(c.users), 'Staff users'],
  [d(c.user), 'Edit user'],
  [d(c.createUser), 'Create user'],
  [d(c.orders), 'Orders'],
  [d(c.shopifyOrders), 'Store orders'],
  [d(c.profile), 'Profile'],
  [d(c.accounts), 'Tracking accounts'],
  [d(c.createAccount), 'Create tracking account'],
  [d(c.editAccount), 'Edit tracking account'],
  [d(c.createAccountAlert), 'Add a tracking account'],
  [d(c.settings), 'Settings'],
  [d(c.bookOrder), 'Book order'],
  [d(c.postBooking), 'Booking summary'],
  [d(c.mergeOrders), 'Merge orders'],
  [d(c.storeOrders), 'Book orders'],
  [d(c.bulkBook), 'Bulk booking'],
  [d(c.bulkProgress), 'Bulk booking progress'],
  [d(c.plans), 'Pricing & plans'],
  [d(c.support), 'Support'],
  [d(c.staff), 'Staff members'],
  [d(c.staffStats), 'Staff member statistics'],
  [d(c.docs), 'Docs'],
  ...(Object.keys(DOCS_PAGES) as DocsPage[]).map((page) => [d(c.docsPage(page)), `Docs: ${DOCS_TITLES[page]}`] as const),
];

/** 'Staff users · Dakiya' for /dashboard/users; the landing page's own title; 'Page not found · Dakiya' otherwise. */
export function documentTitle(pathname: string): string {
  if (matchPath(patterns.home, pathname)) return HOME_TITLE;
  const hit = PAGE_TITLES.find(([pattern]) => matchPath(pattern, pathname));
  return `${hit ? hit[1] : 'Page not found'} · ${APP}`;
}
