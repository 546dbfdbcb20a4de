import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, useLocation, type RouteObject } from 'react-router-dom';
import { useSession } from '../features/auth';
import { useSupportEmail } from '../lib/app-config';
import { DOCS_PAGES, paths, patterns, type DocsPage } from '../lib/paths';
import { LoadingPage } from '../components/ui/loading-page';
import { RouteError } from './routes/route-error';
import { documentTitle } from './page-titles';

/** `lazy()` for a named export: every screen is its own chunk so the first load stays small. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<object> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
}

const LandingPage = lazy(async () => {
  const m = await import('../features/landing/components/landing-page');
  return { default: function LandingRoute() { return <m.LandingPage supportEmail={useSupportEmail()} />; } };
});
const LoginPage = lazyNamed(() => import('../features/auth/components/login-page'), 'LoginPage');
const NotFoundPage = lazyNamed(() => import('./routes/not-found'), 'NotFoundPage');
const DashboardLayout = lazyNamed(() => import('./routes/dashboard-layout'), 'DashboardLayout');
const SupportPage = lazyNamed(() => import('../features/shell/components/support-page'), 'SupportPage');
const EmailVerifyPage = lazyNamed(() => import('../features/account-access/components/email-verify-page'), 'EmailVerifyPage');
const CreatePasswordPage = lazyNamed(() => import('../features/account-access/components/create-password-page'), 'CreatePasswordPage');
const ResetPasswordPage = lazyNamed(() => import('../features/account-access/components/reset-password-page'), 'ResetPasswordPage');
const TwoFactorPage = lazyNamed(() => import('../features/auth/components/two-factor-page'), 'TwoFactorPage');

// Screens that need the signed-in person get it here, so features never import the session feature.
const UsersPage = lazy(async () => {
  const m = await import('../features/users/components/users-page');
  return {
    default: function UsersRoute() {
      const { user } = useSession();
      return <m.UsersPage currentUserId={user?._id} timeZone={user?.shop.iana_time_zone} />;
    },
  };
});
// Staff statistics: ADMIN only (the nav's Staff item guards /dashboard/staff and below).
const StaffPage = lazy(async () => {
  const m = await import('../features/users/components/staff-page');
  return {
    default: function StaffRoute() {
      const { user } = useSession();
      return <m.StaffPage timeZone={user?.shop.iana_time_zone} />;
    },
  };
});
const StaffStatsPage = lazy(async () => {
  const m = await import('../features/users/components/staff-stats-page');
  return {
    default: function StaffStatsRoute() {
      const { user } = useSession();
      return <m.StaffStatsPage timeZone={user?.shop.iana_time_zone} />;
    },
  };
});
const PlansPage = lazy(async () => {
  const m = await import('../features/plans/components/plans-page');
  return {
    default: function PlansRoute() {
      const { user } = useSession();
      return <m.PlansPage timeZone={user?.shop.iana_time_zone} />;
    },
  };
});
const CreateUserPage = lazyNamed(() => import('../features/users/components/create-user-page'), 'CreateUserPage');
const EditUserPage = lazy(async () => {
  const m = await import('../features/users/components/edit-user-page');
  return {
    default: function EditUserRoute() {
      const { user } = useSession();
      return <m.EditUserPage currentUserId={user?._id} />;
    },
  };
});
const ProfilePage = lazy(async () => {
  const m = await import('../features/profile/components/profile-page');
  return {
    default: function ProfileRoute() {
      const { replaceToken } = useSession();
      return <m.ProfilePage onTokenReplaced={replaceToken} />;
    },
  };
});

// Tracking accounts: Create and Edit need WRITE_ACCOUNTS (an ADMIN has every scope).
// (The rule of `hasScope`, written out: importing it would pull zod into the first-load bundle.)
function useCanWriteAccounts(): boolean {
  const { user } = useSession();
  return !!user && (user.role === 'ADMIN' || user.access_scopes.includes('WRITE_ACCOUNTS'));
}
const AccountsPage = lazy(async () => {
  const m = await import('../features/accounts/components/accounts-page');
  return { default: function AccountsRoute() { return <m.AccountsPage canWrite={useCanWriteAccounts()} />; } };
});
const CreateAccountPage = lazy(async () => {
  const m = await import('../features/accounts/components/create-account-page');
  return {
    default: function CreateAccountRoute() {
      const { user } = useSession();
      return <m.CreateAccountPage canWrite={useCanWriteAccounts()} canUpgrade={user?.role === 'ADMIN'} />;
    },
  };
});
const EditAccountPage = lazy(async () => {
  const m = await import('../features/accounts/components/edit-account-page');
  return { default: function EditAccountRoute() { return <m.EditAccountPage canWrite={useCanWriteAccounts()} timeZone={useSession().user?.shop.iana_time_zone} />; } };
});
// Booking: every screen needs BOOK_ORDERS (the shell's guard, by the nav's Book orders item).
const StoreOrdersPage = lazy(async () => {
  const m = await import('../features/store-orders/components/store-orders-page');
  return { default: function StoreOrdersRoute() { return <m.StoreOrdersPage timeZone={useSession().user?.shop.iana_time_zone} />; } };
});
// Settings: read with READ_SETTINGS, changed with WRITE_SETTINGS; Back goes to the users list (spec 001 §2),
// or, for a USER who may not open it, to where they land.
const SettingsPage = lazy(async () => {
  const [m, nav] = await Promise.all([import('../features/settings/components/settings-page'), import('../features/shell/nav')]);
  return {
    default: function SettingsRoute() {
      const { user } = useSession();
      if (!user) return null;
      const admin = user.role === 'ADMIN';
      return (
        <m.SettingsPage
          canWrite={admin || user.access_scopes.includes('WRITE_SETTINGS')}
          backTo={admin ? paths.dashboard.users() : nav.landingPath(user)}
          backLabel={admin ? 'Back to users' : 'Back'}
          canSeePlans={admin}
        />
      );
    },
  };
});
const SampleOrdersPage = lazy(async () => {
  const m = await import('../features/sample-orders/components/sample-orders-page');
  return { default: function SampleOrdersRoute() { return <m.SampleOrdersPage timeZone={useSession().user?.shop.iana_time_zone} />; } };
});
const BookOrderPage = lazy(async () => {
  const m = await import('../features/booking/components/book-order-page');
  return {
    default: function BookOrderRoute() {
      const { user } = useSession();
      // answering a booking check needs what cancelling does: WRITE_ORDERS (an ADMIN has every scope)
      const canResolve = !!user && (user.role === 'ADMIN' || user.access_scopes.includes('WRITE_ORDERS'));
      return <m.BookOrderPage canUpgrade={user?.role === 'ADMIN'} canResolve={canResolve} timeZone={user?.shop.iana_time_zone} />;
    },
  };
});
const MergeOrdersPage = lazy(async () => {
  const m = await import('../features/booking/components/merge-orders-page');
  return { default: function MergeOrdersRoute() { return <m.MergeOrdersPage canUpgrade={useSession().user?.role === 'ADMIN'} />; } };
});
const BulkBookPage = lazy(async () => {
  const m = await import('../features/booking/components/bulk-book-page');
  return { default: function BulkBookRoute() { return <m.BulkBookPage canUpgrade={useSession().user?.role === 'ADMIN'} />; } };
});
const BulkProgressPage = lazy(async () => {
  const m = await import('../features/booking/components/bulk-progress-page');
  return { default: function BulkProgressRoute() { return <m.BulkProgressPage timeZone={useSession().user?.shop.iana_time_zone} />; } };
});
// Cancel needs WRITE_ORDERS (an ADMIN has every scope); reading the booking, READ_ORDERS (the nav's Orders item).
const PostBookingPage = lazy(async () => {
  const m = await import('../features/booking/components/post-booking-page');
  return {
    default: function PostBookingRoute() {
      const { user } = useSession();
      const canWrite = !!user && (user.role === 'ADMIN' || user.access_scopes.includes('WRITE_ORDERS'));
      return <m.PostBookingPage canWrite={canWrite} timeZone={user?.shop.iana_time_zone} />;
    },
  };
});
// Orders: reading needs READ_ORDERS (the nav's Orders item); Cancel needs WRITE_ORDERS; the empty list offers booking with BOOK_ORDERS; Import needs UPDATE_ORDERS; Export needs EXPORT_ORDERS.
const OrdersPage = lazy(async () => {
  const m = await import('../features/orders/components/orders-page');
  return {
    default: function OrdersRoute() {
      const { user } = useSession();
      const can = (scope: 'WRITE_ORDERS' | 'BOOK_ORDERS' | 'UPDATE_ORDERS' | 'EXPORT_ORDERS') => !!user && (user.role === 'ADMIN' || user.access_scopes.includes(scope));
      return <m.OrdersPage canCancel={can('WRITE_ORDERS')} canBook={can('BOOK_ORDERS')} canImport={can('UPDATE_ORDERS')} canExport={can('EXPORT_ORDERS')} timeZone={user?.shop.iana_time_zone} />;
    },
  };
});
const CreateAccountAlertPage = lazyNamed(() => import('../features/accounts/components/create-account-alert-page'), 'CreateAccountAlertPage');

// /dashboard: analytics (spec §2); the shell's route guard shows a USER without READ_ANALYTICS the no-access screen.
const DashboardPage = lazy(async () => {
  const m = await import('../features/dashboard/components/dashboard-page');
  return {
    default: function DashboardRoute() {
      const { user } = useSession();
      return <m.DashboardPage timeZone={user?.shop.iana_time_zone} />;
    },
  };
});

const docs = () => import('../features/docs/components/docs-page');
const DocsIndex = lazyNamed(docs, 'DocsIndex');

function docsPage(page: DocsPage): ReactNode {
  const Page = lazy(async () => {
    const m = await docs();
    return { default: () => <m.DocsPage page={page} /> };
  });
  return <Page />;
}

/** The first path segment: '' for the landing page, 'login', 'dashboard' (every screen of the shell), ... */
function sectionOf(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

function Root() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  // One boundary per top-level screen: opening another one (landing -> login) shows its one-screen loading
  // frame at once instead of keeping the previous page, e.g. the 2,200 px landing page, on screen and in
  // the document while the next screen's code loads. Screens inside the shell share one boundary.
  return (
    <>
      <Suspense key={sectionOf(pathname)} fallback={<LoadingPage label="Loading…" />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

const c = patterns.child;

/** Every screen of the shell gets the error panel in the page area: the navigation stays usable around it. */
function insideShell(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({ ...route, errorElement: <RouteError /> }) as RouteObject);
}

/** Spec 000 §2: public routes, the authenticated layout under /dashboard, and not-found. */
export const routeObjects: RouteObject[] = [
  {
    element: <Root />,
    // Anything a screen throws, or a screen whose code did not load, shows the error panel, never a white page.
    errorElement: <RouteError fullPage />,
    children: [
      { path: patterns.home, element: <LandingPage /> },
      { path: patterns.login, element: <LoginPage /> },
      { path: patterns.createNewPassword, element: <CreatePasswordPage /> },
      { path: patterns.twoFactor, element: <TwoFactorPage /> },
      { path: patterns.emailVerify, element: <EmailVerifyPage /> },
      { path: patterns.resetPassword, element: <ResetPasswordPage /> },
      {
        path: patterns.dashboard,
        element: <DashboardLayout />,
        children: insideShell([
          { index: true, element: <DashboardPage /> },
          { path: c.users, element: <UsersPage /> },
          { path: c.user, element: <EditUserPage /> },
          { path: c.createUser, element: <CreateUserPage /> },
          { path: c.orders, element: <OrdersPage /> },
          { path: c.shopifyOrders, element: <SampleOrdersPage /> },
          { path: c.profile, element: <ProfilePage /> },
          { path: c.accounts, element: <AccountsPage /> },
          { path: c.createAccount, element: <CreateAccountPage /> },
          { path: c.editAccount, element: <EditAccountPage /> },
          { path: c.createAccountAlert, element: <CreateAccountAlertPage /> },
          { path: c.settings, element: <SettingsPage /> },
          { path: c.bookOrder, element: <BookOrderPage /> },
          { path: c.postBooking, element: <PostBookingPage /> },
          { path: c.mergeOrders, element: <MergeOrdersPage /> },
          { path: c.storeOrders, element: <StoreOrdersPage /> },
          { path: c.bulkBook, element: <BulkBookPage /> },
          { path: c.bulkProgress, element: <BulkProgressPage /> },
          { path: c.plans, element: <PlansPage /> },
          { path: c.support, element: <SupportPage /> },
          { path: c.staff, element: <StaffPage /> },
          { path: c.staffStats, element: <StaffStatsPage /> },
          { path: c.docs, element: <DocsIndex /> },
          ...(Object.keys(DOCS_PAGES) as DocsPage[]).map((page) => ({ path: c.docsPage(page), element: docsPage(page) })),
        ]),
      },
      { path: patterns.notFound, element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
