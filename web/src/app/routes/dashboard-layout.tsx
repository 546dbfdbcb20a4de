import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../features/auth';
import { ShellLayout } from '../../features/shell';
import { LoadingPage } from '../../components/ui/loading-page';
import { PageSkeleton } from '../../components/ui/skeletons';
import { paths } from '../../lib/paths';

/** /dashboard: waits for the session check, sends strangers to /login, then draws the shell. */
export function DashboardLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  if (session.loading) return <LoadingPage />;
  if (!session.isAuthorized || !session.user) {
    return <Navigate to={paths.login()} replace state={{ from: location.pathname }} />;
  }
  return (
    <ShellLayout
      user={session.user}
      onLogout={() => {
        session.logout();
        navigate(paths.login(), { replace: true });
      }}
    >
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </ShellLayout>
  );
}
