import { Box, Button, Field, Grid, HStack, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { COURIER_DEFINITIONS } from '@dakiya/shared/couriers';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DateRangeField } from '../../../components/ui/date-range-field';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { SectionCard } from '../../../components/ui/section-card';
import { formatCurrency } from '../../../lib/format';
import { useDashboard, useScorecard } from '../api/use-dashboard';
import { ATTENTION_LINK, CARDS, chipsOf, dashboardQueryOf, ordersLinkOf, stuckLine, todayIn, withRange, withValue } from '../dashboard-view';
import { ScorecardTable } from './scorecard-table';

// recharts is most of the charts' weight: its own chunk, after the cards
const DashboardCharts = lazy(async () => ({ default: (await import('./dashboard-charts')).DashboardCharts }));

export interface DashboardPageProps {
  timeZone?: string;
}

/** /dashboard (spec §2 "Dashboard"): a card per metric and Total orders over a range kept in the address, charts and the courier scorecard. */
export function DashboardPage({ timeZone }: DashboardPageProps) {
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const query = dashboardQueryOf(params, today);
  const { data: last, error, isLoading, isValidating, mutate } = useDashboard(query);
  // the last view's numbers stay while the next loads, never beside a failure (they would read as the new view's)
  const data = error ? undefined : last;
  // the scorecard wants more parcels than a week holds: the last 90 days unless a booking range is chosen
  const scorecardQuery = params.get('bookingfrom') || params.get('bookingto')
    ? { from: query.bookingDateFrom, to: query.bookingDateTo, city: query.city, page: query.page }
    : { city: query.city, page: query.page };
  const scorecard = useScorecard(scorecardQuery);
  const [cityDraft, setCityDraft] = useState(params.get('dest') ?? '');
  const chips = chipsOf(params);
  const go = (next: URLSearchParams) => setParams(next);

  return (
    <Stack gap="5">
      <PageHeader title="Dashboard" subtitle="Your bookings at a glance: by status, by day, and how each courier does in each city." />

      <SectionCard title="Range and filters">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }} gap="3">
          <DateRangeField
            label="Booking date"
            value={{ from: params.get('bookingfrom') ?? undefined, to: params.get('bookingto') ?? undefined }}
            onChange={(range) => go(withRange(params, 'booking', range))}
            timeZone={timeZone}
            testId="dashboard-booking-range"
          />
          <DateRangeField
            label="Delivered date"
            value={{ from: params.get('deliveredfrom') ?? undefined, to: params.get('deliveredto') ?? undefined }}
            onChange={(range) => go(withRange(params, 'delivered', range))}
            timeZone={timeZone}
            testId="dashboard-delivered-range"
          />
          <form onSubmit={(e) => { e.preventDefault(); go(withValue(params, 'dest', cityDraft.trim() || undefined)); }}>
            <Field.Root gap="1.5">
              <Field.Label>Destination city</Field.Label>
              <HStack gap="2" w="full">
                <Input size="sm" value={cityDraft} placeholder="Any city" onChange={(e) => setCityDraft(e.target.value)} data-testid="dashboard-city" />
                <Button type="submit" size="sm" variant="outline" data-testid="dashboard-city-apply">Apply</Button>
              </HStack>
            </Field.Root>
          </form>
          <Field.Root gap="1.5">
            <Field.Label>Courier</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={params.get('courier') ?? ''} onChange={(e) => go(withValue(params, 'courier', e.target.value || undefined))} data-testid="dashboard-courier">
                <option value="">Every courier</option>
                {COURIER_DEFINITIONS.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Grid>
        <Wrap gap="2" mt="4" data-testid="dashboard-chips">
          {chips.map((chip) => (
            <Tag.Root key={chip.key} size="lg" variant="subtle" colorPalette="brand" data-testid={`dashboard-chip-${chip.key}`}>
              <Tag.Label>{chip.label}</Tag.Label>
              {chip.without && (
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label={`Remove ${chip.label}`} onClick={() => { if (chip.key === 'dest') setCityDraft(''); go(chip.without!); }} data-testid={`dashboard-chip-${chip.key}-remove`} />
                </Tag.EndElement>
              )}
            </Tag.Root>
          ))}
        </Wrap>
      </SectionCard>

      {error && <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} testId="dashboard-error" />}

      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" data-testid="dashboard-cards">
        {CARDS.map((card) => {
          const value = !data ? undefined : card.id === 'total' ? data.totalOrders : data.metrics.find((m) => m.status === card.id)?.count;
          const link = card.id === 'total' || card.id === 'INPROCESS' ? ordersLinkOf(query) : ordersLinkOf(query, card.id);
          return (
            <Link key={card.id} to={link} data-testid={`dashboard-card-${card.id}`}>
              <Stack h="full" gap="1" p="4" bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" boxShadow="xs" _hover={{ borderColor: 'brand.emphasized' }}>
                <Text textStyle="sm" color="fg.muted">{card.label}</Text>
                {value === undefined
                  ? error ? <Text textStyle="2xl" color="fg.subtle">–</Text> : <Skeleton h="8" w="16" />
                  : <Text textStyle="2xl" fontWeight="semibold" data-testid={`dashboard-card-${card.id}-value`}>{data?.totalIsLowerBound ? `${value}+` : value}</Text>}
                {card.note && <Text textStyle="xs" color="fg.muted">{card.note}</Text>}
              </Stack>
            </Link>
          );
        })}
      </SimpleGrid>
      {data && (
        <HStack gap="4" wrap="wrap" textStyle="sm" color="fg.muted" data-testid="dashboard-summary">
          <Text>{data.range.by === 'delivered' ? 'Counted by the day parcels were delivered.' : 'Counted by booking day.'}</Text>
          {data.codBooked !== null && <Text>COD booked: {formatCurrency(data.codBooked)}</Text>}
          {data.codDelivered !== null && <Text>COD delivered: {formatCurrency(data.codDelivered)}</Text>}
          {data.totalIsLowerBound && <Text>Read up to its limit: the numbers are at least these.</Text>}
          {/* whatever the range: what is stuck now, listed under 'Needs attention' */}
          <Link to={ATTENTION_LINK} data-testid="dashboard-stuck">
            <HStack gap="1.5" color={data.stuckParcels ? 'orange.fg' : 'fg.muted'} fontWeight={data.stuckParcels ? 'semibold' : undefined} textDecoration="underline">
              {data.stuckParcels > 0 && <LuTriangleAlert aria-hidden />}
              <Text as="span" data-testid="dashboard-stuck-count" data-count={data.stuckParcels}>{stuckLine(data.stuckParcels)}</Text>
            </HStack>
          </Link>
        </HStack>
      )}

      {data ? (
        <Suspense fallback={<Skeleton h="64" borderRadius="xl" />}>
          <DashboardCharts data={data} />
        </Suspense>
      ) : isLoading && <Skeleton h="64" borderRadius="xl" />}

      <SectionCard title="Couriers by city" description="Which courier delivers best where you ship: over the booking range (the last 90 days by default).">
        {scorecard.error && <LoadErrorAlert error={scorecard.error} onRetry={() => void scorecard.mutate()} retrying={scorecard.isValidating} testId="scorecard-error" />}
        {scorecard.data
          ? <ScorecardTable card={scorecard.data} onPage={(page) => go(withValue(params, 'page', page > 1 ? String(page) : undefined))} />
          : !scorecard.error && <Box><Skeleton h="32" /></Box>}
      </SectionCard>
    </Stack>
  );
}
