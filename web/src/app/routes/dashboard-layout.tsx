import { Button, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { LuCloudOff, LuRotateCw } from 'react-icons/lu';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../features/auth';
import { ShellLayout } from '../../features/shell';
import { LoadingPage } from '../../components/ui/loading-page';
import { PageSkeleton } from '../../components/ui/skeletons';
import { NETWORK_ERROR } from '../../lib/api';
import { paths } from '../../lib/paths';

/** /dashboard: waits for the session check, sends strangers to /login, then draws the shell. */
export function DashboardLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  if (session.loading) return <LoadingPage />;
  if (session.unreachable) return <Unreachable onRetry={session.retry} onSignOut={() => session.logout()} />;
  if (!session.isAuthorized || !session.user) {
    return <Navigate to={paths.login()} replace state={{ from: location.pathname + location.search }} />;
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

/**
 * The session check got no answer (offline, or the server failed): the person is not signed out for it.
 * They try again when the connection is back, or sign out.
 */
function Unreachable({ onRetry, onSignOut }: { onRetry(): void; onSignOut(): void }) {
  return (
    <Center minH="100dvh" bg="app.canvas" px="4">
      <Stack align="center" textAlign="center" gap="5" maxW="md" bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" px="8" py="10" role="alert" data-testid="session-unreachable">
        <Center boxSize="14" borderRadius="full" bg="saffron.50" color="saffron.700" fontSize="2xl">
          <LuCloudOff />
        </Center>
        <Stack gap="2">
          <Heading as="h1" size="lg">Dakiya could not be reached</Heading>
          <Text color="fg.muted">{NETWORK_ERROR} You are still signed in.</Text>
        </Stack>
        <HStack gap="3">
          <Button colorPalette="brand" onClick={onRetry} data-testid="session-retry">
            <LuRotateCw /> Try again
          </Button>
          <Button variant="outline" onClick={onSignOut} data-testid="session-sign-out">
            Sign out
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}
