import type { Role, Scope } from '@dakiya/shared';
import { paths, type DocsPage } from '../../lib/paths';
import { scopeLabel } from '../../lib/scopes';

/** Who may open an item (spec 000 §6). */
export type NavRequirement = { kind: 'open' } | { kind: 'scope'; scope: Scope } | { kind: 'admin' };

export interface NavUser {
  role: Role;
  access_scopes: readonly Scope[];
}

export type NavId =
  | 'dashboard' | 'orders' | 'book' | 'accounts' | 'staff' | 'docs' | 'plans' | 'settings' | 'profile' | 'support'
  | `docs-${string}` | `orders-${string}`;

export interface NavItemDef {
  id: NavId;
  label: string;
  to: string;
  requires: NavRequirement;
  badge?: string;
  /** Paths (exact, or prefixes when ending with '/*') on which the item is selected. */
  selectedOn: readonly string[];
  children?: readonly NavItemDef[];
}

const open: NavRequirement = { kind: 'open' };
const admin: NavRequirement = { kind: 'admin' };
const needs = (scope: Scope): NavRequirement => ({ kind: 'scope', scope });

const d = paths.dashboard;

const docsItem = (page: DocsPage, label: string): NavItemDef => ({
  id: `docs-${page}`,
  label,
  to: d.docs(page),
  requires: open,
  selectedOn: [d.docs(page)],
});

/** Spec 000 §2 "Shell": the first section of the side navigation, in order. */
export const MAIN_NAV: readonly NavItemDef[] = [
  { id: 'dashboard', label: 'Dashboard', to: d.home(), requires: needs('READ_ANALYTICS'), selectedOn: [d.home()] },
  {
    id: 'orders',
    label: 'Orders',
    to: d.orders(),
    requires: needs('READ_ORDERS'),
    selectedOn: [d.orders(), `${d.orders()}/*`, d.postBooking()],
    // the sample store-orders page (spec 000 §2) sits under Orders
    children: [
      { id: 'orders-sample', label: 'Sample store orders', to: d.shopifyOrders(), requires: needs('READ_ORDERS'), selectedOn: [d.shopifyOrders()] },
    ],
  },
  {
    // the store's orders still to ship, read live from Shopify, and every booking screen
    id: 'book',
    label: 'Book orders',
    to: d.storeOrders(),
    requires: needs('BOOK_ORDERS'),
    selectedOn: [d.storeOrders(), d.bookOrder(), d.mergeOrders(), d.bulkBook(), '/dashboard/bulk/*'],
  },
  {
    id: 'accounts',
    label: 'Accounts',
    to: d.accounts(),
    requires: needs('READ_ACCOUNTS'),
    selectedOn: [d.accounts(), d.createAccount(), `${d.accounts()}/*`, '/dashboard/edit-account/*', d.createAccountAlert()],
  },
  {
    id: 'staff',
    label: 'Staff',
    to: d.users(),
    requires: admin,
    badge: 'Admin only',
    selectedOn: [d.users(), d.createUser(), `${d.users()}/*`, d.staff(), `${d.staff()}/*`],
  },
  {
    id: 'docs',
    label: 'Docs',
    to: d.docs(),
    requires: open,
    selectedOn: [d.docs()],
    children: [
      docsItem('dashboard', 'Dashboard'),
      docsItem('orders', 'Orders'),
      docsItem('liveTracking', 'Live tracking'),
      docsItem('trackingAccounts', 'Tracking accounts'),
      docsItem('orderBooking', 'Order booking'),
      // beyond the spec's nine: its tenth page, docs/order-booking-guide, had no item
      docsItem('orderBookingGuide', 'Order booking guide'),
      docsItem('mergeOrders', 'Merge orders'),
      docsItem('settings', 'Settings'),
      docsItem('users', 'User management'),
      docsItem('twoFactorAuth', 'Two factor auth'),
    ],
  },
  { id: 'plans', label: 'Pricing & plans', to: d.plans(), requires: admin, selectedOn: [d.plans()] },
  { id: 'settings', label: 'Settings', to: d.settings(), requires: needs('READ_SETTINGS'), selectedOn: [d.settings()] },
];

/** The second section: Profile, then Logout (an action, rendered as a badge). */
export const SECONDARY_NAV: readonly NavItemDef[] = [
  { id: 'profile', label: 'Profile', to: d.profile(), requires: open, selectedOn: [d.profile()] },
];

