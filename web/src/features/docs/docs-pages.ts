import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DocsPage } from '../../lib/paths';

/** Each guide is its own chunk, loaded when it is opened. */
export const DOC_CONTENT: Record<DocsPage, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('./pages/dashboard')),
  orders: lazy(() => import('./pages/orders')),
  liveTracking: lazy(() => import('./pages/live-tracking')),
  trackingAccounts: lazy(() => import('./pages/tracking-accounts')),
  orderBooking: lazy(() => import('./pages/order-booking')),
  orderBookingGuide: lazy(() => import('./pages/order-booking-guide')),
  mergeOrders: lazy(() => import('./pages/merge-orders')),
  settings: lazy(() => import('./pages/settings')),
  users: lazy(() => import('./pages/users')),
  twoFactorAuth: lazy(() => import('./pages/two-factor-auth')),
};

/** One line per guide, for the docs index. */
export const DOC_SUMMARIES: Record<DocsPage, string> = {
  dashboard: 'What the cards count, choosing dates, charts and the courier scorecard.',
  orders: 'Searching and filtering bookings, tracking, cancelling, payment status by CSV and export.',
  liveTracking: 'The public tracking page your customers see, and how fresh it is.',
  trackingAccounts: 'Adding Leopards, M&P, PostEx and TCS accounts, defaults and switching off.',
  orderBooking: 'One order, many, or merged; what the form starts with; booked exactly once; airway bills.',
  orderBookingGuide: 'Step by step, from a new Shopify order to a parcel on its way.',
  mergeOrders: 'Several orders of one customer in one parcel, with one COD.',
  settings: 'Free shipping, discount, default weight and order tags.',
  users: 'Staff users, roles and scopes, and staff statistics.',
  twoFactorAuth: 'Codes from an authenticator app, recovery codes and resets.',
};
