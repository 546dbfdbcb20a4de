import { Alert, Badge, Box, Button, Field, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { MAX_BULK_ORDERS, type BulkSelection, type TrackingAccount } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { useRef, useState } from 'react';
import { LuTruck } from 'react-icons/lu';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api, isApiError } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { idsFrom, paths, withQuery } from '../../../lib/paths';
import { useFormRefusal } from '../../../lib/form-refusal';
import { rememberBulkJob } from '../../../lib/last-bulk-job';
import { useApi } from '../../../lib/swr';
import { PageHeader } from '../../../components/ui/page-header';
import { PlanLimitDialog, planLimitMessage } from '../../../components/ui/plan-limit-dialog';
import { SectionCard } from '../../../components/ui/section-card';
import { isFinalLoadError, LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { bookableAccounts, preselectedAccount } from '../book-form';
import { leftOutLine, leftOutReason, NOT_FOUND_LINE, ordersToBook, prepaidNote, selectionLine } from '../bulk';
import { formatCurrency } from '../../../lib/format';
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
  const onError = useUnauthorizedOnly();
  const selection = useApi('storeOrders.selection', { query: { id: ids.join(',') } }, { onError, revalidateOnFocus: false, shouldRetryOnError: false });
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
  // what the bulk will book, once Shopify's answer is in (the server refuses the others on their rows too,
  // and a cash-on-delivery-only courier the prepaid ones)
  const toBook = selection.data ? ordersToBook(selection.data.orders, codOnly ? courier.name : undefined).length : ids.length;
  // a stale link (orders deleted, or another store's): nothing the bulk could book, whatever the account
  const noneKnown = isFinalLoadError(selection.error);
  const noneToBook = (!!selection.data && toBook === 0) || noneKnown;

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
      <SectionCard title={`${ids.length} ${ids.length === 1 ? 'order' : 'orders'} selected`} icon={<LuTruck />} testId="bulk-start">
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
          <SelectedOrders
            selection={selection.data} error={selection.error} onRetry={() => void selection.mutate()} retrying={selection.isValidating}
            codOnly={codOnly ? courier.name : undefined}
          />
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
          {codOnly && selection.data && (
            <Text textStyle="sm" fontWeight="medium" data-testid="bulk-prepaid-count">{prepaidNote(selection.data.orders, courier.name)}</Text>
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
          {noneToBook && !noneKnown && (
            <Text textStyle="sm" color="fg.warning" id="bulk-none-note" data-testid="bulk-none-note">None of the selected orders can be booked: each one&apos;s reason is listed above.</Text>
          )}
          <HStack justify="flex-end">
            <Button
              colorPalette="brand" size="lg" loading={busy} disabled={noneToBook} aria-describedby={noneToBook && !noneKnown ? 'bulk-none-note' : undefined}
              onClick={() => void start()} w={{ base: 'full', md: 'auto' }} data-testid="bulk-submit"
            >
              Book {toBook} {toBook === 1 ? 'order' : 'orders'}
            </Button>
          </HStack>
        </Stack>
      </SectionCard>
      <PlanLimitDialog message={planLimit} onClose={() => setPlanLimit(null)} canUpgrade={canUpgrade} />
    </Stack>
  );
}

/**
 * The selected orders as Shopify has them: those the bulk will book, each with what it collects (or
 * Prepaid), and their total COD; then, apart, those it will not book with a short reason each (cancelled
 * on Shopify, booked already with a link to the booking, waiting for a courier check with a link to that
 * check, prepaid for a cash-on-delivery-only courier, unknown to Shopify). A long list scrolls inside its own
 * box on a wide screen, which the keyboard reaches too.
 */
function SelectedOrders({ selection, error, onRetry, retrying, codOnly }: {
  selection: BulkSelection | undefined;
  /** The list's read failed: the server's reason (none of the orders known, Shopify down) or the dropped connection. */
  error: unknown;
  onRetry(): void;
  retrying: boolean;
  /** The chosen courier's name when it books cash on delivery only: prepaid orders are left out. */
  codOnly?: string;
}) {
  if (error) {
    return (
      <Stack gap="2">
        <LoadErrorAlert error={error} onRetry={onRetry} retrying={retrying} testId="bulk-selection-error" instead={{ to: paths.dashboard.storeOrders(), label: 'Store orders' }} />
        {!isFinalLoadError(error) && <Text textStyle="sm" color="fg.muted">The booking still reads each order from Shopify as it books it.</Text>}
      </Stack>
    );
  }
  if (!selection) return <Skeleton h="24" borderRadius="lg" />;
  const toBook = ordersToBook(selection.orders, codOnly);
  const leftOut = selection.orders.filter((o) => leftOutReason(o, codOnly) !== null);
  const leftOutCount = leftOut.length + selection.missing.length;
  return (
    <Stack gap="4" data-testid="bulk-selection">
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="medium">Orders to book</Text>
          <Text textStyle="sm" data-testid="bulk-total-cod">Total COD <Text as="span" fontWeight="semibold">{formatCurrency(selection.total_cod)}</Text></Text>
        </HStack>
        {toBook.length > 0 ? (
          <Box as="ul" {...LIST} maxH="64" tabIndex={0} aria-label="Orders to book" data-testid="bulk-to-book">
            {toBook.map((order) => (
              <HStack as="li" key={order.id} {...LINE} data-testid={`bulk-selected-${order.name}`}>
                <Text fontWeight="semibold" textStyle="sm">{order.name}</Text>
                {order.cod <= 0 ? (
                  <Badge variant="subtle" colorPalette="green">{selectionLine(order, formatCurrency)}</Badge>
                ) : (
                  <Text textStyle="sm">{selectionLine(order, formatCurrency)}</Text>
                )}
              </HStack>
            ))}
          </Box>
        ) : (
          <Text textStyle="sm" color="fg.muted">None.</Text>
        )}
      </Stack>
      {leftOutCount > 0 && (
        <Stack gap="2" data-testid="bulk-left-out">
          <Text fontWeight="medium">Not booked by this bulk ({leftOutCount})</Text>
          {/* on a phone the list grows with the page: a short box inside a scrolling page is hard to read */}
          <Box as="ul" {...LIST} maxH={{ base: 'none', md: '48' }} tabIndex={0} aria-label="Orders not booked by this bulk" data-testid="bulk-left-out-list">
            {leftOut.map((order) => <LeftOut key={order.id} order={order} codOnly={codOnly} />)}
            {selection.missing.map((id) => (
              <HStack as="li" key={id} {...LINE} data-testid={`bulk-selected-${id}`}>
                <Text textStyle="sm" overflowWrap="anywhere">{id}</Text>
                <Badge variant="subtle" colorPalette="gray">{NOT_FOUND_LINE}</Badge>
              </HStack>
            ))}
          </Box>
        </Stack>
      )}
    </Stack>
  );
}

const LIST = { listStyleType: 'none', m: '0', p: '0', overflowY: 'auto', borderWidth: '1px', borderColor: 'border.muted', borderRadius: 'lg' } as const;
const LINE = { justify: 'space-between', gap: '3', px: '3', py: '2', borderTopWidth: '1px', borderColor: 'border.muted', _first: { borderTopWidth: '0' } } as const;

/** One order the bulk leaves out: its reason, and where it leads (its booking, or the check it waits for). */
function LeftOut({ order, codOnly }: { order: BulkSelection['orders'][number]; codOnly?: string }) {
  const reason = leftOutReason(order, codOnly);
  const to = reason === 'booked' ? withQuery(paths.dashboard.postBooking(), { tracking: order.tracking_number! })
    : reason === 'check' ? withQuery(paths.dashboard.bookOrder(), { id: order.id }) : null;
  return (
    <HStack as="li" {...LINE} wrap="wrap" rowGap="1" data-testid={`bulk-selected-${order.name}`} data-reason={reason}>
      <Text fontWeight="semibold" textStyle="sm">{order.name}</Text>
      <HStack gap="2" wrap="wrap" justify="flex-end" minW="0">
        <Badge variant="subtle" colorPalette={reason === 'cancelled' ? 'red' : reason === 'check' || reason === 'prepaid' ? 'orange' : 'blue'} whiteSpace="normal" textAlign="end">{leftOutLine(order, codOnly)}</Badge>
        {to && (
          <Button asChild size="xs" variant="outline" data-testid={`bulk-left-out-link-${order.name}`}>
            <Link to={to}>{reason === 'check' ? 'Open the check' : 'Open the booking'}</Link>
          </Button>
        )}
      </HStack>
    </HStack>
  );
}
