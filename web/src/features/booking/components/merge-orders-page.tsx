import { Alert, Badge, Box, Button, Grid, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { MAX_MERGE_ORDERS, ShopifyOrderId, type MergeLookup, type TrackingAccount } from '@dakiya/shared';
import { useEffect, useMemo, useState } from 'react';
import { LuLayers } from 'react-icons/lu';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../lib/api';
import { refusalOf } from '../../../lib/form-refusal';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { formatCurrency } from '../../../lib/format';
import { idsFrom, paths, withQuery } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { PageHeader } from '../../../components/ui/page-header';
import { PlanLimitDialog } from '../../../components/ui/plan-limit-dialog';
import { SectionCard } from '../../../components/ui/section-card';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { TextField } from '../../../components/ui/text-field';
import { formFromMerge, mergedCod, preselectedAccount, type BookBody } from '../book-form';
import { useBookOrder } from '../use-book-order';
import { BookingForm } from './booking-form';
import { isFinalLoadError } from '../../../components/ui/load-error-alert';
import { LoadBanner, NoAccount } from './book-order-page';

/** Spec §8: what the page says before it sends the person back to the orders, 5 s later. */
export const NO_IDS = 'We have found no order id(s) to search order(s)';
export const INVALID_ID = 'Invalid id entered';
export const NO_ORDERS = 'Oops! We have found no order(s) corresponding to these id(s).';
export const REDIRECT_MS = 5000;

/** /dashboard/merge-orders?ids[]= (spec §2 "Multi-order booking page"): several orders of one consignee in one parcel. */
export function MergeOrdersPage({ canUpgrade }: { canUpgrade: boolean }) {
  const [searchParams] = useSearchParams();
  const ids = idsFrom(searchParams);
  const invalid = ids.some((id) => !ShopifyOrderId.safeParse(id).success);
  const onError = useUnauthorizedOnly();
  const ask = ids.length > 0 && !invalid;
  const merge = useApi('storeOrders.getMany', ask ? { query: { id: ids.join(',') } } : null, { onError, revalidateOnFocus: false, shouldRetryOnError: false });
  const accounts = useApi('accounts.active', {}, { onError, revalidateOnFocus: false });
  const notFound = isApiError(merge.error) && merge.error.status === 404;
  const stop = ids.length === 0 ? NO_IDS : invalid ? INVALID_ID : notFound ? NO_ORDERS : null;

  return (
    <Box maxW="5xl">
      <PageHeader
        title="Merge orders"
        subtitle="Several orders of one customer in one parcel: one tracking number, one COD, each order fulfilled on Shopify."
        backTo={paths.dashboard.storeOrders()}
      />
      {stop ? (
        <Redirecting message={stop} />
      ) : merge.error ? (
        <LoadBanner tone="warning" message={merge.error.message} onRetry={isFinalLoadError(merge.error) ? undefined : () => void merge.mutate()} retrying={merge.isValidating} />
      ) : accounts.error ? (
        <LoadBanner tone="warning" message={accounts.error.message} onRetry={() => void accounts.mutate()} retrying={accounts.isValidating} />
      ) : !merge.data || !accounts.data ? (
        <PageSkeleton />
      ) : (
        <Ready merge={merge.data} accounts={accounts.data.accounts} canUpgrade={canUpgrade} />
      )}
    </Box>
  );
}

/** The spec's message, then the orders page after 5 s. */
function Redirecting({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.dashboard.storeOrders(), { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Alert.Root status="warning" borderRadius="lg" data-testid="merge-stop">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title data-testid="merge-stop-message">{message}</Alert.Title>
        <Alert.Description>Taking you to your store's orders in 5 seconds.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function Ready({ merge, accounts, canUpgrade }: { merge: MergeLookup; accounts: TrackingAccount[]; canUpgrade: boolean }) {
  const accountId = preselectedAccount(accounts);
  const [noAccountOpen, setNoAccountOpen] = useState(!accountId);
  const book = useBookOrder();
  const navigate = useNavigate();
  const bookable = useMemo(() => merge.orders.filter((o) => !o.cancelled && o.fulfillment !== 'FULFILLED'), [merge]);
  const [codWithout, setCodWithout] = useState(String(merge.codWithoutShipping));
  const [avg, setAvg] = useState(String(merge.avgShipping));

  const table = <MergeTable merge={merge} />;
  if (bookable.length < 2) {
    const single = bookable[0];
    return (
      <Stack gap="5">
        <LoadBanner
          tone="warning"
          message={single ? `Only ${single.name} of these orders is still to ship: book it on its own.` : 'None of these orders is still to ship.'}
          detail={single ? undefined : 'Fulfilled and cancelled orders cannot be merged.'}
        />
        {single && (
          <Button asChild colorPalette="brand" alignSelf="flex-start" data-testid="merge-book-single">
            <Link to={withQuery(paths.dashboard.bookOrder(), { id: single.id })}>Book {single.name}</Link>
          </Button>
        )}
        {table}
      </Stack>
    );
  }
  if (bookable.length > MAX_MERGE_ORDERS) return <LoadBanner tone="warning" message={`A merged parcel covers at most ${MAX_MERGE_ORDERS} orders.`} />;
  if (!accountId) return <><NoAccount open={noAccountOpen} onClose={() => setNoAccountOpen(false)} />{table}</>;

  const initial = formFromMerge(merge, accountId, accounts.find((a) => a._id === accountId));
  const totals = { codWithoutShipping: Number(codWithout) || 0, avgShipping: Number(avg) || 0, shippingPrice: merge.shippingPrice };
  const submit = async (body: BookBody) => {
    const outcome = await book.submit(body);
    if (outcome.kind === 'booked') navigate(outcome.to);
    if (outcome.kind !== 'refused') return undefined;
    // the courier's answer was lost: the orders now wait for a person's check, which the first order's
    // booking page shows (with this refusal above it), so no second Book can make a second parcel
    if (isApiError(outcome.error) && outcome.error.code === 'COURIER_CHECK_NEEDED') {
      navigate(withQuery(paths.dashboard.bookOrder(), { id: bookable[0]!.id }), { state: { checkRefusal: refusalOf(outcome.error) } });
      return undefined;
    }
    return outcome.error;
  };

  const people = new Set(bookable.map((o) => o.consignee_name.trim().toLowerCase()).filter(Boolean));
  return (
    <Stack gap="5">
      {table}
      {people.size > 1 && (
        <Alert.Root status="info" borderRadius="lg" data-testid="merge-different-people">
          <Alert.Indicator />
          <Alert.Description>
            These orders are for different people ({bookable.map((o) => o.consignee_name).join(', ')}). One parcel goes to one address: check the consignee below.
          </Alert.Description>
        </Alert.Root>
      )}
      {book.fulfilled && <LoadBanner tone="success" message={book.fulfilled} />}
      <BookingForm
        initial={initial}
        accounts={accounts}
        storeWeight={merge.weight}
        orderWeight={merge.order_weight}
        orderId={bookable.map((o) => o.id)}
        merge={totals}
        onSubmit={submit}
        submitLabel={`Book ${bookable.length} orders as one parcel`}
        codSection={(_values, set, error) => {
          const change = (which: 'without' | 'avg', text: string) => {
            if (which === 'without') setCodWithout(text); else setAvg(text);
            set('cod_amount', String(mergedCod(which === 'without' ? text : codWithout, which === 'avg' ? text : avg)));
          };
          return (
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="4" alignItems="end" data-testid="merge-cod">
              <TextField label="COD without shipping (Rs)" name="cod_amount" value={codWithout} onChange={(v) => change('without', v)} inputMode="decimal" testId="merge-cod-without" />
              <TextField
                label="Average shipping (Rs)"
                value={avg}
                onChange={(v) => change('avg', v)}
                inputMode="decimal"
                testId="merge-avg-shipping"
                helper={merge.shippingIsZero ? 'No shipping is owed on these orders' : `Shipping owed on the orders: ${formatCurrency(merge.shippingPrice)}`}
              />
              <Stack gap="1" pb="1">
                <Text textStyle="sm" color="fg.muted">Total COD</Text>
                <Text textStyle="xl" fontWeight="bold" data-testid="merge-total-cod">{formatCurrency(mergedCod(codWithout, avg))}</Text>
                {error && <Text color="fg.error" textStyle="sm">{error}</Text>}
              </Stack>
            </Grid>
          );
        }}
      />
      <PlanLimitDialog message={book.planLimit} onClose={book.closePlanLimit} canUpgrade={canUpgrade} />
    </Stack>
  );
}

/** One order of the merge as its row or card reads it. */
function mergeRow(order: MergeLookup['orders'][number]) {
  return {
    out: order.cancelled ? 'Cancelled' : order.fulfillment === 'FULFILLED' ? 'Fulfilled' : null,
    products: order.products_list.map((p) => `${p.node.product.title}${p.node.variant.title ? ` - ${p.node.variant.title}` : ''} x ${p.node.currentQuantity}`).join(', '),
    shipping: formatCurrency(order.shipping),
    discount: order.has_discount ? formatCurrency(order.applied_discount) : '—',
    cod: formatCurrency(order.cod),
  };
}

/**
 * The orders of the merge with what each adds: its shipping, discount and COD always in view, a table at
 * desktop width (the products wrap, nothing scrolls sideways) and a card per order on a phone.
 */
function MergeTable({ merge }: { merge: MergeLookup }) {
  const cards = useBreakpointValue({ base: true, md: false }) ?? false;
  return (
    <SectionCard title={`${merge.orders.length} orders`} icon={<LuLayers />} testId="merge-orders" description={merge.missing.length ? `Not found on Shopify: ${merge.missing.join(', ')}` : undefined}>
      {cards ? <MergeCards orders={merge.orders} /> : <MergeRows orders={merge.orders} />}
    </SectionCard>
  );
}

function MergeRows({ orders }: { orders: MergeLookup['orders'] }) {
  return (
    <Table.Root size="sm" tableLayout="fixed" css={{ '& td, & th': { px: '2' } }} data-testid="merge-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader w="9rem">Order</Table.ColumnHeader>
          <Table.ColumnHeader>Products</Table.ColumnHeader>
          <Table.ColumnHeader w="7rem" textAlign="end">Shipping</Table.ColumnHeader>
          <Table.ColumnHeader w="7rem" textAlign="end">Discount</Table.ColumnHeader>
          <Table.ColumnHeader w="8rem" textAlign="end">COD</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {orders.map((order) => {
          const row = mergeRow(order);
          return (
            <Table.Row key={order.id} data-testid={`merge-order-${order.name}`} color={row.out ? 'fg.muted' : undefined}>
              <Table.Cell>
                <Stack gap="1" align="flex-start">
                  <Text fontWeight="semibold">{order.name}</Text>
                  {row.out && <Badge colorPalette="gray">{row.out}, left out</Badge>}
                </Stack>
              </Table.Cell>
              <Table.Cell overflowWrap="anywhere">{row.products}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">{row.shipping}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid={`merge-discount-${order.name}`}>{row.discount}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid={`merge-cod-${order.name}`}>{row.cod}</Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}

function MergeCards({ orders }: { orders: MergeLookup['orders'] }) {
  return (
    <Stack as="ul" listStyleType="none" gap="3" data-testid="merge-cards">
      {orders.map((order) => {
        const row = mergeRow(order);
        return (
          <Box as="li" key={order.id} borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="3" color={row.out ? 'fg.muted' : undefined} data-testid={`merge-order-${order.name}`}>
            <HStack justify="space-between" gap="2" wrap="wrap">
              <Text fontWeight="semibold">{order.name}</Text>
              {row.out && <Badge colorPalette="gray">{row.out}, left out</Badge>}
            </HStack>
            <Text textStyle="sm" color="fg.muted" mt="1" overflowWrap="anywhere">{row.products}</Text>
            <Grid templateColumns="repeat(3, minmax(0, 1fr))" gap="2" mt="2" textStyle="sm">
              <Stack gap="0"><Text color="fg.muted" textStyle="xs">Shipping</Text><Text>{row.shipping}</Text></Stack>
              <Stack gap="0"><Text color="fg.muted" textStyle="xs">Discount</Text><Text data-testid={`merge-discount-${order.name}`}>{row.discount}</Text></Stack>
              <Stack gap="0"><Text color="fg.muted" textStyle="xs">COD</Text><Text fontWeight="semibold" data-testid={`merge-cod-${order.name}`}>{row.cod}</Text></Stack>
            </Grid>
          </Box>
        );
      })}
    </Stack>
  );
}
