import type { TBillingInfoResponse } from '@app/contract/billing/get-billing-info';
import { formatTokens } from '@app/contract/usage/format-tokens';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { formatDate } from '@/lib/format';
import { formatUsd } from '../utils/format';
import { billingActions, planById } from '../utils/subscription-state';
import { CancelDialog } from './cancel-dialog';
import { PlanChoice } from './plan-choice';
import { StatusBadge } from './status-badge';
import { usePlanActions } from './use-plan-actions';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm">{value}</Text>
    </Stack>
  );
}

/** Spec §2 Current Plan card: the plan, its status, dates, card, and the actions the rules allow. */
export function CurrentPlanCard({
  info,
  onOpenCardForm,
}: {
  info: TBillingInfoResponse;
  onOpenCardForm: () => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.resolvedLanguage;
  const { subscription, paymentMethod } = info;
  const plan = planById(subscription.planId);
  const rules = billingActions(subscription);
  const actions = usePlanActions(onOpenCardForm);
  const periodEnd = formatDate(subscription.currentPeriodEnd, language);
  const isTrial = subscription.planId === 'trial';

  return (
    <>
      <SectionCard
        title={t('currentPlan.title')}
        summary={
          <>
            <Text fz="xl" fw={700}>
              {t(`plans.${plan.id}.name`)}
            </Text>
            <Text c="dimmed" fz="sm">
              {plan.price === 0
                ? t('currentPlan.free')
                : t('currentPlan.perMonth', { price: formatUsd(plan.price, language, 0) })}
              {' · '}
              {t('currentPlan.tokensIncluded', { tokens: formatTokens(plan.tokens) })}
            </Text>
          </>
        }
        action={rules.canActivateTrial ? null : <StatusBadge subscription={subscription} />}
      >
        {rules.showPastDue ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('pastDue.title')}
            role="alert"
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{t('pastDue.body')}</Text>
              <Button size="xs" color="red" onClick={actions.updateCard} loading={actions.linkPending}>
                {t('currentPlan.updatePayment')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {rules.showTrialEnded ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconClockHour4 aria-hidden />}
            title={t('trialEnded.title')}
          >
            <Text fz="sm">{t('trialEnded.body')}</Text>
          </Alert>
        ) : null}
        {rules.canActivateTrial ? <Text fz="sm">{t('currentPlan.noSubscription')}</Text> : null}

        {rules.canActivateTrial ? null : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {/* Spec §2: a cancelling subscription shows no next billing date, only the badge's end date. */}
            {subscription.cancelAtPeriodEnd || rules.showTrialEnded ? null : (
              <Detail
                label={isTrial ? t('currentPlan.trialEnds') : t('currentPlan.nextBilling')}
                value={periodEnd}
              />
            )}
            <Detail
              label={t('currentPlan.paymentMethod')}
              value={
                paymentMethod
                  ? t('currentPlan.card', { last4: paymentMethod.last4 })
                  : t('currentPlan.noCard')
              }
            />
          </SimpleGrid>
        )}

        {rules.canActivateTrial || subscription.id !== null ? (
          <Group gap="sm">
            {rules.canActivateTrial ? (
              <Button onClick={actions.activateTrial} loading={actions.trialPending}>
                {t('currentPlan.activateTrial')}
              </Button>
            ) : null}
            {rules.canReactivate ? (
              <Button onClick={actions.reactivate} loading={actions.reactivatePending}>
                {t('currentPlan.reactivate')}
              </Button>
            ) : null}
            {subscription.id !== null && !rules.showPastDue ? (
              <Button variant="default" onClick={actions.updateCard} loading={actions.linkPending}>
                {t('currentPlan.updatePayment')}
              </Button>
            ) : null}
            {subscription.id !== null ? (
              <Button variant="subtle" onClick={actions.openPortal} loading={actions.portalPending}>
                {t('currentPlan.manage')}
              </Button>
            ) : null}
            {rules.canCancel ? (
              <Button variant="subtle" color="red" onClick={actions.askCancel}>
                {t('currentPlan.cancel')}
              </Button>
            ) : null}
          </Group>
        ) : null}

        {rules.planChoices.length > 0 ? (
          <Stack gap="xs">
            <Title order={3} fz="md">
              {t('currentPlan.otherPlans')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {rules.planChoices.map((choice) => (
                <PlanChoice
                  key={choice.id}
                  plan={choice}
                  loading={actions.choosingPlan === choice.id}
                  disabled={actions.choosingPlan !== null}
                  unavailable={rules.unavailable.includes(choice.id)}
                  onChoose={actions.choosePlan}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ) : null}
      </SectionCard>
      <CancelDialog
        opened={actions.cancelOpen}
        until={periodEnd}
        pending={actions.cancelPending}
        onConfirm={actions.confirmCancel}
        onClose={actions.closeCancel}
      />
    </>
  );
}
