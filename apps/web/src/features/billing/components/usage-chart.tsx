import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { ChartPoint } from '../utils/usage-chart';
import { formatTokens } from '../utils/usage-format';

/**
 * The chart library (recharts) is big; this file is the only one that imports it, and the
 * usage card loads it lazily, so no other screen downloads it.
 */
export default function UsageChart({
  points,
  label,
  formatLabel,
}: {
  points: ChartPoint[];
  label: string;
  formatLabel: (point: ChartPoint) => string;
}) {
  const { t } = useTranslation('billing');
  const data = points.map((point) => ({ label: formatLabel(point), tokens: point.tokens }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="label"
      series={[{ name: 'tokens', label: t('usage.tokens'), color: 'indigo.6' }]}
      valueFormatter={formatTokens}
      tickLine="y"
      gridAxis="x"
      barProps={{ radius: 4 }}
      // An empty fortnight still reads as a token scale (0 to 1K), not recharts' default 0 to 4.
      yAxisProps={{ domain: [0, (max: number) => Math.max(max, 1000)] }}
      aria-label={label}
      role="img"
    />
  );
}
