import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Paper, Stack, Text } from '@mantine/core';
import type { PriceHistoryDay } from '@mfd/contracts';
import { formatUsd } from '../../../lib/money';
import { dayStart, dayText, dayTicks } from '../day-axis';

type Point = PriceHistoryDay & {
  /** The day's UTC midnight in ms: the x axis measures time, so a gap of days shows as one. */
  at: number;
  band: [number, number];
  awarded: number | null;
  median: number;
};

function DayTooltip({ payload }: { payload?: readonly { payload?: Point }[] }) {
  const day = payload?.[0]?.payload;
  if (!day) return null;
  return (
    <Paper withBorder shadow="sm" p="xs">
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {day.date}
        </Text>
        <Text size="xs">
          Offered: {formatUsd(day.min_price)} – {formatUsd(day.max_price)} (median{' '}
          {formatUsd(day.median_price)}, {day.offers} {day.offers === 1 ? 'offer' : 'offers'})
        </Text>
        <Text size="xs">
          Awarded:{' '}
          {day.awarded_avg_price ? `${formatUsd(day.awarded_avg_price)} (${day.awarded_count})` : '—'}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The offered band (lowest to highest) per day with its median, and the awarded price as a line,
 * over the period's days on a time axis. Straight segments: a smoothed curve overshoots and would
 * draw the median outside the band. The chart draws numbers; every figure read off it (tooltip,
 * table) is the server's exact text.
 */
export function PriceChart({
  days,
  period,
}: {
  days: PriceHistoryDay[];
  period: { from: string; to: string };
}) {
  const [from, to] = [dayStart(period.from), dayStart(period.to)];
  const data: Point[] = days.map((d) => ({
    ...d,
    at: dayStart(d.date),
    band: [Number(d.min_price), Number(d.max_price)],
    median: Number(d.median_price),
    awarded: d.awarded_avg_price === null ? null : Number(d.awarded_avg_price),
  }));
  return (
    <CompositeChart
      h={320}
      data={data}
      dataKey="at"
      unit=" USD"
      withLegend
      connectNulls
      curveType="linear"
      xAxisProps={{
        type: 'number',
        scale: 'time',
        domain: [from, to],
        ticks: dayTicks(from, to),
        tickFormatter: dayText,
      }}
      yAxisProps={{ domain: ['auto', 'auto'], width: 80 }}
      tooltipProps={{
        content: ({ payload }) => <DayTooltip payload={payload as unknown as { payload?: Point }[]} />,
      }}
      series={[
        { name: 'band', label: 'Offered (lowest – highest)', type: 'area', color: 'ocean.2' },
        { name: 'median', label: 'Median offered', type: 'line', color: 'ocean.5', strokeDasharray: '4 4' },
        { name: 'awarded', label: 'Awarded (average)', type: 'line', color: 'teal.7' },
      ]}
      aria-label="Price history chart"
    />
  );
}
