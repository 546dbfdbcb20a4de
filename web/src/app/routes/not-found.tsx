import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { LuCompass } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../lib/paths';

/** `*`: a not-found page with a button to /dashboard. */
export function NotFoundPage() {
  return (
    <Center minH="100dvh" bg="app.canvas" px="4" data-testid="not-found">
      <Stack align="center" gap="6" textAlign="center" maxW="md">
        <Link to={paths.home()} aria-label="Dakiya home">
          <Logo />
        </Link>
        <Center boxSize="16" borderRadius="full" bg="brand.subtle" color="brand.fg" fontSize="2xl">
          <LuCompass />
        </Center>
        <Stack gap="2">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm">
            404
          </Text>
          <Heading as="h1" size="2xl" letterSpacing="-0.01em">
            This page went missing in transit
          </Heading>
          <Text color="fg.muted">The address may be mistyped, or the page has moved.</Text>
        </Stack>
        <Button asChild colorPalette="brand" data-testid="not-found-dashboard">
          <Link to={paths.dashboard.home()}>Go to dashboard</Link>
        </Button>
      </Stack>
    </Center>
  );
}
