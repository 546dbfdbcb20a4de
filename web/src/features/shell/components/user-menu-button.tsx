import { Box, Circle, Stack, Text, VisuallyHidden, type BoxProps } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';

export interface MenuPerson {
  name: string;
  shopName: string;
  initials: string;
}

/** Initials in a brand circle (Chakra's Avatar brings an image-loading state machine the shell does not need). */
export function Initials({ initials, size = '8' }: { initials: string; size?: '8' | '10' }) {
  return (
    <Circle size={size} bg="brand.muted" color="brand.fg" textStyle={size === '8' ? 'xs' : 'sm'} fontWeight="semibold" flexShrink={0} aria-hidden>
      {initials}
    </Circle>
  );
}

/**
 * What the top bar shows of the user menu: initials, name and shop. The menu itself loads on first use.
 * Its accessible name is what it shows, after a hidden 'User menu' (on a phone it shows only the initials,
 * which are decoration): a label replacing the visible name would not be the name a voice-control user says.
 */
export function UserMenuButton({ person, ...rest }: { person: MenuPerson } & BoxProps) {
  return (
    <Box
      as="button"
      display="flex"
      alignItems="center"
      gap="2"
      ps="1"
      pe="2"
      py="1"
      borderRadius="full"
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
      aria-haspopup="menu"
      data-testid="user-menu"
      {...rest}
    >
      <VisuallyHidden>User menu:</VisuallyHidden>
      <Initials initials={person.initials} />
      <Stack gap="0" align="flex-start" display={{ base: 'none', md: 'flex' }} maxW="44">
        <Text textStyle="sm" fontWeight="semibold" lineHeight="1.2" truncate maxW="44">
          {person.name}
        </Text>
        <Text textStyle="xs" color="fg.muted" lineHeight="1.2" truncate maxW="44">
          {person.shopName}
        </Text>
      </Stack>
      <Box color="fg.muted" display={{ base: 'none', md: 'block' }}>
        <LuChevronDown />
      </Box>
    </Box>
  );
}
