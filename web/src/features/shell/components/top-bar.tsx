import { Badge, Box, Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import type { SessionUser } from '@dakiya/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LuLifeBuoy, LuMenu } from 'react-icons/lu';
import { Link, useNavigate } from 'react-router-dom';
import { fullName, initials } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Logo } from '../../../components/ui/logo';
import { PartBoundary, prefetchWhenIdle } from '../../../components/ui/part-boundary';
import { canSeeAccounts } from '../nav';
import { UserMenuButton } from './user-menu-button';

// The menu (a state machine and floating positioning) loads when the person first points at, focuses or
// clicks the button; a click before it has loaded opens it once it has.
const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(loadUserMenu);

interface TopBarProps {
  user: SessionUser;
  onLogout(): void;
  onOpenNav(): void;
}

/** Spec 000 §2 "Shell" top bar: support, role badge, user menu. */
export function TopBar({ user, onLogout, onOpenNav }: TopBarProps) {
  const navigate = useNavigate();
  const name = fullName(user) || user.email;
  const accountsAllowed = canSeeAccounts(user);
  const [menuWanted, setMenuWanted] = useState(false);
  useEffect(() => prefetchWhenIdle(loadUserMenu), []);
  const person = { name, shopName: user.shop.name, initials: initials(user.first_name, user.last_name) };
  const prepare = () => {
    void loadUserMenu();
  };
  const button = (
    <UserMenuButton
      person={person}
      onPointerEnter={prepare}
      onFocus={prepare}
      onClick={() => setMenuWanted(true)}
    />
  );
  return (
    <Flex
      as="header"
      h="16"
      px={{ base: '3', md: '6' }}
      align="center"
      justify="space-between"
      gap="3"
      bg="app.surface"
      borderBottomWidth="1px"
      borderColor="border.muted"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <HStack gap="2">
        <IconButton aria-label="Open navigation" variant="ghost" size="sm" display={{ base: 'inline-flex', lg: 'none' }} onClick={onOpenNav} data-testid="nav-open">
          <LuMenu />
        </IconButton>
        <Box asChild display={{ base: 'flex', lg: 'none' }}>
          <Link to={paths.dashboard.home()} aria-label="Dakiya home">
            <Logo size={7} />
          </Link>
        </Box>
        <Text display={{ base: 'none', lg: 'block' }} color="fg.muted" textStyle="sm" truncate maxW="md">
          {user.shop.name}
        </Text>
      </HStack>

      <HStack gap={{ base: '1', md: '3' }}>
        <IconButton asChild aria-label="Need support?" title="Need support?" variant="ghost" size="sm" display={{ base: 'inline-flex', md: 'none' }}>
          <Link to={paths.dashboard.support()}>
            <LuLifeBuoy />
          </Link>
        </IconButton>
        <Button asChild variant="ghost" size="sm" color="fg.muted" display={{ base: 'none', md: 'inline-flex' }} data-testid="support-link">
          <Link to={paths.dashboard.support()}>
            <LuLifeBuoy /> Need support?
          </Link>
        </Button>
        <Badge
          colorPalette={user.role === 'ADMIN' ? 'purple' : 'blue'}
          variant="subtle"
          size="md"
          data-testid="role-badge"
          data-tone={user.role === 'ADMIN' ? 'magic' : 'info'}
        >
          {user.role}
        </Badge>
        {menuWanted ? (
          // Its code could not be fetched (offline): the button stays and the page keeps working.
          <PartBoundary fallback={button}>
            <Suspense fallback={button}>
              <UserMenu
                person={person}
                accountsAllowed={accountsAllowed}
                onProfile={() => navigate(paths.dashboard.profile())}
                onAccounts={() => navigate(paths.dashboard.accounts())}
                onLogout={onLogout}
              />
            </Suspense>
          </PartBoundary>
        ) : (
          button
        )}
      </HStack>
    </Flex>
  );
}
