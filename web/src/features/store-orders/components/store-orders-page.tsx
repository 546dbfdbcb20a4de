import { Badge, Box, Button, Checkbox, Flex, HStack, Input, InputGroup, NativeSelect, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { MAX_BULK_ORDERS, ORDER_SEARCH_MAX, STORE_ORDER_FILTERS, type StoreOrder, type StoreOrderFilter } from '@dakiya/shared';
import { useEffect, useMemo, useState } from 'react';
import { LuChevronLeft, LuChevronRight, LuLayers, LuPackageCheck, LuSearch, LuShoppingBag, LuTruck } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router-dom';
import { api, GENERIC_ERROR, isApiError, NETWORK_ERROR } from '../../../lib/api';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { codeWords, formatCurrency, formatDate } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { TableSkeleton } from '../../../components/ui/skeletons';
import { lastBulkJob } from '../../../lib/last-bulk-job';
import { emptyTitle, EVERY_ORDER_PAGE, everyOrderLine, everyOrderToBook, FILTER_LABELS, selectable, selectionActions, viewFrom, viewSearch } from '../store-orders';

const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 500;

/**
 * /dashboard/store-orders (beyond the spec): the store's orders still to ship, read live from Shopify
 * page by page (Shopify's cursors), with search and filters; a selection is booked as one order, one
 * merged parcel, or in bulk. The selection survives paging, so a bulk booking can span pages.
 */
export function StoreOrdersPage({ timeZone }: { timeZone?: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewFrom(searchParams);
  const [typed, setTyped] = useState(view.search);
  // the cursors of the pages before this one: Previous pops, Next pushes (Shopify pages forward by cursor)
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors[cursors.length - 1];
  const [selected, setSelectedOnly] = useState<Map<string, string>>(new Map());
  // 'Select every order of this list': how many it chose and whether the bulk's limit left some out; any other change of the selection forgets it
  const [every, setEvery] = useState<{ count: number; more: boolean } | null>(null);
  const [selectingEvery, setSelectingEvery] = useState(false);
  const [everyError, setEveryError] = useState<string | null>(null);
  const setSelected: typeof setSelectedOnly = (next) => {
    setEvery(null);
    setEveryError(null);
    setSelectedOnly(next);
  };
  const onError = useUnauthorizedOnly();
  // the progress of the last bulk booking started in this browser stays one click away
  const [lastJob] = useState(lastBulkJob);
  const { data, error, isLoading, isValidating, mutate } = useApi(
    'storeOrders.list',
    { query: { filter: view.filter, limit: PAGE_SIZE, ...(view.search ? { search: view.search } : {}), ...(after ? { after } : {}) } },
    { keepPreviousData: true, onError, revalidateOnFocus: false },
  );
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;

  const setView = (next: Partial<typeof view>) => {
    setCursors([]);
    // the choice was of the list as it was filtered: another list is another choice
    if (every) setSelected(new Map());
    setSearchParams(viewSearch({ ...view, ...next }), { replace: true });
  };
  useEffect(() => {
    if (typed.trim() === view.search) return;
    const timer = setTimeout(() => setView({ search: typed.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // setView is rebuilt every render; the typed text alone decides
  }, [typed]);

  const orders = data?.orders ?? null;
  const ids = useMemo(() => [...selected.keys()], [selected]);
  const actions = selectionActions(ids);
  const toggle = (order: StoreOrder) => setSelected((current) => {
    const next = new Map(current);
    if (next.has(order.id)) next.delete(order.id); else next.set(order.id, order.name);
    return next;
  });
  // an order Dakiya booked, or one waiting for a courier check, is not to book again: the page's checkbox leaves it out
  const toBook = orders?.filter(selectable) ?? [];
  const pageIds = toBook.map((o) => o.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));
  const togglePage = () => setSelected((current) => {
    const next = new Map(current);
    for (const order of toBook) {
      if (allOnPage) next.delete(order.id); else next.set(order.id, order.name);
    }
    return next;
  });

  const selectEvery = async () => {
    setSelectingEvery(true);
    setEveryError(null);
    try {
      const query = { filter: view.filter, limit: EVERY_ORDER_PAGE, ...(view.search ? { search: view.search } : {}) };
      const { orders: chosen, more } = await everyOrderToBook((after) => api('storeOrders.list', { query: { ...query, ...(after ? { after } : {}) } }));
      setSelectedOnly(new Map(chosen.map((o) => [o.id, o.name])));
      setEvery({ count: chosen.length, more });
    } catch (caught) {
      // the page's own selection stays as it was
      setEveryError(`Not every order could be selected: ${isApiError(caught) ? caught.message || GENERIC_ERROR : NETWORK_ERROR}`);
    } finally {
      setSelectingEvery(false);
    }
  };
  // Gmail's choice: once a whole page is selected and the list goes on, the rest is one click away
  const offerEvery = !every && allOnPage && !!data?.next;

  return (
    <>
      <PageHeader
        title="Book orders"
        subtitle="Your store's orders on Shopify that still have to ship. Select orders to book them with a courier."
        backTo={paths.dashboard.orders()}
        actions={
          <>
            {lastJob && (
              <Button asChild variant="ghost" size="sm" data-testid="store-orders-last-bulk">
                <Link to={paths.dashboard.bulkProgress(lastJob)}><LuTruck /> Last bulk booking</Link>
              </Button>
            )}
            <RefreshButton onRefresh={() => void mutate()} refreshing={isValidating && !isLoading} testId="store-orders-refresh" />
          </>
        }
      />

      <Flex gap="3" mb="4" wrap="wrap" align="center">
        <InputGroup startElement={<LuSearch />} flex="1" minW={{ base: 'full', sm: '64' }} maxW={{ md: 'md' }}>
          <Input
            value={typed}
            onChange={(e) => setTyped(e.target.value.slice(0, ORDER_SEARCH_MAX))}
            maxLength={ORDER_SEARCH_MAX}
            placeholder="Search by order number (e.g. #1001) or email"
            aria-label="Search store orders"
            bg="bg"
            data-testid="store-orders-search"
          />
        </InputGroup>
        <NativeSelect.Root size="md" width={{ base: 'full', sm: '64' }}>
          <NativeSelect.Field
            aria-label="Which orders"
            value={view.filter}
            onChange={(e) => setView({ filter: e.target.value as StoreOrderFilter })}
            bg="bg"
            data-testid="store-orders-filter"
          >
            {STORE_ORDER_FILTERS.map((filter) => <option key={filter} value={filter}>{FILTER_LABELS[filter]}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>

      {ids.length > 0 && (
        <Flex
          gap="3" mb="4" p="3" px="4" align="center" wrap="wrap" justify="space-between"
          bg="brand.subtle" borderRadius="lg" borderWidth="1px" borderColor="brand.muted" data-testid="store-orders-selection"
        >
          <Stack gap="0.5" minW="0">
            <Text fontWeight="medium" data-testid="store-orders-selected">{ids.length} selected</Text>
            <Text textStyle="xs" color="fg.muted" lineClamp={1}>{[...selected.values()].join(', ')}</Text>
            {every && (
              <Text textStyle="sm" color={every.more ? 'fg.warning' : undefined} data-testid="store-orders-every-line">{everyOrderLine(every.count, every.more)}</Text>
            )}
            {offerEvery && (
              <HStack gap="1" wrap="wrap">
                <Text textStyle="sm">Every order on this page is selected.</Text>
                <Button
                  variant="outline" size="xs" bg="bg" loading={selectingEvery} loadingText="Selecting every order…"
                  onClick={() => void selectEvery()} data-testid="store-orders-select-every"
                >
                  Select every order of this list (up to {MAX_BULK_ORDERS})
                </Button>
              </HStack>
            )}
            {everyError && <Text textStyle="sm" color="fg.error" role="alert" data-testid="store-orders-every-error">{everyError}</Text>}
            {/* why Merge is disabled, as text rather than only a tooltip (touch screens have none) */}
            {actions.mergeNote && (
              <Text textStyle="xs" color="fg.warning" id="store-orders-merge-note" data-testid="store-orders-merge-note">{actions.mergeNote}{actions.bulk ? ' Bulk book books each order on its own.' : ''}</Text>
            )}
          </Stack>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())} data-testid="store-orders-clear">Clear</Button>
            {actions.book && (
              <Button asChild size="sm" colorPalette="brand" data-testid="store-orders-book">
                <Link to={actions.book}><LuPackageCheck /> Book</Link>
              </Button>
            )}
            {ids.length >= 2 && (actions.merge ? (
              <Button asChild size="sm" variant="outline" bg="bg" data-testid="store-orders-merge">
                <Link to={actions.merge}><LuLayers /> Merge into one parcel</Link>
              </Button>
            ) : (
              // the icon and label are the button's own children (a wrapping span stacked them on a phone)
              <Button size="sm" variant="outline" bg="bg" disabled aria-describedby="store-orders-merge-note" data-testid="store-orders-merge">
                <LuLayers /> Merge into one parcel
              </Button>
            ))}
            {actions.bulk && (
              <Button asChild size="sm" colorPalette={actions.book ? undefined : 'brand'} variant={actions.book ? 'outline' : 'solid'} bg={actions.book ? 'bg' : undefined} data-testid="store-orders-bulk">
                <Link to={actions.bulk}><LuTruck /> Bulk book {ids.length}</Link>
              </Button>
            )}
          </HStack>
        </Flex>
      )}

      {error && <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} mb="4" testId="store-orders-error" />}

      {isLoading && !orders ? (
        <TableSkeleton rows={8} columns={7} />
      ) : orders && orders.length === 0 ? (
        <EmptyState
          testId="store-orders-empty"
          icon={<LuShoppingBag />}
          title={emptyTitle(view.search, data?.cancelled)}
          description={data?.cancelled ? 'A cancelled order is not booked. Restore it in Shopify to book it.'
            : view.search ? 'Check the order number, or search all open orders.' : 'Every open order of your store is fulfilled. New orders appear here as they come in.'}
        >
          {(view.search || view.filter !== 'all_open') && (
            <Button variant="outline" size="sm" onClick={() => { setTyped(''); setView({ search: '', filter: 'all_open' }); }}>Show all open orders</Button>
          )}
        </EmptyState>
      ) : orders ? (
        <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" boxShadow="xs" overflow="hidden">
          {compact ? (
            <Stack gap="0" data-testid="store-orders-table" separator={<Box borderTopWidth="1px" borderColor="border.muted" />}>
              {/* the table's header checkbox, for a phone: a page, then every order of the list, is two taps there too */}
              <HStack gap="3" px="4" py="2" bg="bg.muted">
                <PageCheckbox all={allOnPage} some={someOnPage} onToggle={togglePage} />
                <Text textStyle="sm" color="fg.muted" aria-hidden>Select this page</Text>
              </HStack>
              {orders.map((order) => (
                <HStack key={order.id} gap="3" p="4" align="flex-start" data-testid={`store-order-${order.name}`}>
                  <RowCheckbox order={order} checked={selected.has(order.id)} onToggle={toggle} />
                  <Stack gap="1" flex="1" minW="0">
                    <HStack justify="space-between" gap="2">
                      <Text fontWeight="semibold">{order.name}</Text>
                      <Text fontWeight="medium" whiteSpace="nowrap">{formatCurrency(order.total)}</Text>
                    </HStack>
                    <Text textStyle="sm" truncate>{order.customer || 'No name'}{order.city ? ` · ${order.city}` : ''}</Text>
                    <HStack gap="2" wrap="wrap">
                      <PaymentBadge status={order.financial_status} />
                      <Text textStyle="xs" color="fg.muted">{formatDate(order.created_at, { timeZone })}</Text>
                    </HStack>
                  </Stack>
                  <BookLink order={order} />
                </HStack>
              ))}
            </Stack>
          ) : (
            <Table.ScrollArea overflowX="auto" position="relative">
              <Table.Root size="sm" data-testid="store-orders-table" css={{ '& td, & th': { px: '3' } }}>
                <Table.Header>
                  <Table.Row bg="bg.muted">
                    <Table.ColumnHeader w="10">
                      <PageCheckbox all={allOnPage} some={someOnPage} onToggle={togglePage} />
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>Order</Table.ColumnHeader>
                    <Table.ColumnHeader>Date</Table.ColumnHeader>
                    <Table.ColumnHeader>Customer</Table.ColumnHeader>
                    <Table.ColumnHeader>City</Table.ColumnHeader>
                    <Table.ColumnHeader>Payment</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Book</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {orders.map((order) => (
                    <Table.Row key={order.id} data-testid={`store-order-${order.name}`} data-selected={selected.has(order.id) || undefined}>
                      <Table.Cell><RowCheckbox order={order} checked={selected.has(order.id)} onToggle={toggle} /></Table.Cell>
                      <Table.Cell fontWeight="semibold" whiteSpace="nowrap">{order.name}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap" color="fg.muted">{formatDate(order.created_at, { timeZone })}</Table.Cell>
                      <Table.Cell maxW="56" truncate>{order.customer || '—'}</Table.Cell>
                      <Table.Cell>{order.city || '—'}</Table.Cell>
                      <Table.Cell><PaymentBadge status={order.financial_status} /></Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">{formatCurrency(order.total)}</Table.Cell>
                      <Table.Cell textAlign="end"><BookLink order={order} /></Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          <Flex justify="space-between" align="center" px="4" py="3" borderTopWidth="1px" borderColor="border.muted" gap="3">
            <Text textStyle="sm" color="fg.muted" data-testid="store-orders-page">Page {cursors.length + 1}</Text>
            <HStack gap="2">
              <Button size="sm" variant="outline" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))} data-testid="store-orders-previous">
                <LuChevronLeft /> Previous
              </Button>
              <Button size="sm" variant="outline" disabled={!data?.next} onClick={() => data?.next && setCursors((c) => [...c, data.next!])} data-testid="store-orders-next">
                Next <LuChevronRight />
              </Button>
            </HStack>
          </Flex>
        </Box>
      ) : null}
    </>
  );
}

function PageCheckbox({ all, some, onToggle }: { all: boolean; some: boolean; onToggle(): void }) {
  return (
    <Checkbox.Root
      size="sm" checked={all ? true : some ? 'indeterminate' : false} onCheckedChange={onToggle}
      aria-label="Select every order on this page" data-testid="store-orders-select-page"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function RowCheckbox({ order, checked, onToggle }: { order: StoreOrder; checked: boolean; onToggle(order: StoreOrder): void }) {
  const label = order.check_needed ? `${order.name} waits for a check with ${order.check_needed.courier}` : order.booking ? `${order.name} is booked` : `Select ${order.name}`;
  return (
    <Checkbox.Root
      size="sm" checked={checked} onCheckedChange={() => onToggle(order)} disabled={!selectable(order)}
      aria-label={label} data-testid={`store-order-select-${order.name}`} mt={{ base: '0.5', md: '0' }}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** Book, or for an order Dakiya booked its tracking number, leading to the booking's page. */
function BookLink({ order }: { order: StoreOrder }) {
  // the courier's answer to its booking was lost: its page asks a person what the courier shows
  if (order.check_needed) {
    return (
      <Button asChild size="xs" variant="subtle" colorPalette="orange" data-testid={`store-order-check-${order.name}`}>
        <Link to={withQuery(paths.dashboard.bookOrder(), { id: order.id })} title={`Check with ${order.check_needed.courier} whether it was booked`}>Needs a check</Link>
      </Button>
    );
  }
  if (order.booking) {
    const tracking = order.booking.tracking_number;
    return (
      <Button asChild size="xs" variant="ghost" colorPalette="brand" data-testid={`store-order-booking-${order.name}`}>
        <Link to={withQuery(paths.dashboard.postBooking(), { tracking })}>
          <Text as="span" color="fg.muted" fontWeight="normal">Booked:</Text>
          <Text as="span" fontFamily="mono">{tracking}</Text>
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild size="xs" variant="outline" data-testid={`store-order-book-${order.name}`}>
      <Link to={withQuery(paths.dashboard.bookOrder(), { id: order.id })}>Book</Link>
    </Button>
  );
}

const PAYMENT: Record<string, { label: string; palette: string }> = {
  PENDING: { label: 'COD', palette: 'orange' },
  PAID: { label: 'Paid', palette: 'green' },
  PARTIALLY_PAID: { label: 'Part paid', palette: 'yellow' },
  AUTHORIZED: { label: 'Authorized', palette: 'blue' },
};

function PaymentBadge({ status }: { status: string | null }) {
  const known = PAYMENT[status ?? ''];
  return <Badge colorPalette={known?.palette ?? 'gray'} variant="subtle">{known?.label ?? (status ? codeWords(status) : '—')}</Badge>;
}
