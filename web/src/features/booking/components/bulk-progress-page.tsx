import { Badge, Box, Button, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import type { BulkRow } from '@dakiya/shared';
import { LuArrowRight } from 'react-icons/lu';
import { Link, useParams } from 'react-router-dom';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { paths, withQuery } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { POLL_MS, progressOf, ROW_LABELS } from '../bulk';

/**
 * /dashboard/bulk/{jobId}: where a bulk booking stands, read from the job's own records on the server,
 * so closing the tab loses nothing: opening the address again (or the store-orders page's link) shows it.
 */
export function BulkProgressPage() {
  const { job_id: jobId = '' } = useParams();
  const onError = useUnauthorizedOnly();
  const { data, error, isValidating, mutate } = useApi('booking.bulkProgress', { params: { jobId } }, {
    onError,
    // asks again while the job runs, and stops once every order has its outcome
    refreshInterval: (latest) => (latest && latest.status === 'done' ? 0 : POLL_MS),
  });
  const progress = data ? progressOf(data) : null;
  const running = data ? data.status !== 'done' : false;

  return (
    <Box maxW="5xl">
      <PageHeader
        title="Bulk booking"
        subtitle={data ? (running ? 'Booking your orders. You can close this page: the booking goes on.' : 'Every order has its outcome.') : undefined}
        backTo={paths.dashboard.storeOrders()}
      />
      {error && <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} mb="4" testId="bulk-error" />}
      {!data || !progress ? (
        !error && <PageSkeleton />
      ) : (
        <Stack gap="5">
          <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '6' }} boxShadow="xs">
            <Stack gap="3">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="semibold" textStyle="lg" data-testid="bulk-count">{progress.done} of {data.total} orders done</Text>
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette="green" size="lg" data-testid="bulk-booked">{data.booked} booked</Badge>
                  {data.failed > 0 && <Badge colorPalette="red" size="lg" data-testid="bulk-failed">{data.failed} not booked</Badge>}
                  {data.check > 0 && <Badge colorPalette="orange" size="lg" data-testid="bulk-check">{data.check} to check</Badge>}
                </HStack>
              </HStack>
              <Progress.Root value={progress.percent} colorPalette={running ? 'brand' : data.failed + data.check > 0 ? 'orange' : 'green'} size="lg" striped={running} animated={running} data-testid="bulk-progress" data-percent={progress.percent}>
                <Progress.Track borderRadius="full"><Progress.Range /></Progress.Track>
              </Progress.Root>
              {data.check > 0 && (
                <Text textStyle="sm" color="fg.muted">
                  The courier did not say whether these were booked: check with the courier before booking them again, so no parcel is booked twice.
                </Text>
              )}
            </Stack>
          </Box>
          <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" boxShadow="xs">
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="bulk-rows" css={{ '& td, & th': { px: '4' } }}>
                <Table.Header>
                  <Table.Row bg="bg.muted">
                    <Table.ColumnHeader>Order</Table.ColumnHeader>
                    <Table.ColumnHeader>Outcome</Table.ColumnHeader>
                    <Table.ColumnHeader>Tracking number or reason</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>{data.rows.map((row) => <Row key={row.order_id} row={row} />)}</Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Box>
          {!running && (
            <HStack justify="flex-end">
              <Button asChild variant="outline"><Link to={paths.dashboard.storeOrders()}>Back to store orders <LuArrowRight /></Link></Button>
            </HStack>
          )}
        </Stack>
      )}
    </Box>
  );
}

function Row({ row }: { row: BulkRow }) {
  const label = ROW_LABELS[row.state];
  return (
    <Table.Row data-testid={`bulk-row-${row.order_name || row.order_id}`} data-state={row.state}>
      <Table.Cell fontWeight="semibold" whiteSpace="nowrap">{row.order_name || row.order_id}</Table.Cell>
      <Table.Cell><Badge colorPalette={label.palette} variant="subtle">{label.label}</Badge></Table.Cell>
      <Table.Cell>
        {row.tracking_number ? (
          <Link to={withQuery(paths.dashboard.postBooking(), { tracking: row.tracking_number })} data-testid={`bulk-link-${row.order_name || row.order_id}`}>
            <Text as="span" fontFamily="mono" color="brand.fg" textDecoration="underline">{row.tracking_number}</Text>
          </Link>
        ) : row.state === 'failed' ? (
          <HStack gap="3" wrap="wrap">
            <Text color="fg.muted" textStyle="sm">{row.message}</Text>
            <Button asChild size="xs" variant="outline"><Link to={withQuery(paths.dashboard.bookOrder(), { id: row.order_id })}>Book on its own</Link></Button>
          </HStack>
        ) : (
          <Text color="fg.muted" textStyle="sm">{row.message ?? '—'}</Text>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
