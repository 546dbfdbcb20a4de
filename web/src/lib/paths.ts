/**
 * Every user-visible path of the SPA (spec 000 §2). Links call these; nothing builds a path by hand.
 * `patterns` are the router's matching patterns for the same screens.
 */
const seg = (value: string | number): string => encodeURIComponent(String(value));

const docsPages = {
  dashboard: 'dashboard',
  orders: 'orders',
  liveTracking: 'live-tracking',
  trackingAccounts: 'tracking-accounts',
  orderBooking: 'order-booking',
  orderBookingGuide: 'order-booking-guide',
  mergeOrders: 'merge-orders',
  settings: 'settings',
  users: 'users',
  twoFactorAuth: 'two-factor-auth',
} as const;
export type DocsPage = keyof typeof docsPages;
export const DOCS_PAGES = docsPages;

/** The name of each docs page, as its heading and browser tab say it. */
export const DOCS_TITLES: Record<DocsPage, string> = {
  dashboard: 'Dashboard',
  orders: 'Orders',
  liveTracking: 'Live tracking',
  trackingAccounts: 'Tracking accounts',
  orderBooking: 'Order booking',
  orderBookingGuide: 'Order booking guide',
  mergeOrders: 'Merge orders',
  settings: 'Settings',
  users: 'User management',
  twoFactorAuth: 'Two factor auth',
};

export const paths = {
  home: () => '/',
  login: () => '/login',
  /** Sign in with the Forgot password dialog open: where a spent reset link sends for a new one. */
  forgotPassword: () => '/login?forgot=1',
  createNewPassword: () => '/create-new-password',
  twoFactor: () => '/two-factor',
  /** The public tracking page: rendered by the tracking function, not the SPA (a full page load, never a router link). */
  track: (trackNumber: string) => `/track/${seg(trackNumber)}`,
  emailVerify: () => '/email-verify',
  /** The sample of 'Update payment status by CSV': a static file of the web build (web/public). */
  paymentCsvSample: () => '/samples/payment-status.csv',
  /** Where the emailed reset link lands (the spec does not name it): `?hash=`. */
  resetPassword: () => '/reset-password',
  dashboard: {
    home: () => '/dashboard',
    users: () => '/dashboard/users',
    user: (userId: string) => `/dashboard/users/${seg(userId)}`,
    createUser: () => '/dashboard/create-user',
    orders: () => '/dashboard/orders',
    shopifyOrders: () => '/dashboard/shopify/orders',
    profile: () => '/dashboard/profile',
    accounts: () => '/dashboard/accounts',
    createAccount: () => '/dashboard/accounts/create-account',
    editAccount: (accountId: string) => `/dashboard/edit-account/${seg(accountId)}`,
    createAccountAlert: () => '/dashboard/create-account-alert',
    settings: () => '/dashboard/settings',
    bookOrder: () => '/dashboard/order/book',
    postBooking: () => '/dashboard/post-booking',
    mergeOrders: () => '/dashboard/merge-orders',
    /** The store's orders still to book, read live from Shopify (beyond the spec). */
    storeOrders: () => '/dashboard/store-orders',
    /** Bulk booking: choose the account for the selected orders (`?ids[]=`), then the job's progress. */
    bulkBook: () => '/dashboard/bulk-book',
    bulkProgress: (jobId: string) => `/dashboard/bulk/${seg(jobId)}`,
    plans: () => '/dashboard/plans',
    support: () => '/dashboard/support',
    staff: () => '/dashboard/staff',
    staffStats: (userId: string) => `/dashboard/staff/${seg(userId)}/stats`,
    docs: (page?: DocsPage) => (page ? `/dashboard/docs/${docsPages[page]}` : '/dashboard/docs'),
  },
} as const;

/** Router patterns, relative to their parent (public ones to `/`, the rest to `/dashboard`). */
export const patterns = {
  home: '/',
  login: '/login',
  createNewPassword: '/create-new-password',
  twoFactor: '/two-factor',
  emailVerify: '/email-verify',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  notFound: '*',
  child: {
    users: 'users',
    user: 'users/:user_id',
    createUser: 'create-user',
    orders: 'orders',
    shopifyOrders: 'shopify/orders',
    profile: 'profile',
    accounts: 'accounts',
    createAccount: 'accounts/create-account',
    editAccount: 'edit-account/:account_id',
    createAccountAlert: 'create-account-alert',
    settings: 'settings',
    bookOrder: 'order/book',
    postBooking: 'post-booking',
    mergeOrders: 'merge-orders',
    storeOrders: 'store-orders',
    bulkBook: 'bulk-book',
    bulkProgress: 'bulk/:job_id',
    plans: 'plans',
    support: 'support',
    staff: 'staff',
    staffStats: 'staff/:user_id/stats',
    docs: 'docs',
    docsPage: (page: DocsPage) => `docs/${docsPages[page]}`,
  },
} as const;

/** `?key=value` for links that carry query state; empty values are dropped. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** `?ids[]=a&ids[]=b`: the merge page's and the bulk page's list of Shopify order ids (as Shopify's bulk links send them). */
export function withIds(path: string, ids: readonly string[]): string {
  const text = ids.map((id) => `ids[]=${encodeURIComponent(id)}`).join('&');
  return text ? `${path}?${text}` : path;
}

/** The ids of `?ids[]=` (and of `?ids=`, comma-separated, as a person may type it), each once, in order. */
export function idsFrom(search: URLSearchParams): string[] {
  const raw = [...search.getAll('ids[]'), ...search.getAll('ids').flatMap((value) => value.split(','))];
  return [...new Set(raw.map((id) => id.trim()).filter(Boolean))];
}

/** The booking screens that can send a person to create an account and expect them back (`?return=`). */
const RETURN_PATHS = ['/dashboard/order/book', '/dashboard/merge-orders', '/dashboard/bulk-book'];

/**
 * Where create-account sends the person once the account exists: the booking screen that sent them, when
 * `value` is one (with its query), else nowhere. Only those paths of this app: a link cannot send anyone away.
 */
export function returnPathFrom(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://dakiya.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://dakiya.invalid' || !value.startsWith('/') || value.startsWith('//')) return null;
  return RETURN_PATHS.includes(url.pathname) ? `${url.pathname}${url.search}` : null;
}

/** Create account, then back to `returnTo` (a booking screen) once it exists. */
export function createAccountThenBack(returnTo: string): string {
  return withQuery(paths.dashboard.createAccount(), { return: returnPathFrom(returnTo) });
}
