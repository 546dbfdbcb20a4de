import { Box, Button, Flex } from '@chakra-ui/react';
import type { SessionUser } from '@dakiya/shared';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LuLock } from 'react-icons/lu';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';
import { AlertsList } from '../../../components/ui/alerts';
import { EmptyState } from '../../../components/ui/empty-state';
import { PartBoundary, prefetchWhenIdle } from '../../../components/ui/part-boundary';
import { paths } from '../../../lib/paths';
import { buildNav, canOpenPath, landingPath, MAIN_NAV, SECONDARY_NAV } from '../nav';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

export interface ShellLayoutProps {
  user: SessionUser;
  onLogout(): void;
  children: ReactNode;
}

const SIDEBAR_WIDTH = '64';

// Phones only: the drawer (a dialog machine and a portal) loads the first time it is opened.
const loadDrawer = () => import('./nav-drawer');
const NavDrawer = lazy(loadDrawer);
/** Below Chakra's `lg` the side navigation is the drawer. */
const PHONE_LAYOUT = '(max-width: 61.99em)';

/** The authenticated frame: side navigation (a drawer below `lg`), top bar, page area. */
export function ShellLayout({ user, onLogout, children }: ShellLayoutProps) {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const main = useMemo(() => buildNav(MAIN_NAV, user, pathname), [user, pathname]);
  const secondary = useMemo(() => buildNav(SECONDARY_NAV, user, pathname), [user, pathname]);
  const allowed = canOpenPath(user, pathname);
  const firstOpen = [...main, ...secondary].find((e) => e.enabled);

  useEffect(() => setDrawerOpen(false), [pathname]);
  // On a phone the drawer is the only navigation: have its code before the connection has a chance to drop.
  useEffect(() => (window.matchMedia?.(PHONE_LAYOUT).matches ? prefetchWhenIdle(loadDrawer) : undefined), []);

  // /dashboard is where every sign-in lands; someone who may not read analytics goes on to their first screen.
  if (!allowed && pathname.replace(/\/+$/, '') === paths.dashboard.home()) return <Navigate to={landingPath(user)} replace />;

  const nav = (
    <SideNav main={main} secondary={secondary} onLogout={onLogout} onNavigate={() => setDrawerOpen(false)} />
  );

  return (
    <Flex minH="100dvh" bg="app.canvas">
      <Box
        as="aside"
        display={{ base: 'none', lg: 'flex' }}
        flexDirection="column"
        w={SIDEBAR_WIDTH}
        flexShrink={0}
        bg="app.sidebar"
        borderRightWidth="1px"
        borderColor="border.muted"
        position="sticky"
        top="0"
        h="100dvh"
        data-testid="side-nav"
      >
        <Flex h="16" px="6" align="center" borderBottomWidth="1px" borderColor="border.muted" flexShrink={0}>
          <Link to={paths.dashboard.home()} aria-label="Dakiya home">
            <Logo />
          </Link>
        </Flex>
        <Box flex="1" minH="0">
          {nav}
        </Box>
      </Box>

      {drawerWanted && (
        <PartBoundary fallback={null} onError={() => setDrawerWanted(false)}>
          <Suspense fallback={null}>
            <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
              {nav}
            </NavDrawer>
          </Suspense>
        </PartBoundary>
      )}

      <Flex direction="column" flex="1" minW="0">
        <TopBar user={user} onLogout={onLogout} onOpenNav={() => {
            setDrawerWanted(true);
            setDrawerOpen(true);
          }} />
        {/* A phone's page ends with room for the toasts (bottom, full width): its last button scrolls above them. */}
        <Box as="main" flex="1" px={{ base: '4', md: '8' }} pt={{ base: '5', md: '8' }} pb={{ base: '32', md: '8' }} maxW="7xl" w="full" mx="auto">
          <AlertsList />
          {allowed ? (
            children
          ) : (
            <EmptyState
              testId="no-access"
              icon={<LuLock />}
              title="You do not have access to this area"
              description="Ask your admin for access. Your other screens are still available from the menu."
            >
              {firstOpen && (
                <Button asChild colorPalette="brand" size="sm" data-testid="no-access-go">
                  <Link to={firstOpen.to}>Go to {firstOpen.label}</Link>
                </Button>
              )}
            </EmptyState>
          )}
        </Box>
      </Flex>
    </Flex>
  );
}
