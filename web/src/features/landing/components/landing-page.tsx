import {
  Badge, Box, Button, Container, Flex, Grid, Heading, HStack, Icon, Link as ChakraLink, SimpleGrid, Stack, Text,
} from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import {
  LuArrowRight, LuChartColumn, LuLayers, LuMapPin, LuShieldCheck, LuStore, LuUsers, LuWallet, LuZap,
} from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';
import { paths } from '../../../lib/paths';
import { ParcelPreview } from './parcel-preview';
import { COURIER_DEFINITIONS, courierNames } from '@dakiya/shared/couriers';

const COURIERS = COURIER_DEFINITIONS.map((courier) => courier.name);

const FEATURES: { icon: IconType; title: string; text: string }[] = [
  { icon: LuZap, title: 'Book in seconds', text: 'Book one order, a whole page in bulk, or merge several orders into one parcel. Tracking numbers go back to Shopify on their own.' },
  { icon: LuMapPin, title: 'Track every parcel', text: 'Statuses move from booked to delivered or returned without you opening four courier portals. Customers get their own tracking page.' },
  { icon: LuWallet, title: 'See your cash on delivery', text: 'Know which parcels are delivered, which are paid and which are stuck, and mark payments in bulk from the courier statement.' },
  { icon: LuUsers, title: 'Staff with the right access', text: 'Give each team member only what they need: booking, orders, accounts or settings. Admins see everything.' },
  { icon: LuChartColumn, title: 'Numbers that matter', text: 'Delivered, cancelled and returned counts by courier, city and staff member, for any date range.' },
  { icon: LuShieldCheck, title: 'Safe by default', text: 'Courier credentials are encrypted, sessions can be revoked, and two-factor sign-in is one toggle away.' },
];

const STEPS = [
  { title: 'Install from the Shopify App Store', text: 'Search for Dakiya in the App Store and click Install. Shopify asks you to approve access to orders and fulfilments.' },
  { title: 'Connect your courier accounts', text: `Add your ${courierNames('or')} API keys once. Dakiya checks them and keeps them encrypted.` },
  { title: 'Book and relax', text: 'Open Dakiya from Apps in your Shopify admin, pick your orders and book. We follow the parcels from there.' },
];

function FeatureCard({ icon, title, text }: { icon: IconType; title: string; text: string }) {
  const IconCmp = icon;
  return (
    <Stack gap="3" bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="6" h="full">
      <Icon boxSize="10" p="2.5" bg="brand.subtle" color="brand.fg" borderRadius="lg">
        <IconCmp />
      </Icon>
      <Text fontWeight="semibold" textStyle="lg">
        {title}
      </Text>
      <Text color="fg.muted" textStyle="sm" lineHeight="1.6">
        {text}
      </Text>
    </Stack>
  );
}

