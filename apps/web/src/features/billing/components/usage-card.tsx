import type { TSubscription, TUsage } from '@app/contract/billing/get-billing-info';
import { COST_PER_TOKEN_USD } from '@app/contract/constants';
import { formatTokens } from '@app/contract/usage/format-tokens';
import {
  Box,
  Center,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useSeen } from '../hooks/use-seen';
import { formatDay, formatMonth, formatUsd } from '../utils/format';
import { planById } from '../utils/subscription-state';
import {
  CHART_PERIODS,
  type ChartPeriod,
  type ChartPoint,
  estimateCost,
  groupByPeriod,
  lastDays,
} from '../utils/usage-chart';
import { formatBytes, usagePercent } from '../utils/usage-format';
import classes from './usage-card.module.css';

const UsageChart = lazy(() => import('./usage-chart'));

function Stat({
  label,
  value,
  className,
  children,
}: {
  label: string;
  value: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <Stack gap={4} className={className}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={600}>
        {value}
      </Text>
      {children}
    </Stack>
  );
}

/** Spec §2 Usage card and §9: tokens against the plan, integrations, storage, 15-day chart, cost. */
export function UsageCard({ usage, subscription }: { usage: TUsage; subscription: TSubscription }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.resolvedLanguage;
  const [period, setPeriod] = useState<ChartPeriod>('daily');
  const limit = planById(subscription.planId).tokens;
  const percent = usagePercent(usage.tokens, limit);
  const days = useMemo(() => lastDays(usage.dailyUsage), [usage.dailyUsage]);
  const points = useMemo(() => groupByPeriod(days, period), [days, period]);
  const shownTokens = days.reduce((sum, day) => sum + day.tokens, 0);
  const [chartArea, chartSeen] = useSeen<HTMLDivElement>();
  const chartPlaceholder = (
    <Center h={220}>
      <Loader size="sm" role="status" aria-label={t('usage.chartLoading')} />
    </Center>
  );

  const formatLabel = (point: ChartPoint) => {
    if (period === 'monthly') return formatMonth(point.start, language);
    if (period === 'weekly') return t('usage.weekOf', { date: formatDay(point.start, language) });
    return formatDay(point.start, language);
  };

  return (
    <SectionCard title={t('usage.title')} gap="lg">
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="lg">
        <Stat
          className={classes.tokens}
          label={t('usage.tokens')}
          value={t('usage.tokensOf', { used: formatTokens(usage.tokens), limit: formatTokens(limit) })}
        >
          <Progress
            value={Math.min(percent, 100)}
            color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'indigo'}
            aria-label={t('usage.percent', { percent })}
          />
          <Text fz="sm" c="dimmed">
            {t('usage.percent', { percent })}
          </Text>
        </Stat>
        <Stat
          label={t('usage.integrations')}
          value={t('usage.integrationsValue', { count: usage.integrations })}
        />
        <Stat label={t('usage.storage')} value={formatBytes(usage.storage)} />
      </SimpleGrid>

      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="md">
            {t('usage.chartTitle')}
          </Title>
          <SegmentedControl
            size="xs"
            value={period}
            onChange={(value) => setPeriod(value as ChartPeriod)}
            aria-label={t('usage.period')}
            data={CHART_PERIODS.map((value) => ({ value, label: t(`usage.${value}`) }))}
          />
        </Group>
        {/* The chart's code (recharts) is the heaviest of the screen to download and run: it is
            asked for once the card's chart area comes near the window, not with the screen's
            first render (on a phone the chart is below the fold: bench/README.md). */}
        <Box ref={chartArea}>
          {chartSeen ? (
            <Suspense fallback={chartPlaceholder}>
              <UsageChart
                points={points}
                formatLabel={formatLabel}
                // A week's bar is dated by its Monday: "Week of" is said by the period chosen above.
                formatTick={(point) =>
                  period === 'weekly' ? formatDay(point.start, language) : formatLabel(point)
                }
                label={t('usage.chartLabel', { period: t(`usage.unit.${period}`) })}
              />
            </Suspense>
          ) : (
            chartPlaceholder
          )}
        </Box>
        {/* The same numbers as text, for screen readers and for tests. */}
        <VisuallyHidden>
          <ul aria-label={t('usage.chartLabel', { period: t(`usage.unit.${period}`) })}>
            {points.map((point) => (
              <li key={point.start}>{`${formatLabel(point)}: ${formatTokens(point.tokens)}`}</li>
            ))}
          </ul>
        </VisuallyHidden>
        <Stack gap={0}>
          <Text fw={600}>
            {t('usage.costEstimate', { cost: formatUsd(estimateCost(shownTokens), language) })}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('usage.costNote', { rate: formatUsd(COST_PER_TOKEN_USD, language, 3) })}
          </Text>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
