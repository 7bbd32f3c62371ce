import type { TSubscription } from '@app/contract/billing/get-billing-info';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';

/** Spec §2: 'Active', the provider's raw status, or 'Cancelled - Active until {date}'. */
export function StatusBadge({ subscription }: { subscription: TSubscription }) {
  const { t, i18n } = useTranslation('billing');
  if (subscription.cancelAtPeriodEnd) {
    const date = formatDate(subscription.currentPeriodEnd, i18n.resolvedLanguage);
    return (
      <Badge color="orange.9" variant="filled" size="lg" tt="none" style={{ whiteSpace: 'normal' }}>
        {t('currentPlan.cancelling', { date })}
      </Badge>
    );
  }
  const active = subscription.status === 'active';
  const color = active ? 'teal' : subscription.status === 'past_due' ? 'red' : 'gray';
  // Filled in shade 9: white on it clears WCAG AA even under a dialog's dimming overlay,
  // where the light variant's tinted text did not.
  return (
    <Badge color={`${color}.9`} variant="filled" size="lg" tt="none">
      {active ? t('currentPlan.active') : subscription.status}
    </Badge>
  );
}
