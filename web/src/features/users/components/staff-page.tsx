import { Badge, Box, Button, Center, HStack, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import type { StaffCounts, StaffRow } from '@dakiya/shared';
import { lazy, Suspense } from 'react';
import { LuList, LuRefreshCw, LuTriangleAlert } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { PageHeader } from '../../../components/ui/page-header';
import { PresetRangePicker, type ClosedRange } from '../../../components/ui/preset-range-picker';
import { TableSkeleton } from '../../../components/ui/skeletons';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { dayRangeLabel } from '../../../lib/days';
import { fullName } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { rangeFromSearch, searchOfRange, staffPresets, todayIn } from '../staff-range';
import { staffErrorMessage, UNCACHED } from '../use-staff-stats';
import { useApi } from '../../../lib/swr';
import { RoleBadge } from './role-badge';

const StaffChart = lazy(() => import('./staff-chart'));

export interface StaffPageProps {
  timeZone?: string;
}

/** Staff statistics keep no copy once their screen is left: a cache of their own, made with the screen. */
export function StaffPage(props: StaffPageProps) {
  return (
    <SWRConfig value={{ provider: () => new Map() }}>
      <StaffTablePage {...props} />
    </SWRConfig>
  );
}

/** The range of the query string (`bookingfrom`, `bookingto`), Today by default, and its setter. */
export function useStaffRange(timeZone: string | undefined) {
  const [search, setSearch] = useSearchParams();
  const today = todayIn(timeZone);
  const range = rangeFromSearch(search, today);
  const setRange = (next: ClosedRange) => setSearch((prev) => {
    const params = new URLSearchParams(prev);
    for (const [k, v] of Object.entries(searchOfRange(next))) params.set(k, v);
    return params;
  });
  return { range, setRange, presets: staffPresets(today) };
}

/** /dashboard/staff (spec 000 §2 "Staff members page", issue 24 §3). */
function StaffTablePage({ timeZone }: StaffPageProps) {
  const { range, setRange, presets } = useStaffRange(timeZone);
  const onError = useUnauthorizedOnly();
  const { data, error, isLoading, isValidating, mutate } = useApi('users.staffTable', { query: { start: range.start, end: range.end } }, { ...UNCACHED, onError });
  const chart = useApi('users.staffChart', { query: { start: range.start, end: range.end } }, { ...UNCACHED, onError });

  return (
    <>
      <PageHeader
        title="Staff members"
        subtitle="What each member booked in the range, by the day it was booked. Counts update as parcels move."
        backTo={paths.dashboard.users()}
        titleAddon={<Badge colorPalette="brand" variant="subtle" data-testid="staff-range-badge">{dayRangeLabel({ from: range.start, to: range.end })}</Badge>}
        actions={<PresetRangePicker label="Booking date" presets={presets} value={range} onChange={setRange} timeZone={timeZone} testId="staff-range" />}
      />
      {error ? (
        <Center py="16" data-testid="staff-error">
          <Stack align="center" gap="3" textAlign="center" maxW="md">
            <LuTriangleAlert size="28" aria-hidden />
            <Text fontWeight="medium" role="alert">{staffErrorMessage(error)}</Text>
            <Button size="sm" variant="outline" onClick={() => void mutate()} loading={isValidating} data-testid="staff-retry">
              <LuRefreshCw /> Try again
            </Button>
          </Stack>
        </Center>
      ) : isLoading || !data ? (
        <TableSkeleton rows={5} columns={5} />
      ) : (
        <Stack gap="6">
          <StaffTable rows={data.stats} former={data.former} totals={data.totals} range={data.range} />
          {chart.data && chart.data.points.length > 1 && (
            <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="4">
              <Text fontWeight="medium" mb="3">Bookings over the range</Text>
              <Suspense fallback={<Box h="240px" />}>
                <StaffChart points={chart.data.points} period={chart.data.period} />
              </Suspense>
            </Box>
          )}
        </Stack>
      )}
    </>
  );
}

function ordersLink(userId: string | undefined, range: ClosedRange): string {
  return withQuery(paths.dashboard.orders(), { bookedBy: userId, bookingfrom: range.start, bookingto: range.end });
}

function StaffTable({ rows, former, totals, range }: { rows: StaffRow[]; former?: StaffCounts; totals: StaffCounts; range: ClosedRange }) {
  const stats = (id: string) => withQuery(paths.dashboard.staffStats(id), searchOfRange(range));
  return (
    <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" boxShadow="xs" overflowX="auto">
      <Table.Root size="sm" data-testid="staff-table" data-range={`${range.start}..${range.end}`}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" title="Fulfilled, in process and delivered">Booked</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" title="Cancelled and returned (RTS)">Cancelled</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            <Table.ColumnHeader><Text srOnly>Orders</Text></Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row._id} data-testid={`staff-row-${row._id}`}>
              <Table.Cell>
                <ChakraLink asChild colorPalette="brand" fontWeight="medium"><Link to={stats(row._id)}>{fullName(row) || 'Unnamed member'}</Link></ChakraLink>
                {row.tag && <Text textStyle="xs" color="fg.muted">{row.tag}</Text>}
              </Table.Cell>
              <Table.Cell><RoleBadge role={row.role} /></Table.Cell>
              <Table.Cell textAlign="end" data-testid="staff-booked">{row.booked}</Table.Cell>
              <Table.Cell textAlign="end" data-testid="staff-cancelled">{row.cancelledTotal}</Table.Cell>
              <Table.Cell textAlign="end" fontWeight="medium" data-testid="staff-total">{row.total}</Table.Cell>
              <Table.Cell textAlign="end">
                <Button asChild size="xs" variant="ghost" aria-label={`Orders booked by ${fullName(row)}`}>
                  <Link to={ordersLink(row._id, range)}><LuList /> Orders</Link>
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
          {former && (
            <Table.Row data-testid="staff-row-former" color="fg.muted">
              <Table.Cell colSpan={2}>Former members<Text textStyle="xs">Booked by people no longer in the shop</Text></Table.Cell>
              <Table.Cell textAlign="end" data-testid="staff-booked">{former.booked}</Table.Cell>
              <Table.Cell textAlign="end" data-testid="staff-cancelled">{former.cancelledTotal}</Table.Cell>
              <Table.Cell textAlign="end" data-testid="staff-total">{former.total}</Table.Cell>
              <Table.Cell />
            </Table.Row>
          )}
        </Table.Body>
        <Table.Footer>
          <Table.Row data-testid="staff-totals" fontWeight="semibold">
            <Table.Cell colSpan={2}>Total</Table.Cell>
            <Table.Cell textAlign="end" data-testid="staff-booked">{totals.booked}</Table.Cell>
            <Table.Cell textAlign="end" data-testid="staff-cancelled">{totals.cancelledTotal}</Table.Cell>
            <Table.Cell textAlign="end" data-testid="staff-total">{totals.total}</Table.Cell>
            <Table.Cell textAlign="end">
              <Button asChild size="xs" variant="ghost" aria-label="All orders booked in the range">
                <Link to={ordersLink(undefined, range)}><LuList /> Orders</Link>
              </Button>
            </Table.Cell>
          </Table.Row>
        </Table.Footer>
      </Table.Root>
      {rows.length === 0 && <HStack p="4"><Text color="fg.muted">No staff members yet.</Text></HStack>}
    </Box>
  );
}
