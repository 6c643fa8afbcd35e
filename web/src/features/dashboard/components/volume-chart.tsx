import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { MonthGradeVolume } from '@mfd/contracts';

const COLOURS = ['ocean.6', 'teal.6', 'orange.6', 'grape.6', 'yellow.6', 'red.6', 'cyan.6', 'lime.6'];

/**
 * The tonnes awarded per UTC month (x axis), a bar per grade. The chart draws numbers; the exact
 * figures are the server's decimal text, which a tonnage of bunkers fits in a float without loss.
 */
export function VolumeChart({ items }: { items: MonthGradeVolume[] }) {
  const grades = [...new Set(items.map((i) => i.product))].sort();
  const months = [...new Set(items.map((i) => i.month))].sort();
  const data = months.map((month) => ({
    month,
    ...Object.fromEntries(
      items.filter((i) => i.month === month).map((i) => [i.product, Number(i.quantity_mt)]),
    ),
  }));
  return (
    <BarChart
      h={300}
      data={data}
      dataKey="month"
      unit=" MT"
      withLegend
      series={grades.map((name, i) => ({ name, color: COLOURS[i % COLOURS.length]! }))}
      aria-label="Awarded volume per grade chart"
    />
  );
}
