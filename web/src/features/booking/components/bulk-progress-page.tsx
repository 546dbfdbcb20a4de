import { Alert, Badge, Box, Button, Grid, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { BulkRow } from '@dakiya/shared';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { LuArrowRight, LuWifiOff } from 'react-icons/lu';
import { Link, useParams } from 'react-router-dom';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { paths, withQuery } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { PrintButtons } from './print-buttons';
import { bulkFreshness, doneLine, outcomeCounts, POLL_MS, progressOf, progressTone, rowAction, rowLabel } from '../bulk';

/**
 * /dashboard/bulk/{jobId}: where a bulk booking stands, read from the job's own records on the server,
 * so closing the tab loses nothing: opening the address again (or the store-orders page's link) shows it.
 */
export function BulkProgressPage({ timeZone }: { timeZone?: string }) {
  const { job_id: jobId = '' } = useParams();
  const onError = useUnauthorizedOnly();
  const online = useOnline();
  const [lastUpdated, setLastUpdated] = useState<Date | null>(null);
  const { data, error, isValidating, mutate } = useApi('booking.bulkProgress', { params: { jobId } }, {
    onError,
    // every answer, even one that changed nothing (SWR keeps the same data then)
    onSuccess: () => setLastUpdated(new Date()),
    // asks again while the job runs, and stops once every order has its outcome
    refreshInterval: (latest) => (latest && latest.status === 'done' ? 0 : POLL_MS),
    // SWR's interval refresh is deduplicated: under the app's 60 s deduping window it would ask once a minute
    dedupingInterval: POLL_MS / 2,
  });
  const booked = (data?.rows ?? []).flatMap((row) => (row.state === 'booked' && row.tracking_number ? [row.tracking_number] : []));
  const progress = data ? progressOf(data) : null;
  const tone = data ? progressTone(data) : null;
  const counts = data ? outcomeCounts(data) : null;
  const running = data ? data.status !== 'done' : false;
  const freshness = bulkFreshness({ running, online, lastAskFailed: !!error, lastUpdated, timeZone });

  return (
    <Box maxW="5xl">
      <PageHeader
        title="Bulk booking"
        subtitle={data ? (running ? 'Booking your orders. You can close this page: the booking goes on.' : 'Every order has its outcome.') : undefined}
        backTo={paths.dashboard.storeOrders()}
      />
      {error && !data && <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} mb="4" testId="bulk-error" instead={{ to: paths.dashboard.storeOrders(), label: 'Book orders' }} />}
      {!data || !progress ? (
        !error && <PageSkeleton />
      ) : (
        <Stack gap="5">
          <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '6' }} boxShadow="xs">
            <Stack gap="3">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="semibold" textStyle="lg" data-testid="bulk-count">{doneLine(progress.done, data.total)}</Text>
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette="green" size="lg" data-testid="bulk-booked">{data.booked} booked</Badge>
                  {counts!.bookedBefore > 0 && <Badge colorPalette="blue" size="lg" data-testid="bulk-booked-before">{counts!.bookedBefore} booked before</Badge>}
                  {counts!.prepaid > 0 && <Badge colorPalette="gray" size="lg" data-testid="bulk-prepaid">{counts!.prepaid} prepaid left out</Badge>}
                  {counts!.notBooked > 0 && <Badge colorPalette="red" size="lg" data-testid="bulk-failed">{counts!.notBooked} not booked</Badge>}
                  {data.check > 0 && <Badge colorPalette="orange" size="lg" data-testid="bulk-check">{data.check} to check</Badge>}
                </HStack>
              </HStack>
              {freshness.stale && (
                <Alert.Root status="warning" borderRadius="lg" alignItems="center" flexWrap="wrap" rowGap="2" data-testid="bulk-offline">
                  <Alert.Indicator><LuWifiOff /></Alert.Indicator>
                  <Alert.Description flex="1" minW="48" data-testid="bulk-offline-message">{freshness.message}</Alert.Description>
                  {online && (
                    <Button size="sm" variant="outline" bg="bg" loading={isValidating} onClick={() => void mutate()} data-testid="bulk-offline-retry">Try again</Button>
                  )}
                </Alert.Root>
              )}
              <Progress.Root
                value={progress.percent} colorPalette={tone!.palette} size="lg" striped={running} animated={running && !freshness.stale}
                data-testid="bulk-progress" data-percent={progress.percent} data-tone={tone!.palette}
              >
                {/* the theme's orange.solid is dark enough for white text, and read as red on a bar: a lighter orange tells the mixed state apart */}
                <Progress.Track borderRadius="full"><Progress.Range bg={tone!.palette === 'orange' ? 'orange.400' : undefined} /></Progress.Track>
              </Progress.Root>
              {tone!.summary && <Text textStyle="sm" fontWeight="medium" data-testid="bulk-summary">{tone!.summary}</Text>}
              {data.check > 0 && (
                <Text textStyle="sm" color="fg.muted">
                  The courier did not say whether these were booked: check with the courier before booking them again, so no parcel is booked twice.
                  {' '}Open the check of each to say what the courier shows.
                </Text>
              )}
            </Stack>
          </Box>
          <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" boxShadow="xs">
            {/* a grid, not a table: on a phone each row stacks (order and outcome, then the reason) so nothing scrolls sideways */}
            <Grid templateColumns={COLUMNS} gap="4" px="4" py="2" bg="bg.muted" display={{ base: 'none', md: 'grid' }} textStyle="sm" fontWeight="medium" aria-hidden>
              <Text>Order</Text>
              <Text>Outcome</Text>
              <Text>Tracking number or reason</Text>
            </Grid>
            <Box as="ul" listStyleType="none" m="0" p="0" data-testid="bulk-rows">
              {data.rows.map((row) => <Row key={row.order_id} row={row} stale={freshness.stale} />)}
            </Box>
          </Box>
          {!running && (
            <HStack justify="flex-end" wrap="wrap">
              {booked.length > 0 && (
                <PrintButtons trackingNumbers={booked} billsLabel="Print the airway bills of the booked ones" labelsLabel="Couriers' own labels" testId="bulk" />
              )}
              <Button asChild variant="outline"><Link to={paths.dashboard.storeOrders()}>Back to store orders <LuArrowRight /></Link></Button>
            </HStack>
          )}
        </Stack>
      )}
    </Box>
  );
}

