import { Box, Button, HStack, IconButton, Stack, Table, Text, useBreakpointValue, VisuallyHidden } from '@chakra-ui/react';
import type { TrackingAccount } from '@dakiya/shared';
import { courierNames } from '@dakiya/shared/couriers';
import { useState } from 'react';
import { LuMapPin, LuPencil, LuPlus, LuStar, LuTruck } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { notifySuccess } from '../../../components/ui/toaster';
import { paths } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { TableSkeleton } from '../../../components/ui/skeletons';
import { ACCOUNTS_CACHE_MS, formatWeight, pageChangeQuery, tableQueryFrom, tableSearch } from '../accounts-list';
import { ActivityBadge, CourierBadge, DefaultBadge } from './account-badges';

export interface AccountsPageProps {
  /** WRITE_ACCOUNTS (an ADMIN has it): offers Create and Edit. */
  canWrite: boolean;
}

/** /dashboard/accounts (spec 001 §2 "tracking accounts"). */
export function AccountsPage({ canWrite }: AccountsPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = tableQueryFrom(searchParams);
  // The list shows its own error in a banner; only a 401 goes to the app's handler.
  const onError = useUnauthorizedOnly();
  const { data, error, isLoading, isValidating, mutate } = useApi(
    'accounts.table',
    { query },
    { keepPreviousData: true, dedupingInterval: ACCOUNTS_CACHE_MS, onError },
  );
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;

  const setPage = (page: number) => {
    const next = pageChangeQuery(page, data?.pagination?.limit);
    setSearchParams(tableSearch(next));
  };

  const accounts = data?.accounts ?? null;
  const makeDefault = useMakeDefault(() => void mutate());
  const actions = (account: TrackingAccount) =>
    canWrite && (
      <HStack gap="1" justify="flex-end">
        {!account.is_default && !account.in_active && (
          <Button
            size="xs"
            variant="outline"
            loading={makeDefault.busy === account._id}
            disabled={makeDefault.busy !== null}
            onClick={() => void makeDefault.run(account)}
            data-testid={`account-make-default-${account.name}`}
          >
            <LuStar /> Set default
          </Button>
        )}
        <EditButton account={account} />
      </HStack>
    );
  const createButton = canWrite && (
    <Button asChild colorPalette="brand" size="sm" data-testid="accounts-create">
      <Link to={paths.dashboard.createAccount()}>
        <LuPlus /> Create account
      </Link>
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Tracking accounts"
        subtitle={
          canWrite
            ? 'Your courier accounts. Dakiya books and tracks parcels with them.'
            : 'Your courier accounts. Ask your admin for the Write accounts permission to add or change them.'
        }
        backTo={paths.dashboard.orders()}
        actions={
          <>
            <RefreshButton onRefresh={() => void mutate()} refreshing={isValidating && !isLoading} testId="accounts-refresh" />
            {createButton}
          </>
        }
      />

      {error && (
        <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} mb="4" testId="accounts-error" />
      )}

      {isLoading && !accounts ? (
        <TableSkeleton rows={5} columns={7} />
      ) : accounts && accounts.length === 0 ? (
        <EmptyState
          testId="accounts-empty"
          icon={<LuTruck />}
          title="Add your first courier account"
          description={
            canWrite
              ? `Connect your ${courierNames('or')} account with its API credentials to book parcels and track them from Dakiya.`
              : 'No courier account has been added yet. Ask your admin to add one.'
          }
        >
          {createButton}
        </EmptyState>
      ) : accounts && data ? (
        <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" boxShadow="xs" overflow="hidden">
          {compact ? (
            <Stack gap="0" data-testid="accounts-table" separator={<Box borderTopWidth="1px" borderColor="border.muted" />}>
              {accounts.map((account) => (
                <Stack key={account._id} gap="2.5" p="4" data-testid={`account-row-${account.name}`} data-inactive={account.in_active}>
                  <HStack justify="space-between" align="flex-start" gap="3">
                    <AccountIdentity account={account} />
                    {actions(account)}
                  </HStack>
                  <HStack gap="2" wrap="wrap">
                    <CourierBadge company={account.company} />
                    {account.is_default && <DefaultBadge />}
                    <ActivityBadge inactive={account.in_active} />
                  </HStack>
                  <HStack gap="4" textStyle="sm" color="fg.muted" wrap="wrap">
                    <Text>
                      Weight <Text as="span" color="fg" fontWeight="medium">{formatWeight(account.weight)}</Text>
                    </Text>
                    {account.address_code && (
                      <Text>
                        Address code <Text as="span" color="fg" fontFamily="mono">{account.address_code}</Text>
                      </Text>
                    )}
                  </HStack>
                </Stack>
              ))}
            </Stack>
          ) : (
            // Scrolls inside its card, never the page (`position: relative` holds the hidden header in too).
            <Table.ScrollArea overflowX="auto" position="relative">
              <Table.Root size="sm" data-testid="accounts-table" css={{ '& td, & th': { px: '4' } }}>
                <Table.Header>
                  <Table.Row bg="bg.muted">
                    <Table.ColumnHeader>Account Name</Table.ColumnHeader>
                    <Table.ColumnHeader>Account Company</Table.ColumnHeader>
                    <Table.ColumnHeader>Address code</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Weight</Table.ColumnHeader>
                    <Table.ColumnHeader>Type</Table.ColumnHeader>
                    <Table.ColumnHeader>Activity</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{canWrite ? 'Actions' : <VisuallyHidden>Actions</VisuallyHidden>}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {accounts.map((account) => (
                    <Table.Row key={account._id} data-testid={`account-row-${account.name}`} data-inactive={account.in_active}>
                      <Table.Cell py="3">
                        <AccountIdentity account={account} maxW="64" />
                      </Table.Cell>
                      <Table.Cell>
                        <CourierBadge company={account.company} />
                      </Table.Cell>
                      <Table.Cell>
                        {account.address_code ? (
                          <Text fontFamily="mono" textStyle="sm">{account.address_code}</Text>
                        ) : (
                          <Text color="fg.subtle" aria-label="None">—</Text>
                        )}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                        {formatWeight(account.weight)}
                      </Table.Cell>
                      <Table.Cell>{account.is_default ? <DefaultBadge /> : <Text color="fg.subtle" aria-label="Not default">—</Text>}</Table.Cell>
                      <Table.Cell>
                        <ActivityBadge inactive={account.in_active} />
                      </Table.Cell>
                      <Table.Cell textAlign="end">{actions(account)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          <Box px="4" borderTopWidth="1px" borderColor="border.muted">
            <Pagination page={data.pagination.page} pages={data.pagination.pages} total={data.pagination.total} onPageChange={setPage} noun={['account', 'accounts']} />
          </Box>
        </Box>
      ) : null}
    </>
  );
}

function AccountIdentity({ account, maxW }: { account: TrackingAccount; maxW?: string }) {
  return (
    <Stack gap="0.5" minW="0" maxW={maxW}>
      <Text fontWeight="medium" truncate color={account.in_active ? 'fg.muted' : 'fg'} title={account.name}>
        {account.name}
      </Text>
      {account.city && (
        <HStack gap="1" textStyle="xs" color="fg.muted">
          <LuMapPin aria-hidden />
          <Text truncate>{account.city}</Text>
        </HStack>
      )}
    </Stack>
  );
}

/**
 * Set default from the list: the edit call with only the id and the default, so no credential is asked for
 * or checked again, and a rename or deactivation someone made meanwhile stays (an inactive account is refused).
 */
function useMakeDefault(onDone: () => void) {
  const handleError = useHandleApiError();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (account: TrackingAccount) => {
    setBusy(account._id);
    try {
      await api('accounts.update', { body: { id: account._id, is_default: true } });
      notifySuccess(`${account.name} is now the default account`);
      onDone();
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function EditButton({ account }: { account: TrackingAccount }) {
  return (
    <IconButton asChild aria-label={`Edit ${account.name}`} size="sm" variant="ghost" data-testid={`account-edit-${account.name}`}>
      <Link to={paths.dashboard.editAccount(account._id)}>
        <LuPencil />
      </Link>
    </IconButton>
  );
}
