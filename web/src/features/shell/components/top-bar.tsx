import { Avatar, Badge, Box, Button, Flex, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import type { SessionUser } from '@dakiya/shared';
import { LuChevronDown, LuLifeBuoy, LuLogOut, LuMenu, LuTruck, LuUserRound } from 'react-icons/lu';
import { Link, useNavigate } from 'react-router-dom';
import { fullName, initials } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Logo } from '../../../components/ui/logo';
import { canSeeAccounts } from '../nav';

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
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <Box
              as="button"
              display="flex"
              alignItems="center"
              gap="2"
              ps="1"
              pe="2"
              py="1"
              borderRadius="full"
              _hover={{ bg: 'bg.muted' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
              aria-label="User menu"
              data-testid="user-menu"
            >
              <Avatar.Root size="sm" colorPalette="brand">
                <Avatar.Fallback>{initials(user.first_name, user.last_name)}</Avatar.Fallback>
              </Avatar.Root>
              <Stack gap="0" align="flex-start" display={{ base: 'none', md: 'flex' }} maxW="44">
                <Text textStyle="sm" fontWeight="semibold" lineHeight="1.2" truncate maxW="44">
                  {name}
                </Text>
                <Text textStyle="xs" color="fg.muted" lineHeight="1.2" truncate maxW="44">
                  {user.shop.name}
                </Text>
              </Stack>
              <Box color="fg.muted" display={{ base: 'none', md: 'block' }}>
                <LuChevronDown />
              </Box>
            </Box>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="60" data-testid="user-menu-content">
                <HStack px="2" py="2" gap="3">
                  <Avatar.Root size="md" colorPalette="brand">
                    <Avatar.Fallback>{initials(user.first_name, user.last_name)}</Avatar.Fallback>
                  </Avatar.Root>
                  <Stack gap="0" minW="0">
                    <Text fontWeight="semibold" textStyle="sm" truncate data-testid="menu-full-name">
                      {name}
                    </Text>
                    <Text textStyle="xs" color="fg.muted" truncate data-testid="menu-shop-name">
                      {user.shop.name}
                    </Text>
                  </Stack>
                </HStack>
                <Menu.Separator />
                <Menu.Item value="profile" onSelect={() => navigate(paths.dashboard.profile())} data-testid="menu-profile">
                  <LuUserRound /> Profile
                </Menu.Item>
                <Menu.Item
                  value="accounts"
                  disabled={!accountsAllowed}
                  onSelect={() => navigate(paths.dashboard.accounts())}
                  data-testid="menu-accounts"
                >
                  <LuTruck /> Accounts
                </Menu.Item>
                <Menu.Separator />
                <Menu.Item value="logout" color="fg.error" _highlighted={{ bg: 'bg.error', color: 'fg.error' }} onSelect={onLogout} data-testid="menu-logout">
                  <LuLogOut /> Logout
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
    </Flex>
  );
}
