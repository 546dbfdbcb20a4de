import { Box, Button, Center, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuPackageX, LuPlus } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { courierNames } from '@dakiya/shared/couriers';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/ui/page-header';

/** /dashboard/create-account-alert (spec 001 §8): the store has no courier account yet. */
export function CreateAccountAlertPage() {
  return (
    <>
      <PageHeader title="Tracking accounts" backTo={paths.dashboard.orders()} />
      <Box
        bg="app.surface"
        borderWidth="1px"
        borderColor="border.muted"
        borderRadius="xl"
        boxShadow="xs"
        px={{ base: '5', md: '10' }}
        py={{ base: '8', md: '12' }}
        maxW="3xl"
        mx="auto"
        data-testid="no-account-alert"
      >
        <Stack gap="6" align="center" textAlign="center">
          <Center boxSize="16" borderRadius="full" bg="saffron.50" color="saffron.700" fontSize="2xl">
            <LuPackageX />
          </Center>
          <Stack gap="2" maxW="xl">
            <Heading as="h2" size={{ base: 'lg', md: 'xl' }}>
              Action Required: No Tracking Account Found.
            </Heading>
            <Text color="fg.muted">
              Dakiya books and tracks parcels through your own courier account. Add your {courierNames('or')} account
              once, and you can book orders and follow every parcel from here.
            </Text>
          </Stack>
          <List.Root gap="2" variant="plain" textAlign="start" textStyle="sm">
            {[
              'Keep your courier’s API credentials at hand (from its merchant portal or account manager).',
              'Dakiya checks them with the courier before saving.',
              'You can add more accounts later and pick a default one.',
            ].map((line) => (
              <List.Item key={line}>
                <HStack gap="2" align="flex-start">
                  <Box color="brand.fg" mt="0.5" flexShrink={0}>
                    <LuCircleCheck />
                  </Box>
                  <Text>{line}</Text>
                </HStack>
              </List.Item>
            ))}
          </List.Root>
          <Button asChild colorPalette="brand" size="lg" data-testid="no-account-create">
            <Link to={paths.dashboard.createAccount()}>
              <LuPlus /> Create Account
            </Link>
          </Button>
        </Stack>
      </Box>
    </>
  );
}
