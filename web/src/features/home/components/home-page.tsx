import { Box, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChartColumn, LuChevronRight, LuTruck, LuUserRound, LuUsers } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { homeCards, homeNote, type HomeCardId, type HomeViewer } from '../home-cards';

export interface HomePageProps {
  viewer: HomeViewer;
  firstName: string;
  shopName: string;
}

const ICONS: Record<HomeCardId, ReactNode> = {
  accounts: <LuTruck />,
  staff: <LuUsers />,
  profile: <LuUserRound />,
};

/**
 * /dashboard until order analytics exist: a welcome with the shop's name, links to the screens that
 * already work for this person, and a plain note on what comes next.
 */
export function HomePage({ viewer, firstName, shopName }: HomePageProps) {
  const cards = homeCards(viewer);
  return (
    <Stack gap="6" data-testid="dashboard-welcome">
      <Stack gap="1">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} fontWeight="semibold" letterSpacing="-0.01em" data-testid="page-title">
          {firstName ? `Welcome, ${firstName}` : 'Welcome'}
        </Heading>
        <Text color="fg.muted" textStyle="sm" data-testid="dashboard-shop-name">
          {shopName}
        </Text>
      </Stack>

      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {cards.map((card) => (
          <Link key={card.id} to={card.to} data-testid={`home-card-${card.id}`}>
            <HStack
              h="full"
              gap="4"
              align="flex-start"
              p="5"
              bg="app.surface"
              borderWidth="1px"
              borderColor="border.muted"
              borderRadius="xl"
              boxShadow="xs"
              transition="border-color 0.15s, box-shadow 0.15s"
              _hover={{ borderColor: 'brand.emphasized', boxShadow: 'sm' }}
            >
              <Box color="brand.fg" bg="brand.subtle" borderRadius="md" p="2" fontSize="lg" flexShrink={0}>
                {ICONS[card.id]}
              </Box>
              <Stack gap="1" flex="1" minW="0">
                <Text fontWeight="semibold">{card.title}</Text>
                <Text textStyle="sm" color="fg.muted">
                  {card.description}
                </Text>
              </Stack>
              <Box color="fg.subtle" alignSelf="center" flexShrink={0}>
                <LuChevronRight />
              </Box>
            </HStack>
          </Link>
        ))}
      </SimpleGrid>

      <HStack
        gap="3"
        align="flex-start"
        p="4"
        borderRadius="xl"
        bg="bg.subtle"
        borderWidth="1px"
        borderStyle="dashed"
        borderColor="border"
        data-testid="dashboard-analytics-note"
      >
        <Box color="fg.muted" fontSize="lg" mt="0.5" flexShrink={0}>
          <LuChartColumn />
        </Box>
        <Stack gap="0.5">
          <Text fontWeight="medium" textStyle="sm">
            Order analytics are on their way
          </Text>
          <Text textStyle="sm" color="fg.muted" data-testid="dashboard-analytics-next">
            {homeNote(viewer)}
          </Text>
        </Stack>
      </HStack>
    </Stack>
  );
}
