import { Chart, useChart } from '@chakra-ui/charts';
import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { CityAverage, DashboardAnalytics } from '@dakiya/shared';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { SectionCard } from '../../../components/ui/section-card';
import { formatShortDay } from '../../../lib/days';
import { CARD_LABELS } from '../dashboard-view';

const STATUS_COLORS = { FULFILLED: 'blue.solid', INPROCESS: 'orange.solid', DELIVERED: 'green.solid', CANCELLED: 'gray.solid', RTS: 'red.solid' } as const;

const label = (at: string) => (at.length === 7 ? new Date(`${at}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }) : formatShortDay(at).replace(/, \d{4}$/, ''));

function StatusBars({ data }: { data: DashboardAnalytics }) {
  const chart = useChart({
    data: data.series.map((p) => ({ at: label(p.at), ...p.counts })),
    series: (Object.keys(STATUS_COLORS) as (keyof typeof STATUS_COLORS)[]).map((s) => ({ name: s, label: CARD_LABELS[s], color: STATUS_COLORS[s], stackId: 'a' })),
  });
  return (
    <Chart.Root h="64" aspectRatio="auto" chart={chart}>
      <BarChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('at')} tickLine={false} axisLine={false} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} content={<Chart.Tooltip />} isAnimationActive={false} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((s) => (
          <Bar key={s.name} dataKey={chart.key(s.name)} name={s.label as string} fill={chart.color(s.color)} stackId={s.stackId} isAnimationActive={false} />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

function CodLines({ data }: { data: DashboardAnalytics }) {
  const chart = useChart({
    data: data.series.map((p) => ({ at: label(p.at), booked: p.codBooked ?? 0, delivered: p.codDelivered ?? 0 })),
    series: [{ name: 'booked', label: 'COD booked', color: 'teal.solid' }, { name: 'delivered', label: 'COD delivered', color: 'green.solid' }],
  });
  return (
    <Chart.Root h="64" aspectRatio="auto" chart={chart}>
      <LineChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('at')} tickLine={false} axisLine={false} />
        <YAxis tickLine={false} axisLine={false} width={84} tickFormatter={(v: number) => `Rs ${v.toLocaleString('en-US')}`} />
        <Tooltip content={<Chart.Tooltip />} isAnimationActive={false} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((s) => (
          <Line key={s.name} type="monotone" dataKey={chart.key(s.name)} name={s.label as string} stroke={chart.color(s.color)} strokeWidth={2} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </Chart.Root>
  );
}

function CityDays({ cities }: { cities: CityAverage[] }) {
  const shown = cities.filter((c) => c.averageDays !== null);
  const chart = useChart({
    data: shown.map((c) => ({ city: c.city, days: c.averageDays ?? 0 })),
    series: [{ name: 'days', label: 'Average days to delivery', color: 'brand.solid' }],
  });
  if (!shown.length) return <Text textStyle="sm" color="fg.muted">No deliveries to these cities in this range.</Text>;
  return (
    <Chart.Root h="64" aspectRatio="auto" chart={chart}>
      <BarChart responsive data={chart.data} layout="vertical">
        <CartesianGrid stroke={chart.color('border.muted')} horizontal={false} />
        <XAxis type="number" tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey={chart.key('city')} tickLine={false} axisLine={false} width={110} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} content={<Chart.Tooltip />} isAnimationActive={false} />
        <Bar dataKey={chart.key('days')} name="Average days to delivery" fill={chart.color('brand.solid')} isAnimationActive={false} />
      </BarChart>
    </Chart.Root>
  );
}

/** The dashboard's charts, in their own chunk (recharts is large): loaded after the cards. */
export function DashboardCharts({ data }: { data: DashboardAnalytics }) {
  const unit = data.range.period === 'DAY' ? 'day' : 'month';
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" data-testid="dashboard-charts">
      <SectionCard title={data.range.by === 'delivered' ? `Deliveries per ${unit}` : `Bookings per ${unit} by status`}>
        <StatusBars data={data} />
      </SectionCard>
      <SectionCard title={`COD per ${unit}`} description="Booked: cash on delivery of the parcels booked. Delivered: of those, what was delivered.">
        {data.codBooked === null && data.codDelivered === null
          ? <Text textStyle="sm" color="fg.muted" data-testid="dashboard-cod-unavailable">COD is counted for the whole shop only: clear the city, courier and status to see it.</Text>
          : <CodLines data={data} />}
      </SectionCard>
      <Box gridColumn={{ xl: 'span 2' }}>
        <SectionCard title="Delivery days by city" description="Average days from booking to delivery, over the booking range (15 or more days count as 15).">
          <CityDays cities={data.cities.data} />
        </SectionCard>
      </Box>
    </SimpleGrid>
  );
}
