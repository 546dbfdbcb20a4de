import { Alert, Box, Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { MAX_BULK_ORDERS, type TrackingAccount } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { useRef, useState } from 'react';
import { LuTruck } from 'react-icons/lu';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, isApiError } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { idsFrom, paths } from '../../../lib/paths';
import { useFormRefusal } from '../../../lib/form-refusal';
import { rememberBulkJob } from '../../../lib/last-bulk-job';
import { useApi } from '../../../lib/swr';
import { PageHeader } from '../../../components/ui/page-header';
import { PlanLimitDialog, planLimitMessage } from '../../../components/ui/plan-limit-dialog';
import { SectionCard } from '../../../components/ui/section-card';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { bookableAccounts, preselectedAccount } from '../book-form';
import { LoadBanner, NoAccount } from './book-order-page';

/**
 * /dashboard/bulk-book?ids[]= : the selected orders booked with one account, each with what Shopify
 * says of it (its address, weight from the settings, COD from what is owed). The work runs on the
 * server; the next page follows it.
 */
export function BulkBookPage({ canUpgrade }: { canUpgrade: boolean }) {
  const [searchParams] = useSearchParams();
  const ids = idsFrom(searchParams);
  const onError = useUnauthorizedOnly();
  const accounts = useApi('accounts.active', {}, { onError, revalidateOnFocus: false });

  return (
    <Box maxW="3xl">
      <PageHeader
        title="Bulk booking"
        subtitle="Each order is booked as Shopify has it: its address and phone, COD from what is still owed, your default weight."
        backTo={paths.dashboard.storeOrders()}
      />
      {ids.length === 0 ? (
        <LoadBanner tone="warning" message="We have found no order id(s) to search order(s)" detail="Select orders on the store orders page." />
      ) : ids.length > MAX_BULK_ORDERS ? (
        <LoadBanner tone="warning" message={`Book at most ${MAX_BULK_ORDERS} orders at once.`} />
      ) : accounts.error ? (
        <LoadBanner tone="warning" message={accounts.error.message} onRetry={() => void accounts.mutate()} retrying={accounts.isValidating} />
      ) : !accounts.data ? (
        <PageSkeleton />
      ) : (
        <Start ids={ids} accounts={accounts.data.accounts} canUpgrade={canUpgrade} />
      )}
    </Box>
  );
}

function Start({ ids, accounts, canUpgrade }: { ids: string[]; accounts: TrackingAccount[]; canUpgrade: boolean }) {
  const [accountId, setAccountId] = useState(preselectedAccount(accounts));
  const [noAccountOpen, setNoAccountOpen] = useState(!accountId);
  const [busy, setBusy] = useState(false);
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const handle = useHandleApiError();
  const navigate = useNavigate();
  const form = useRef<HTMLDivElement>(null);
  const refusal = useFormRefusal(form);
  if (!accountId) return <NoAccount open={noAccountOpen} onClose={() => setNoAccountOpen(false)} />;
  const active = bookableAccounts(accounts);
  // a courier that books cash on delivery only (its definition's rule, M&P's today) refuses prepaid orders
  const courier = COURIER_BY_ID[(accounts.find((a) => a._id === accountId) ?? active[0])?.company ?? 'LEOPARD'];
  const codOnly = courier.booking.cod.minPositive;

  const start = async () => {
    setBusy(true);
    try {
      const started = await api('booking.bookMany', { body: { tracking_account: accountId, order_id: ids.join(','), shipping_type: 'overnight' } });
      refusal.clear();
      rememberBulkJob(started.jobId);
      navigate(paths.dashboard.bulkProgress(started.jobId));
    } catch (error) {
      if (isApiError(error) && (error.planLimitError || error.code === 'PLAN_LIMIT_REACHED')) {
        setPlanLimit(planLimitMessage(error.body));
      } else {
        handle(error);
        refusal.refuse(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="5">
      <SectionCard title={`${ids.length} ${ids.length === 1 ? 'order' : 'orders'}`} icon={<LuTruck />} testId="bulk-start">
        <Stack gap="4" ref={form}>
          <Field.Root required>
            <Field.Label>Tracking account<Field.RequiredIndicator /></Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="tracking_account" value={accountId} onChange={(e) => setAccountId(e.target.value)} data-testid="bulk-account">
                {active.map((a) => <option key={a._id} value={a._id}>{`${a.name} · ${COURIER_BY_ID[a.company].name}${a.is_default ? ' (default)' : ''}`}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {codOnly && (
            <Alert.Root status="warning" borderRadius="lg" data-testid="bulk-cod-only">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{courier.name} books cash-on-delivery orders only</Alert.Title>
                <Alert.Description>
                  Prepaid orders (nothing left to pay) will not be booked with this account: they are left as not booked. Choose another account to book them.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Alert.Root status="info" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Description>
              An order whose city or phone the courier does not take is left for you to book on its own; the others are booked.
              You can close this page: the booking goes on, and the progress page shows where it stands.
            </Alert.Description>
          </Alert.Root>
          <Text textStyle="sm" color="fg.muted" data-testid="bulk-shipping-type">Shipping type: Overnight</Text>
          {/* refused: nothing started; no answer: it may have, so only the message is said */}
          <RefusalAlert refusal={refusal.refusal} onClose={refusal.clear} title={refusal.refusal?.tone === 'error' ? 'Not started' : undefined} testId="bulk-refusal" />
          <HStack justify="flex-end">
            <Button colorPalette="brand" size="lg" loading={busy} onClick={() => void start()} w={{ base: 'full', md: 'auto' }} data-testid="bulk-submit">
              Book {ids.length} {ids.length === 1 ? 'order' : 'orders'}
            </Button>
          </HStack>
        </Stack>
      </SectionCard>
      <PlanLimitDialog message={planLimit} onClose={() => setPlanLimit(null)} canUpgrade={canUpgrade} />
    </Stack>
  );
}
