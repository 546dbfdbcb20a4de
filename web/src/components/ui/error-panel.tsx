import { Button, Center, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuCloudOff, LuLayoutDashboard, LuRotateCw, LuTriangleAlert } from 'react-icons/lu';
import type { CrashReport } from '../../lib/crash';
import { paths } from '../../lib/paths';

export interface ErrorPanelProps {
  report: CrashReport;
  /** Fill the window (no shell around it) or sit in the shell's page area. */
  fullPage?: boolean;
}

/**
 * What a person sees instead of a white page when a screen fails: what happened, Reload, Back to
 * dashboard, and the request id when the server gave one. Plain links (not the router's): whatever broke
 * may be the router's own state.
 */
export function ErrorPanel({ report, fullPage = false }: ErrorPanelProps) {
  const panel = (
    <Stack
      align="center"
      textAlign="center"
      gap="5"
      maxW="lg"
      mx="auto"
      bg="app.surface"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      px={{ base: '5', md: '10' }}
      py={{ base: '8', md: '12' }}
      role="alert"
      data-testid="error-panel"
      data-kind={report.kind}
    >
      <Center boxSize="14" borderRadius="full" bg="saffron.50" color="saffron.700" fontSize="2xl">
        {report.kind === 'chunk' ? <LuCloudOff /> : <LuTriangleAlert />}
      </Center>
      <Stack gap="2">
        <Heading as="h1" size="lg" data-testid="error-panel-title">
          {report.title}
        </Heading>
        <Text color="fg.muted">{report.description}</Text>
        {report.requestId && (
          <Text textStyle="sm" color="fg.muted" data-testid="error-panel-request-id">
            If it happens again, tell support this reference: <Code size="sm">{report.requestId}</Code>
          </Text>
        )}
      </Stack>
      <HStack gap="3" wrap="wrap" justify="center">
        <Button colorPalette="brand" onClick={() => window.location.reload()} data-testid="error-panel-reload">
          <LuRotateCw /> Reload
        </Button>
        <Button asChild variant="outline" data-testid="error-panel-dashboard">
          <a href={paths.dashboard.home()}>
            <LuLayoutDashboard /> Back to dashboard
          </a>
        </Button>
      </HStack>
    </Stack>
  );
  if (!fullPage) return panel;
  return (
    <Center minH="100dvh" bg="app.canvas" px="4" py="10">
      {panel}
    </Center>
  );
}
