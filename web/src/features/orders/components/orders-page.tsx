import { Alert, Badge, Box, Button, Flex, HStack, Input, InputGroup, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import type { OrderRow } from '@dakiya/shared';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { LuDownload, LuFilter, LuPackageSearch, LuSearch, LuSearchX, LuTriangleAlert, LuUpload } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { TableSkeleton } from '../../../components/ui/skeletons';
import { useDebouncedDraft } from '../../../hooks/use-debounced-draft';
import { paths } from '../../../lib/paths';
import { usePrintBills } from '../../../lib/print-bills';
import { useMembers } from '../api/use-members';
import { useOrders } from '../api/use-orders';
import { pagerOf, pastTheEnd, rowKey } from '../order-row';
import { apiQueryOf, chipsOf, listKey, pageOf, searchText, withChange, withNothing, withoutFilters, withPage, type FilterPatch } from '../orders-view';
import { useCancelBookings } from '../use-cancel-bookings';
import { useViewAddress } from '../use-view-address';
import { FilterChips } from './filter-chips';
import { FiltersPanel } from './filters-panel';
import { OrderCards } from './order-cards';
import { OrdersPager } from './orders-pager';
import { OrdersTable } from './orders-table';
import { printableOf, SelectionBar } from './selection-bar';
import { LoadSheetMenu } from './load-sheet-menu';
import { TrackingModal } from './tracking-modal';
import { ExportModal } from './export-modal';

export interface OrdersPageProps {
  /** WRITE_ORDERS (an ADMIN has it): Cancel, on a row and for a selection. */
  canCancel: boolean;
  /** BOOK_ORDERS: the empty list offers the way to book; 'Load sheet' for an account's rider. */
  canBook: boolean;
  /** UPDATE_ORDERS: Import, 'Update payment status by CSV'. */
  canImport: boolean;
  /** EXPORT_ORDERS: the Export button (the modal says so when the plan is free). */
  canExport?: boolean;
  timeZone?: string;
}

// papaparse and the modal load only when a person opens Import
const ImportModal = lazy(async () => ({ default: (await import('./import-modal')).ImportModal }));

const SEARCH_PLACEHOLDER = "Search by order id, tracking number, destination city, status and type, e.g. 'merged'";

/** /dashboard/orders (spec §2 "Orders list"): every booking of the shop, searched, filtered and paged; a row opens its tracking. */
export function OrdersPage({ canCancel, canBook, canImport, canExport = false, timeZone }: OrdersPageProps) {
  // every change of the address builds on the newest one asked for (a cleared search stays cleared)
  const [params, setParams] = useViewAddress();
  const api = apiQueryOf(params);
  const page = pageOf(api);
  const { data, error, isLoading, isValidating, mutate } = useOrders(api);
  const members = useMembers();
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const chips = chipsOf(api, members.names);
  // open where filters are applied, except on a phone, where the panel would push the orders off the screen
  const [filtersOpen, setFiltersOpen] = useState(() => !compact && chips.some((c) => c.id !== 'attention'));
  const [selected, setSelected] = useState<Map<string, OrderRow>>(new Map());
  const bills = usePrintBills();
  const [sheetError, setSheetError] = useState<string | null>(null);
  const [sheetNote, setSheetNote] = useState<string | null>(null);
  const [opened, setOpened] = useState<OrderRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const refresh = () => void mutate();
  const cancelling = useCancelBookings(refresh);

  // a change of the view replaces the address (typing would otherwise fill the history); a page move is a step back can undo
  const change = (patch: FilterPatch) => setParams((prev) => withChange(prev, patch), { replace: true });
  const search = useDebouncedDraft(api.query ?? '', (query) => change({ query: query || undefined }), { normalise: searchText });

  // where the list pages by cursor, the cursor of each page seen, so Previous needs no second walk
  const cursors = useRef(new Map<string, Map<number, string>>());
  const key = listKey(api);
  const seen = cursors.current.get(key) ?? new Map<number, string>();
  cursors.current.set(key, seen);
  if (api.cursor) seen.set(page, api.cursor);
  const goTo = (target: number, cursor?: string) => {
    if (cursor) seen.set(target, cursor);
    setParams((prev) => withPage(prev, target, cursor));
    window.scrollTo({ top: 0 });
  };
  const previous = () => {
    const cursor = seen.get(page - 1);
    goTo(page - 1 <= 1 || cursor ? page - 1 : 1, cursor);
  };

  const rows = error ? null : data?.data ?? null;
  const past = data && !error ? pastTheEnd(data) : null;
  // a deep page named by number (a link typed by hand) where the list can only be walked by cursor
  const byCursorOnly = !!data && !error && data.totalIsLowerBound && page > 1 && !api.cursor;
  const pager = data && !error ? pagerOf(data, !!api.cursor) : null;
  const selection = useMemo(() => [...selected.values()], [selected]);
  const toggle = (row: OrderRow) => setSelected((current) => {
    const next = new Map(current);
    if (!next.delete(rowKey(row))) next.set(rowKey(row), row);
    return next;
  });
  const togglePage = () => setSelected((current) => {
    const next = new Map(current);
    const all = (rows ?? []).every((r) => next.has(rowKey(r)));
    for (const row of rows ?? []) {
      if (all) next.delete(rowKey(row)); else next.set(rowKey(row), row);
    }
    return next;
  });
  const cancelSelected = async () => {
    const done = await cancelling.cancelMany(selection);
    if (done.length) setSelected((current) => new Map([...current].filter(([, row]) => !done.includes(row.tracking_number ?? ''))));
  };
  const filtering = chips.length > 0 || !!api.query;
  const attention = api.attention === 'true';
  const finalError = api.cursor
    ? { to: `${paths.dashboard.orders()}?${withPage(params, 1)}`, label: 'Back to the first page' }
    : { to: `${paths.dashboard.orders()}?${withNothing(params)}`, label: 'Clear search and filters' };

  return (
    // room below the list for the selection bar, taller on a phone where its buttons wrap
    <Box pb={selection.length ? { base: '44', md: '24' } : undefined}>
      <PageHeader
        title="Orders"
        subtitle="Every parcel your store booked through Dakiya. Click an order to see where it is."
        backTo={paths.dashboard.home()}
        actions={(
          <HStack gap="2" wrap="wrap">
            {canImport && (
              <Button variant="outline" size="sm" onClick={() => setImportOpen(true)} data-testid="orders-import">
                <LuUpload aria-hidden /> Import
              </Button>
            )}
            {canExport && (
              <Button variant="outline" size="sm" onClick={() => setExporting(true)} data-testid="orders-export">
                <LuDownload aria-hidden /> Export
              </Button>
            )}
            {canBook && <LoadSheetMenu onError={setSheetError} onNote={setSheetNote} />}
            <RefreshButton onRefresh={refresh} refreshing={isValidating && !isLoading} testId="orders-refresh" />
          </HStack>
        )}
      />

      <Stack gap="3" mb="4">
        <Flex gap="2" wrap={{ base: 'wrap', md: 'nowrap' }}>
          <InputGroup startElement={<LuSearch />} flex="1" minW={{ base: 'full', md: '0' }}>
            <Input
              value={search.draft}
              onChange={(e) => search.setDraft(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') search.flush(); }}
              placeholder={compact ? 'Order id, tracking number, city, status…' : SEARCH_PLACEHOLDER}
              aria-label="Search orders"
              bg="bg"
              data-testid="orders-search"
            />
          </InputGroup>
          <Button
            variant={attention ? 'solid' : 'outline'}
            colorPalette={attention ? 'orange' : undefined}
            bg={attention ? undefined : 'bg'}
            aria-pressed={attention}
            onClick={() => change({ attention: attention ? undefined : 'true' })}
            flex={{ base: '1', md: 'none' }}
            data-testid="orders-attention"
          >
            <LuTriangleAlert aria-hidden /> Needs attention
          </Button>
          <Button
            variant={filtersOpen ? 'subtle' : 'outline'}
            bg={filtersOpen ? undefined : 'bg'}
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            aria-controls="orders-filters"
            flex={{ base: '1', md: 'none' }}
            data-testid="orders-filters-toggle"
          >
            <LuFilter aria-hidden /> Filters
            {chips.length > 0 && <Badge colorPalette="brand" variant="solid" size="sm" borderRadius="full">{chips.length}</Badge>}
          </Button>
        </Flex>
        {filtersOpen && (
          <Box id="orders-filters">
            <FiltersPanel
              api={api}
              change={change}
              members={{ members: members.members, loading: members.isLoading, failed: !!members.error, retry: members.retry }}
              timeZone={timeZone}
            />
          </Box>
        )}
        <FilterChips chips={chips} change={change} clearAll={() => setParams((prev) => withoutFilters(prev), { replace: true })} />
      </Stack>

      {error && <LoadErrorAlert error={error} onRetry={refresh} retrying={isValidating} mb="4" testId="orders-error" instead={finalError} />}

      {!rows ? (
        !error && <TableSkeleton rows={8} columns={8} />
      ) : byCursorOnly ? (
        <EmptyState
          testId="orders-cursor-only"
          icon={<LuPackageSearch />}
          title={`Page ${page} opens only with Next`}
          description="For these filters Dakiya reads your orders a page at a time, so it cannot jump to a page by its number."
        >
          <Button variant="outline" size="sm" onClick={() => goTo(1)} data-testid="orders-cursor-only-go">Go to the first page</Button>
        </EmptyState>
      ) : past ? (
        <EmptyState
          testId="orders-past-end"
          icon={<LuPackageSearch />}
          title={`Page ${page} is past the end of this list`}
          description={api.cursor ? 'The list ended on the page before.' : past.lastPage > 1 ? `These orders fit on ${past.lastPage} pages now.` : 'These orders fit on one page now.'}
        >
          {/* a walked list's page before is reached by its cursor, not by its number */}
          <Button variant="outline" size="sm" onClick={() => (api.cursor ? previous() : goTo(past.lastPage))} data-testid="orders-past-end-go">
            {api.cursor ? `Back to page ${page - 1}` : past.lastPage > 1 ? `Go to page ${past.lastPage}` : 'Go to the first page'}
          </Button>
        </EmptyState>
      ) : rows.length === 0 && pager?.kind === 'cursor' && pager.next ? (
        <EmptyState
          testId="orders-keep-looking"
          icon={<LuPackageSearch />}
          title="None found in this stretch"
          description="For these filters Dakiya reads your orders a few hundred at a time. Look further to read the next ones."
        >
          <Button variant="outline" size="sm" onClick={() => goTo(page + 1, pager.next!)} data-testid="orders-keep-looking-next">Look further</Button>
        </EmptyState>
      ) : rows.length === 0 ? (
        filtering ? (
          <EmptyState
            testId="orders-empty"
            icon={<LuSearchX />}
            title={attention && chips.length === 1 && !api.query ? 'Nothing needs your attention' : 'No orders match'}
            description={attention && chips.length === 1 && !api.query ? 'Cancellations in Shopify, bookings to check with a courier and stuck parcels show here.' : 'Try other words, or remove a filter.'}
          >
            <Button variant="outline" size="sm" onClick={() => setParams((prev) => withNothing(prev), { replace: true })} data-testid="orders-reset">
              Clear search and filters
            </Button>
          </EmptyState>
        ) : (
          <EmptyState testId="orders-empty" icon={<LuPackageSearch />} title="No orders booked yet" description="Orders you book with a courier appear here, with their status.">
            {canBook && (
              <Button asChild colorPalette="brand" size="sm">
                <Link to={paths.dashboard.storeOrders()}>Book orders</Link>
              </Button>
            )}
          </EmptyState>
        )
      ) : (
        <Box
          bg="app.surface"
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="xl"
          boxShadow="xs"
          overflow="hidden"
          aria-busy={isValidating}
          opacity={isValidating && !isLoading ? 0.65 : 1}
          transition="opacity 0.15s"
        >
          {(() => {
            const props = {
              rows, now: new Date(), timeZone, selectable: canCancel, selected: new Set(selected.keys()), onToggle: toggle, onTogglePage: togglePage,
              canCancel, cancelling: cancelling.busy?.tracking, onCancel: (row: OrderRow) => void cancelling.cancelOne(row), onOpen: setOpened,
            };
            return compact ? <OrderCards {...props} /> : <OrdersTable {...props} />;
          })()}
          {pager && (
            <Box borderTopWidth="1px" borderColor="border.muted">
              <OrdersPager pager={pager} rows={rows.length} onPage={goTo} onPrevious={previous} compact={compact} current={page} loading={isValidating} />
            </Box>
          )}
        </Box>
      )}

      {rows && rows.length > 0 && !compact && (
        <Text textStyle="xs" color="fg.muted" mt="2">Dates are in your store&apos;s time zone{timeZone ? ` (${timeZone})` : ''}.</Text>
      )}

      {canCancel && (
        <SelectionBar
          selected={selection}
          onClear={() => setSelected(new Map())}
          canCancel={canCancel}
          onCancel={() => void cancelSelected()}
          progress={cancelling.busy && cancelling.busy.of > 1 ? cancelling.busy : null}
          onPrint={(labels) => void bills.print(printableOf(selection), labels)}
          printing={bills.printing}
        />
      )}
      {bills.error && (
        <Alert.Root status="error" mt="3" data-testid="orders-print-error">
          <Alert.Indicator />
          <Alert.Title>{bills.error}</Alert.Title>
        </Alert.Root>
      )}
      {sheetError && (
        <Alert.Root status="error" mt="3" data-testid="orders-load-sheet-error">
          <Alert.Indicator />
          <Alert.Title>{sheetError}</Alert.Title>
        </Alert.Root>
      )}
      {sheetNote && (
        <Alert.Root status="warning" mt="3" data-testid="orders-load-sheet-note">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{sheetNote}</Alert.Title>
            <Alert.Description>Dakiya's sheet lists the same parcels, their COD and lines to sign: the rider can take it instead.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {importOpen && (
        <Suspense fallback={null}>
          <ImportModal onClose={() => setImportOpen(false)} onChanged={refresh} />
        </Suspense>
      )}

      <TrackingModal
        trackingNumber={opened?.tracking_number ?? null}
        listedStatus={opened?.booked_packet_status ?? null}
        onMoved={refresh}
        onClose={() => setOpened(null)}
        timeZone={timeZone}
        orderId={opened?.kind === 'booking' ? opened._id : undefined}
        orderName={opened?.order_name}
        canEmail={canCancel}
        attention={opened?.attention}
      />
      {exporting && (
        <ExportModal
          query={api}
          total={data && !error ? data.totalOrders : null}
          totalIsLowerBound={!!data?.totalIsLowerBound}
          timeZone={timeZone}
          onClose={() => setExporting(false)}
        />
      )}
    </Box>
  );
}
