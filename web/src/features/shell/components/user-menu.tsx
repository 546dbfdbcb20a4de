import { HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { LuLogOut, LuTruck, LuUserRound } from 'react-icons/lu';
import { lockedReason } from '../nav';
import { Initials, UserMenuButton, type MenuPerson } from './user-menu-button';

export interface UserMenuProps {
  person: MenuPerson;
  accountsAllowed: boolean;
  onProfile(): void;
  onAccounts(): void;
  onLogout(): void;
}

const ACCOUNTS_LOCKED = lockedReason('Accounts', { kind: 'scope', scope: 'READ_ACCOUNTS' });

/**
 * Spec 000 §2 user menu: name and shop, Profile, Accounts (READ_ACCOUNTS), Logout. Its own chunk, mounted
 * by the click on the top bar's button, so it opens at once.
 */
export default function UserMenu({ person, accountsAllowed, onProfile, onAccounts, onLogout }: UserMenuProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Menu.Trigger asChild>
        <UserMenuButton person={person} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          {/* Above any toast: a message must never stand between a person and Logout. zag-js copies this
              z-index to the positioner, which is what stacks; the toast group keeps the toast layer (toast-store.ts). */}
          <Menu.Content minW="60" zIndex="calc(var(--chakra-z-index-toast) + 1)" data-testid="user-menu-content">
            <HStack px="2" py="2" gap="3">
              <Initials initials={person.initials} size="10" />
              <Stack gap="0" minW="0">
                <Text fontWeight="semibold" textStyle="sm" truncate data-testid="menu-full-name">
                  {person.name}
                </Text>
                <Text textStyle="xs" color="fg.muted" truncate data-testid="menu-shop-name">
                  {person.shopName}
                </Text>
              </Stack>
            </HStack>
            <Menu.Separator />
            <Menu.Item value="profile" onSelect={onProfile} data-testid="menu-profile">
              <LuUserRound /> Profile
            </Menu.Item>
            <Menu.Item value="accounts" disabled={!accountsAllowed} onSelect={onAccounts} title={accountsAllowed ? undefined : ACCOUNTS_LOCKED} data-testid="menu-accounts">
              <LuTruck /> Accounts
            </Menu.Item>
            {/* a disabled item takes no click: why it is locked is said under it */}
            {!accountsAllowed && (
              <Text px="2" pb="1.5" textStyle="xs" color="fg.muted" maxW="60" data-testid="menu-accounts-locked">{ACCOUNTS_LOCKED}</Text>
            )}
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error" _highlighted={{ bg: 'bg.error', color: 'fg.error' }} onSelect={onLogout} data-testid="menu-logout">
              <LuLogOut /> Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
