import { Badge, Box, Flex, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { LuChevronDown, LuChevronRight, LuLock, LuLogOut } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import type { NavEntry } from '../nav';
import { navIcon } from './nav-icons';

interface SideNavProps {
  main: NavEntry[];
  secondary: NavEntry[];
  onLogout(): void;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?(): void;
}

function ItemBody({ entry, nested, trailing }: { entry: NavEntry; nested?: boolean; trailing?: ReactNode }) {
  const IconCmp = navIcon(entry.id);
  return (
    <HStack gap="3" w="full" minW="0">
      {!nested && IconCmp && (
        <Icon boxSize="4.5" color={entry.selected ? 'brand.fg' : 'fg.muted'} flexShrink={0}>
          <IconCmp />
        </Icon>
      )}
      <Text as="span" flex="1" truncate textStyle="sm" fontWeight={entry.selected ? 'semibold' : 'medium'}>
        {entry.label}
      </Text>
      {entry.badge && (
        <Badge size="sm" variant="subtle" colorPalette="purple" flexShrink={0}>
          {entry.badge}
        </Badge>
      )}
      {!entry.enabled && (
        <Icon boxSize="3.5" color="fg.subtle" flexShrink={0} aria-label="No access">
          <LuLock />
        </Icon>
      )}
      {trailing}
    </HStack>
  );
}

function NavItem({ entry: given, nested, onNavigate }: { entry: NavEntry; nested?: boolean; onNavigate?(): void }) {
  // A disabled item never looks selected, even on its own (no-access) page.
  const entry = given.enabled ? given : { ...given, selected: false };
  const common = {
    display: 'flex',
    alignItems: 'center',
    w: 'full',
    px: '3',
    py: nested ? '1.5' : '2',
    ps: nested ? '10' : '3',
    borderRadius: 'md',
    'data-testid': `nav-${entry.id}`,
  } as const;
  const hasChildren = entry.children.length > 0;
  const trailing = hasChildren ? (
    <Icon boxSize="4" color="fg.subtle">
      {entry.expanded ? <LuChevronDown /> : <LuChevronRight />}
    </Icon>
  ) : null;

  if (!entry.enabled) return <LockedItem entry={entry} common={common} nested={nested} trailing={trailing} />;
  return (
    <Box
      asChild
      {...common}
      color={entry.selected ? 'brand.fg' : 'fg'}
      bg={entry.selected ? 'brand.subtle' : 'transparent'}
      _hover={{ bg: entry.selected ? 'brand.subtle' : 'bg.muted', textDecoration: 'none' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
      transition="background 0.12s"
    >
      <Link to={entry.to} aria-current={entry.selected ? 'page' : undefined} onClick={onNavigate}>
        <ItemBody entry={entry} nested={nested} trailing={trailing} />
      </Link>
    </Box>
  );
}

/**
 * An item this person may not open: pointing at it says why (its title), and so does a click or a tap,
 * in a line under it (a phone has no pointer to hover with), as the locked page itself would.
 */
function LockedItem({ entry, common, nested, trailing }: { entry: NavEntry; common: Record<string, unknown>; nested?: boolean; trailing: ReactNode }) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <>
      <Box
        as="button"
        {...common}
        textAlign="start"
        aria-disabled="true"
        aria-expanded={open}
        aria-controls={noteId}
        data-disabled=""
        title={entry.locked}
        color="fg.subtle"
        cursor="not-allowed"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
        onClick={() => setOpen((o) => !o)}
      >
        <Box opacity={0.55} w="full" minW="0"><ItemBody entry={entry} nested={nested} trailing={trailing} /></Box>
      </Box>
      {open && (
        <Text id={noteId} textStyle="xs" color="fg.muted" ps="10" pe="3" pt="1" pb="2" data-testid={`nav-${entry.id}-locked`}>
          {entry.locked}
        </Text>
      )}
    </>
  );
}

function Section({ entries, onNavigate }: { entries: NavEntry[]; onNavigate?(): void }) {
  return (
    <Stack gap="0.5" as="ul" listStyleType="none">
      {entries.map((entry) => (
        <Box as="li" key={entry.id}>
          <NavItem entry={entry} onNavigate={onNavigate} />
          {entry.children.length > 0 && entry.expanded && (
            <Stack gap="0.5" as="ul" listStyleType="none" mt="0.5" data-testid={`nav-${entry.id}-children`}>
              {entry.children.map((child) => (
                <Box as="li" key={child.id}>
                  <NavItem entry={child} nested onNavigate={onNavigate} />
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The side navigation of spec 000 §2 "Shell": main section, then Profile and the Logout badge. */
export function SideNav({ main, secondary, onLogout, onNavigate }: SideNavProps) {
  return (
    <Flex as="nav" aria-label="Main" direction="column" h="full" px="3" py="4" gap="6" overflowY="auto">
      <Section entries={main} onNavigate={onNavigate} />
      <Box mt="auto">
        <Box borderTopWidth="1px" borderColor="border.muted" pt="4">
          <Text textStyle="xs" fontWeight="semibold" color="fg.subtle" textTransform="uppercase" letterSpacing="wider" px="3" mb="2">
            Account
          </Text>
          <Section entries={secondary} onNavigate={onNavigate} />
          <Box px="3" pt="3">
            <Badge
              asChild
              size="lg"
              variant="subtle"
              colorPalette="red"
              cursor="pointer"
              _hover={{ bg: 'red.muted' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'red.focusRing' }}
            >
              <button type="button" onClick={onLogout} data-testid="nav-logout">
                <LuLogOut /> Logout
              </button>
            </Badge>
          </Box>
        </Box>
      </Box>
    </Flex>
  );
}
