import '@mantine/charts/styles.css';
import { formatTokens } from '@app/contract/usage/format-tokens';
import { BarChart } from '@mantine/charts';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  type ChartPoint,
  estimateLabelWidth,
  formatTokenTick,
  isLabelled,
  LABEL_GAP,
  labelStride,
  lastLabelRoom,
  tokenTicks,
} from '../utils/usage-chart';

/** Recharts' default width for the token axis, left of the bars. */
const Y_AXIS_WIDTH = 60;
/** The size Mantine's charts give their axis labels. */
const TICK_FONT_PX = 12;

let measureContext: CanvasRenderingContext2D | null | undefined;

/** A label's width as the browser draws it, so the stride is neither too loose nor overlapping. */
function measureLabel(text: string, fontFamily: string): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return estimateLabelWidth(text);
  measureContext.font = `${TICK_FONT_PX}px ${fontFamily}`;
  return measureContext.measureText(text).width + LABEL_GAP;
}

/**
 * The chart library (recharts) is big; this file is the only one that imports it, and the
 * usage card loads it lazily, so no other screen downloads it.
 */
export default function UsageChart({
  points,
  label,
  formatLabel,
  formatTick = formatLabel,
}: {
  points: ChartPoint[];
  label: string;
  /** What the tooltip says about a bar. */
  formatLabel: (point: ChartPoint) => string;
  /** The date under a bar, where a shorter one fits more labels on a phone. */
  formatTick?: (point: ChartPoint) => string;
}) {
  const { t } = useTranslation('billing');
  const { ref, width } = useElementSize<HTMLDivElement>();
  const data = points.map((point) => ({ label: formatLabel(point), tokens: point.tokens }));
  const ticks = tokenTicks(Math.max(0, ...points.map((point) => point.tokens)));
  const tickLabels = points.map(formatTick);
  const measure = (text: string) => measureLabel(text, getComputedStyle(document.body).fontFamily);
  const right = lastLabelRoom(measure(tickLabels.at(-1) ?? ''), width - Y_AXIS_WIDTH, tickLabels.length);
  const stride = labelStride(tickLabels, width - Y_AXIS_WIDTH - right, measure);
  return (
    <div ref={ref}>
      <BarChart
        h={220}
        data={data}
        dataKey="label"
        series={[{ name: 'tokens', label: t('usage.tokens'), color: 'indigo.6' }]}
        // The tooltip gives the rounded total of spec §9; the axis has exact labels of its own.
        valueFormatter={formatTokens}
        tickLine="y"
        gridAxis="x"
        barProps={{ radius: 4 }}
        barChartProps={{ margin: { right } }}
        yAxisProps={{ domain: [0, ticks.at(-1) ?? 0], ticks, interval: 0, tickFormatter: formatTokenTick }}
        xAxisProps={{
          interval: 0,
          tickFormatter: (_value: string, index: number) =>
            isLabelled(index, data.length, stride) ? (tickLabels[index] ?? '') : '',
        }}
        aria-label={label}
        role="img"
      />
    </div>
  );
}
