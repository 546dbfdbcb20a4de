import { Box, HStack, Text } from '@chakra-ui/react';

/** The Dakiya mark: a parcel with a forward arrow, in the brand colour. */
export function LogoMark({ size = 8 }: { size?: number | string }) {
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize={size}
      borderRadius="lg"
      bg="brand.solid"
      color="white"
      flexShrink={0}
      aria-hidden
    >
      <svg viewBox="0 0 24 24" width="62%" height="62%" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />
        <path d="M3 7.5 12 12l9-4.5M12 12v9" />
      </svg>
    </Box>
  );
}

export function Logo({ inverted = false, size = 8 }: { inverted?: boolean; size?: number | string }) {
  return (
    <HStack gap="2.5">
      <LogoMark size={size} />
      <Text as="span" fontWeight="bold" fontSize="xl" letterSpacing="-0.02em" color={inverted ? 'white' : 'fg'}>
        Dakiya
      </Text>
    </HStack>
  );
}
