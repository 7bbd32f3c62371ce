import type { TPlan } from '@app/contract/plans';
import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../utils/format';

/** A plan offered as a change: name, price, what it includes, and the button that takes it. */
export function PlanChoice({
  plan,
  loading,
  disabled,
  unavailable = false,
  onChoose,
}: {
  plan: TPlan;
  loading: boolean;
  disabled: boolean;
  /** Shown but not takeable now (the trial beside a live paid plan): the button says so. */
  unavailable?: boolean;
  onChoose: (plan: TPlan) => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const name = t(`plans.${plan.id}.name`);
  const hintId = useId();
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{name}</Text>
          {plan.popular ? (
            <Badge variant="filled" tt="none">
              {t('currentPlan.popular')}
            </Badge>
          ) : null}
        </Group>
        <Text fz="sm" c="dimmed">
          {t(plan.salesPitch)}
        </Text>
        <Text fw={700} fz="xl">
          {t('currentPlan.perMonth', { price: formatUsd(plan.price, i18n.resolvedLanguage, 0) })}
        </Text>
        <List
          spacing={4}
          size="sm"
          icon={<IconCheck size={16} aria-hidden color="var(--mantine-color-teal-6)" />}
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{t(feature)}</List.Item>
          ))}
        </List>
        <Button
          mt="xs"
          loading={loading}
          disabled={disabled || unavailable}
          onClick={() => onChoose(plan)}
          fullWidth
          aria-describedby={hintId}
        >
          {t(plan.price === 0 ? 'currentPlan.choose' : 'currentPlan.subscribe', { plan: name })}
        </Button>
        <Text id={hintId} fz="xs" c="dimmed" ta="center">
          {unavailable ? t('currentPlan.trialBesidePaidPlan') : t(plan.hint)}
        </Text>
      </Stack>
    </Card>
  );
}
