import { Box, Flex, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';
import { paths } from '../../../lib/paths';
import { courierNames } from '@dakiya/shared/couriers';

const POINTS = [
  `Book with ${courierNames('and')} from one screen`,
  'Every parcel tracked until it is delivered or returned',
  'Cash on delivery you can reconcile, order by order',
];

/** The green side of the sign-in screen (hidden on small screens). */
export function BrandPanel() {
  return (
    <Flex
      display={{ base: 'none', lg: 'flex' }}
      direction="column"
      justify="space-between"
      w="44%"
      maxW="640px"
      bg="app.hero"
      color="white"
      px="12"
      py="10"
      position="relative"
      overflow="hidden"
    >
      <Box
        position="absolute"
        inset="0"
        opacity={0.5}
        bgImage="radial-gradient(circle at 85% 15%, rgba(52,168,132,0.45), transparent 45%), radial-gradient(circle at 10% 90%, rgba(245,180,42,0.22), transparent 40%)"
        pointerEvents="none"
      />
      <Box position="relative">
        <Link to={paths.home()} aria-label="Dakiya home">
          <Logo inverted />
        </Link>
      </Box>
      <Stack gap="8" position="relative" maxW="md">
        <Text fontSize="3xl" fontWeight="semibold" lineHeight="1.2" letterSpacing="-0.02em">
          Every order booked. Every parcel followed. Every rupee accounted for.
        </Text>
        <Stack gap="4">
          {POINTS.map((point) => (
            <HStack key={point} gap="3" align="flex-start">
              <Icon boxSize="5" mt="0.5" p="0.5" bg="whiteAlpha.200" borderRadius="full" color="brand.200">
                <LuCheck />
              </Icon>
              <Text color="whiteAlpha.900">{point}</Text>
            </HStack>
          ))}
        </Stack>
      </Stack>
      <Text position="relative" textStyle="sm" color="whiteAlpha.700">
        Built for Shopify merchants across Pakistan.
      </Text>
    </Flex>
  );
}
