import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { LogoMark } from './logo';

/** Full-screen wait (the session check of the authenticated layout). */
export function LoadingPage({ label = 'Loading your workspace…' }: { label?: string }) {
  return (
    <Center minH="100dvh" bg="app.canvas" data-testid="loading-page">
      <Stack align="center" gap="4">
        <LogoMark size={12} />
        <Spinner color="brand.solid" size="md" />
        <Text color="fg.muted" textStyle="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