/** The public welcome page at `/`. */
export function LandingPage({ supportEmail }: { supportEmail?: string }) {
  return (
    <Box bg="app.canvas" minH="100dvh">
      <Box bg="app.hero" color="white" position="relative" overflow="hidden">
        <Box
          position="absolute"
          inset="0"
          pointerEvents="none"
          bgImage="radial-gradient(circle at 80% 20%, rgba(52,168,132,0.35), transparent 45%), radial-gradient(circle at 0% 100%, rgba(245,180,42,0.10), transparent 35%)"
        />
        <Container maxW="6xl" position="relative">
          <Flex as="header" h="20" align="center" justify="space-between" gap="4">
            <Link to={paths.home()} aria-label="Dakiya home">
              <Logo inverted />
            </Link>
            <HStack gap={{ base: '2', md: '6' }}>
              <ChakraLink href="#features" color="whiteAlpha.800" display={{ base: 'none', md: 'inline' }} textStyle="sm" _hover={{ color: 'white' }}>
                Features
              </ChakraLink>
              <ChakraLink href="#install" color="whiteAlpha.800" display={{ base: 'none', md: 'inline' }} textStyle="sm" _hover={{ color: 'white' }}>
                Install
              </ChakraLink>
              <Button asChild size="sm" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }} data-testid="landing-sign-in">
                <Link to={paths.login()}>Sign in</Link>
              </Button>
            </HStack>
          </Flex>

          <Grid templateColumns={{ base: '1fr', lg: '1.15fr 0.85fr' }} gap={{ base: '12', lg: '16' }} alignItems="center" pt={{ base: '8', md: '14' }} pb={{ base: '16', md: '24' }}>
            <Stack gap="7">
              <Badge alignSelf="flex-start" bg="whiteAlpha.200" color="white" size="lg" borderRadius="full" px="3">
                Made for Shopify stores in Pakistan
              </Badge>
              <Heading as="h1" fontSize={{ base: '4xl', md: '5xl' }} lineHeight="1.1" letterSpacing="-0.03em" fontWeight="bold" textWrap="balance">
                Book couriers and track every parcel, right from your Shopify orders.
              </Heading>
              <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.800" maxW="xl" lineHeight="1.7">
                Dakiya books your orders with {courierNames('and')}, follows each parcel to the door, and
                shows you exactly where your cash on delivery is.
              </Text>
              <HStack gap="3" wrap="wrap">
                <Button asChild size="lg" bg="saffron.400" color="gray.900" _hover={{ bg: 'saffron.500' }}>
                  <Link to={paths.login()}>
                    Sign in <LuArrowRight />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.500" _hover={{ bg: 'whiteAlpha.100' }}>
                  <a href="#install">
                    <LuStore /> Install on Shopify
                  </a>
                </Button>
              </HStack>
              <HStack gap="2" wrap="wrap" pt="2">
                <Text textStyle="sm" color="whiteAlpha.700" me="1">
                  Works with
                </Text>
                {COURIERS.map((c) => (
                  <Badge key={c} variant="outline" color="white" borderColor="whiteAlpha.400" size="md" px="2.5">
                    {c}
                  </Badge>
                ))}
              </HStack>
            </Stack>
            <Flex justify={{ base: 'center', lg: 'flex-end' }}>
              <ParcelPreview />
            </Flex>
          </Grid>
        </Container>
      </Box>

      <Container maxW="6xl" py={{ base: '16', md: '24' }} id="features">
        <Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb="12">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" textTransform="uppercase" letterSpacing="wider">
            Everything after the order
          </Text>
          <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" textWrap="balance">
            One place for booking, tracking and cash
          </Heading>
          <Text color="fg.muted">Stop copying addresses into courier portals and chasing riders on WhatsApp.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
          {FEATURES.map((f) => (
            <FeatureCard key={f.title} {...f} />
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="app.surface" borderYWidth="1px" borderColor="border.muted" id="install">
        <Container maxW="6xl" py={{ base: '16', md: '20' }}>
          <Grid templateColumns={{ base: '1fr', lg: '0.8fr 1.2fr' }} gap="12">
            <Stack gap="4">
              <Icon boxSize="12" p="3" bg="brand.solid" color="white" borderRadius="xl">
                <LuLayers />
              </Icon>
              <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
                Install on Shopify
              </Heading>
              <Text color="fg.muted" lineHeight="1.7">
                Dakiya is a Shopify app: you install it from your store, not with a separate sign-up. The free Basic plan
                covers 5,000 orders a month; upgrade any time from inside the app.
              </Text>
              <Box>
                <Button asChild variant="outline">
                  <Link to={paths.login()}>Already installed? Sign in</Link>
                </Button>
              </Box>
            </Stack>
            <Stack gap="4" as="ol" listStyleType="none">
              {STEPS.map((step, i) => (
                <HStack as="li" key={step.title} align="flex-start" gap="4" p="5" borderWidth="1px" borderColor="border.muted" borderRadius="xl" bg="app.canvas">
                  <Flex boxSize="8" flexShrink={0} align="center" justify="center" borderRadius="full" bg="brand.subtle" color="brand.fg" fontWeight="bold">
                    {i + 1}
                  </Flex>
                  <Stack gap="1">
                    <Text fontWeight="semibold">{step.title}</Text>
                    <Text color="fg.muted" textStyle="sm" lineHeight="1.6">
                      {step.text}
                    </Text>
                  </Stack>
                </HStack>
              ))}
            </Stack>
          </Grid>
        </Container>
      </Box>

      <Container maxW="6xl" py="10">
        <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="4">
          <HStack gap="3">
            <Logo size={7} />
            <Text textStyle="sm" color="fg.muted">
              Courier booking and parcel tracking for Shopify.
            </Text>
          </HStack>
          {supportEmail && (
            <Text textStyle="sm" color="fg.muted">
              Questions?{' '}
              <ChakraLink href={`mailto:${supportEmail}`} color="brand.fg">
                {supportEmail}
              </ChakraLink>
            </Text>
          )}
        </Flex>
      </Container>
    </Box>
  );
}
