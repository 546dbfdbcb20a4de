import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import type { Courier } from '@dakiya/shared';
import { COURIERS, courierName } from '../couriers';

/** The courier of an account: its full name on its own colour. */
export function CourierBadge({ company, size = 'md' }: { company: Courier | string; size?: 'sm' | 'md' | 'lg' }) {
  const info = (COURIERS as Record<string, (typeof COURIERS)[Courier] | undefined>)[company];
  return (
    <Badge colorPalette={info?.palette ?? 'gray'} variant="subtle" size={size} fontWeight="semibold" data-testid={`courier-badge-${company}`}>
      <Box as="span" boxSize="1.5" borderRadius="full" bg="colorPalette.solid" aria-hidden />
      {courierName(company)}
    </Badge>
  );
}

export function DefaultBadge() {
  return (
    <Badge colorPalette="brand" variant="solid" size="sm" letterSpacing="0.04em">
      DEFAULT
    </Badge>
  );
}

export function ActivityBadge({ inactive }: { inactive: boolean }) {
  return (
    <Badge colorPalette={inactive ? 'gray' : 'green'} variant="subtle">
      <HStack gap="1.5">
        <Box as="span" boxSize="1.5" borderRadius="full" bg={inactive ? 'gray.400' : 'green.500'} aria-hidden />
        <Text as="span">{inactive ? 'Inactive' : 'Active'}</Text>
      </HStack>
    </Badge>
  );
}
