import { Chart, useChart } from '@chakra-ui/charts';
import type { StaffChartPoint } from '@dakiya/shared';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDay } from '../../../lib/days';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const labelOf = (at: string) => (at.length === 7 ? monthName.format(new Date(`${at}-01T00:00:00Z`)) : formatShortDay(at).replace(/, \d{4}$/, ''));

/** Booked and cancelled per day (or month), stacked: loaded with its page only when there is something to draw. */
export default function StaffChart({ points, period }: { points: StaffChartPoint[]; period: 'DAY' | 'MONTH' }) {
  const chart = useChart({
    data: points.map((p) => ({ at: labelOf(p.at), Booked: p.booked, Cancelled: p.cancelled })),
    series: [{ name: 'Booked', color: 'teal.solid', stackId: 'a' }, { name: 'Cancelled', color: 'orange.solid', stackId: 'a' }],
  });
  return (
    <Chart.Root h="64" aspectRatio="auto" chart={chart} data-testid="staff-chart" data-period={period}>
      {/* recharts 3 sizes a chart to its box only when told (`responsive`) */}
      <BarChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('at')} tickLine={false} axisLine={false} stroke={chart.color('fg.muted')} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} stroke={chart.color('fg.muted')} width={32} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={0} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((s) => (
          <Bar key={s.name} isAnimationActive={false} dataKey={chart.key(s.name)} fill={chart.color(s.color)} stackId={s.stackId} />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
