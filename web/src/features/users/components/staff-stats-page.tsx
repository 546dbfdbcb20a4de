import { Box, Button, Center, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { StaffCounts } from '@dakiya/shared';
import { lazy, Suspense } from 'react';
import { LuList, LuRefreshCw, LuTriangleAlert } from 'react-icons/lu';
import { Link, useParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { PageHeader } from '../../../components/ui/page-header';
import { PresetRangePicker } from '../../../components/ui/preset-range-picker';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { dayRangeLabel } from '../../../lib/days';
import { fullName } from '../../../lib/format';
import { paths, withQuery } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { searchOfRange } from '../staff-range';
import { staffErrorMessage, UNCACHED } from '../use-staff-stats';
import { RoleBadge } from './role-badge';
import { useStaffRange } from './staff-page';

const StaffChart = lazy(() => import('./staff-chart'));

const CARDS: { key: keyof StaffCounts; label: string; help?: string }[] = [
  { key: 'total', label: 'Total' },
  { key: 'booked', label: 'Booked', help: 'Fulfilled, in process and delivered' },
  { key: 'cancelledTotal', label: 'Cancelled or returned', help: 'The staff table\'s Cancelled column' },
  { key: 'fulfilled', label: 'Fulfilled' },
  { key: 'inprocess', label: 'In process' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'rts', label: 'Returned (RTS)' },
];

export function StaffStatsPage({ timeZone }: { timeZone?: string }) {
  return (
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemberStats timeZone={timeZone} />
    </SWRConfig>
  );
}

/** /dashboard/staff/{user_id}/stats: one member's counts and a chart over the range (issue 24 §3). */
function MemberStats({ timeZone }: { timeZone?: string }) {
  const { user_id: id = '' } = useParams();
  const { range, setRange, presets } = useStaffRange(timeZone);
  const onError = useUnauthorizedOnly();
  const counts = useApi('users.staffCount', { params: { id }, query: { from: range.start, to: range.end } }, { ...UNCACHED, onError });
  const chart = useApi('users.staffMemberChart', { params: { id }, query: { start: range.start, end: range.end } }, { ...UNCACHED, onError });
  const all = useApi('users.staffAllCounts', { params: { id } }, { ...UNCACHED, onError });
  const user = counts.data?.user ?? all.data?.user;
  const error = counts.error ?? chart.error;

  return (
    <>
      <PageHeader
        title={user ? fullName(user) : 'Staff member'}
        subtitle={<>Bookings by the day they were booked, {dayRangeLabel({ from: range.start, to: range.end })}.</>}
        backTo={withQuery(paths.dashboard.staff(), searchOfRange(range))}
        titleAddon={user && <RoleBadge role={user.role} />}
        actions={
          <>
            <Button asChild size="sm" variant="outline" data-testid="staff-member-orders">
              <Link to={withQuery(paths.dashboard.orders(), { bookedBy: id, bookingfrom: range.start, bookingto: range.end })}><LuList /> Orders</Link>
            </Button>
            <PresetRangePicker label="Booking date" presets={presets} value={range} onChange={setRange} timeZone={timeZone} testId="staff-range" />
          </>
        }
      />
      {error ? (
        <Center py="16" data-testid="staff-error">
          <Stack align="center" gap="3" textAlign="center" maxW="md">
            <LuTriangleAlert size="28" aria-hidden />
            <Text fontWeight="medium" role="alert">{staffErrorMessage(error)}</Text>
            <Button size="sm" variant="outline" onClick={() => { void counts.mutate(); void chart.mutate(); }} data-testid="staff-retry">
              <LuRefreshCw /> Try again
            </Button>
          </Stack>
        </Center>
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="staff-member-counts">
            {CARDS.map((card) => (
              <Stack key={card.key} gap="1" bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="4" data-testid={`staff-count-${card.key}`}>
                <Text textStyle="sm" color="fg.muted">{card.label}</Text>
                {counts.data ? <Text textStyle="2xl" fontWeight="semibold" data-testid="value">{counts.data.counts[card.key]}</Text> : <Skeleton height="8" width="12" />}
                {card.help && <Text textStyle="xs" color="fg.muted">{card.help}</Text>}
              </Stack>
            ))}
          </SimpleGrid>
          <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="4">
            <Text fontWeight="medium" mb="3">Bookings per {chart.data?.period === 'MONTH' ? 'month' : 'day'}</Text>
            {chart.data ? (
              <Suspense fallback={<Skeleton height="240px" />}>
                <StaffChart points={chart.data.points} period={chart.data.period} />
              </Suspense>
            ) : <Skeleton height="240px" />}
          </Box>
          {all.data && (
            <Text color="fg.muted" textStyle="sm" data-testid="staff-all-time">
              Since they joined: {all.data.counts.total} bookings, {all.data.counts.booked} booked and {all.data.counts.cancelledTotal} cancelled or returned.
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}