const COLUMNS = { base: 'minmax(0, 1fr) auto', md: '9rem 11rem minmax(0, 1fr)' };

/** Whether the browser has a connection (it says so at once; a failed ask says the rest). */
function useOnline(): boolean {
  const subscribe = useCallback((changed: () => void) => {
    window.addEventListener('online', changed);
    window.addEventListener('offline', changed);
    return () => {
      window.removeEventListener('online', changed);
      window.removeEventListener('offline', changed);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

function Row({ row, stale }: { row: BulkRow; stale: boolean }) {
  const label = rowLabel(row.state, stale, row.reason);
  const action = rowAction(row);
  const name = row.order_name || row.order_id;
  return (
    <Grid
      as="li" templateColumns={COLUMNS} columnGap="4" rowGap="1.5" px="4" py="2.5" alignItems="center"
      borderTopWidth="1px" borderColor="border.muted" _first={{ borderTopWidth: '0' }}
      data-testid={`bulk-row-${name}`} data-state={row.state}
    >
      <Text fontWeight="semibold" textStyle="sm" overflowWrap="anywhere">{name}</Text>
      <Box justifySelf={{ base: 'end', md: 'start' }}><Badge colorPalette={label.palette} variant="subtle">{label.label}</Badge></Box>
      <Box gridColumn={{ base: '1 / -1', md: 'auto' }} minW="0" data-testid={`bulk-detail-${name}`}>
        {row.state === 'booked' && row.tracking_number ? (
          <Link to={withQuery(paths.dashboard.postBooking(), { tracking: row.tracking_number })} data-testid={`bulk-link-${name}`}>
            <Text as="span" fontFamily="mono" color="brand.fg" textDecoration="underline" overflowWrap="anywhere">{row.tracking_number}</Text>
          </Link>
        ) : row.state === 'failed' ? (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ base: 'flex-start', sm: 'center' }}>
            <Text color="fg.muted" textStyle="sm" overflowWrap="anywhere">{row.message}</Text>
            {action === 'plans' ? (
              <Button asChild size="xs" variant="outline" flexShrink="0" data-testid={`bulk-plans-${name}`}><Link to={paths.dashboard.plans()}>See plans</Link></Button>
            ) : action === 'booking' ? (
              <Button asChild size="xs" variant="outline" flexShrink="0" data-testid={`bulk-booking-${name}`}>
                <Link to={withQuery(paths.dashboard.postBooking(), { tracking: row.tracking_number! })}>Open the booking</Link>
              </Button>
            ) : action === 'book-alone' ? (
              <Button asChild size="xs" variant="outline" flexShrink="0" data-testid={`bulk-alone-${name}`}><Link to={withQuery(paths.dashboard.bookOrder(), { id: row.order_id })}>Book on its own</Link></Button>
            ) : null}
          </Stack>
        ) : action === 'check' ? (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ base: 'flex-start', sm: 'center' }}>
            <Text color="fg.muted" textStyle="sm" overflowWrap="anywhere">{row.message}</Text>
            <Button asChild size="xs" variant="outline" flexShrink="0" data-testid={`bulk-check-${name}`}>
              <Link to={withQuery(paths.dashboard.bookOrder(), { id: row.order_id })}>Open the check</Link>
            </Button>
          </Stack>
        ) : (
          <Text color="fg.muted" textStyle="sm" overflowWrap="anywhere">{row.message ?? '—'}</Text>
        )}
      </Box>
    </Grid>
  );
}