/** Pages reachable without a nav item, and who may open them. */
const OTHER_PAGES: readonly { on: string; requires: NavRequirement }[] = [
  { on: d.support(), requires: open },
  { on: `${d.docs()}/*`, requires: open },
];

export function meets(user: NavUser | null | undefined, requirement: NavRequirement): boolean {
  if (!user) return false;
  if (user.role === 'ADMIN') return true;
  switch (requirement.kind) {
    case 'open':
      return true;
    case 'admin':
      return false;
    case 'scope':
      // `hasScope` of the shared package for a USER, written out: importing it would load zod with the shell.
      return user.access_scopes.includes(requirement.scope);
  }
}

export function isNavItemEnabled(item: NavItemDef, user: NavUser | null | undefined): boolean {
  return meets(user, item.requires);
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function pathMatches(pattern: string, pathname: string): boolean {
  const path = trimSlash(pathname);
  if (pattern.endsWith('/*')) return path.startsWith(pattern.slice(0, -1)) && path.length > pattern.length - 1;
  return path === trimSlash(pattern);
}

function allItems(items: readonly NavItemDef[]): NavItemDef[] {
  return items.flatMap((item) => [item, ...(item.children ? allItems(item.children) : [])]);
}

/** The id of the item highlighted for `pathname` (a docs sub-page selects its sub-item), or null. */
export function selectedNavId(pathname: string): NavId | null {
  for (const item of allItems([...MAIN_NAV, ...SECONDARY_NAV])) {
    if (item.selectedOn.some((pattern) => pathMatches(pattern, pathname))) return item.id;
  }
  return null;
}

/** Who may open `pathname` inside the shell (the layout shows a no-access page otherwise). */
export function requirementForPath(pathname: string): NavRequirement {
  for (const item of allItems([...MAIN_NAV, ...SECONDARY_NAV])) {
    if (item.selectedOn.some((pattern) => pathMatches(pattern, pathname))) return item.requires;
  }
  for (const page of OTHER_PAGES) {
    if (pathMatches(page.on, pathname)) return page.requires;
  }
  return open;
}

export function canOpenPath(user: NavUser | null | undefined, pathname: string): boolean {
  return meets(user, requirementForPath(pathname));
}

/**
 * Why an item is locked for someone who may not open it, and who can: what a locked item says when it is
 * pointed at or clicked (the no-access page says the same to a direct link).
 */
export function lockedReason(label: string, requirement: NavRequirement): string {
  switch (requirement.kind) {
    case 'admin':
      return `${label} is for admins only. Ask an admin of your store if you need something there.`;
    case 'scope':
      return `${label} needs the ${scopeLabel(requirement.scope)} permission. Ask your admin to give it to you.`;
    case 'open':
      return '';
  }
}

export interface NavEntry {
  id: NavId;
  label: string;
  to: string;
  badge?: string;
  enabled: boolean;
  /** Why it is not enabled for this user (lockedReason); absent when it is. */
  locked?: string;
  selected: boolean;
  /** True when this item or one of its children is selected (the Docs group opens). */
  expanded: boolean;
  children: NavEntry[];
}

/** The navigation as the side bar draws it for this user on this path. */
export function buildNav(items: readonly NavItemDef[], user: NavUser | null | undefined, pathname: string): NavEntry[] {
  const selected = selectedNavId(pathname);
  const toEntry = (item: NavItemDef): NavEntry => {
    const children = (item.children ?? []).map(toEntry);
    const enabled = isNavItemEnabled(item, user);
    return {
      id: item.id,
      label: item.label,
      to: item.to,
      badge: item.badge,
      enabled,
      ...(enabled ? {} : { locked: lockedReason(item.label, item.requires) }),
      selected: selected === item.id,
      expanded: selected === item.id || children.some((c) => c.selected),
      children,
    };
  };
  return items.map(toEntry);
}

/** The user menu's Accounts entry: disabled without READ_ACCOUNTS unless ADMIN. */
export function canSeeAccounts(user: NavUser | null | undefined): boolean {
  return meets(user, needs('READ_ACCOUNTS'));
}

/**
 * Where a signed-in person lands (/dashboard itself when they may read analytics): the first work screen
 * of the navigation they may open, else their profile. Docs is never a landing: it is a manual, not work.
 */
export function landingPath(user: NavUser): string {
  const first = MAIN_NAV.find((item) => item.id !== 'docs' && isNavItemEnabled(item, user));
  return first ? first.to : paths.dashboard.profile();
}
