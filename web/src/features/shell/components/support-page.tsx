import { Box, Button, Card, HStack, Icon, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuBookOpen, LuMail } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useAppConfig } from '../../../lib/app-config';
import { paths } from '../../../lib/paths';

/** Spec 000 §2 "Support page": email the support address (a deploy setting, served by GET /app-config). */
export function SupportPage() {
  const { data, error, isValidating, mutate } = useAppConfig();
  const email = data?.support_email;
  return (
    <>
      <PageHeader title="Support" subtitle="We usually answer within one working day." backTo={paths.dashboard.home()} />
      <Stack gap="4" maxW="2xl">
        {!email && error && <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} testId="support-load-error" />}
        {!email && !error && <Skeleton height="32" borderRadius="xl" data-testid="support-loading" />}
        {email && (
          <Card.Root variant="outline" bg="app.surface" borderRadius="xl">
            <Card.Body>
              <HStack gap="4" align="flex-start">
                <Icon boxSize="10" p="2.5" bg="brand.subtle" color="brand.fg" borderRadius="full">
                  <LuMail />
                </Icon>
                <Stack gap="2">
                  <Text fontWeight="semibold">Need help with a booking, a courier or your plan?</Text>
                  <Text color="fg.muted" data-testid="support-text">
                    Email the support address{' '}
                    <ChakraLink href={`mailto:${email}`} color="brand.fg" fontWeight="medium" data-testid="support-email">
                      {email}
                    </ChakraLink>{' '}
                    and include your store name and, if it is about a parcel, its tracking number.
                  </Text>
                  <Box pt="1">
                    <Button asChild colorPalette="brand" size="sm">
                      <a href={`mailto:${email}`}>
                        <LuMail /> Email support
                      </a>
                    </Button>
                  </Box>
                </Stack>
              </HStack>
            </Card.Body>
          </Card.Root>
        )}
        <Card.Root variant="outline" bg="app.surface" borderRadius="xl">
          <Card.Body>
            <HStack gap="4" align="flex-start">
              <Icon boxSize="10" p="2.5" bg="bg.muted" color="fg.muted" borderRadius="full">
                <LuBookOpen />
              </Icon>
              <Stack gap="2">
                <Text fontWeight="semibold">Prefer to read first?</Text>
                <Text color="fg.muted">The guides cover booking, merging orders, tracking accounts and staff access.</Text>
                <Box pt="1">
                  <Button asChild variant="outline" size="sm">
                    <Link to={paths.dashboard.docs()}>Open the docs</Link>
                  </Button>
                </Box>
              </Stack>
            </HStack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
}
