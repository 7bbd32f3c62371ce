import type { MessageKey, TLanguage } from '@app/contract/messages';
import { formatTokens } from '@app/contract/usage/format-tokens';
import { isIanaZone } from '@app/contract/usage/time-zone';
import { translate } from '../../lib/messages';
import type { PlanPeriod } from '../billing/plan-period';
import { hasRealEmail } from '../users/email-address';
import type { UserRow } from '../users/repo';

/** Percent of the plan's tokens at which the person is told, highest first. */
export const ALERT_THRESHOLDS = [100, 80] as const;
export type AlertThreshold = (typeof ALERT_THRESHOLDS)[number];

/** The thresholds a period total has reached, highest first. */
export function reachedThresholds(total: number, planTokens: number): AlertThreshold[] {
  if (planTokens <= 0) return [];
  return ALERT_THRESHOLDS.filter((threshold) => total * 100 >= threshold * planTokens);
}

export type AlertChannel = 'sms' | 'email';

/** A phone number first (the assistant lives in text messages); a real address otherwise. */
export function alertChannel(user: Pick<UserRow, 'email' | 'phone_number'>): AlertChannel | null {
  if (user.phone_number) return 'sms';
  if (hasRealEmail(user.email)) return 'email';
  return null;
}

const TEXT_KEYS: Record<AlertThreshold, { body: MessageKey; subject: MessageKey }> = {
  80: { body: 'usageAlert80', subject: 'usageAlertSubject80' },
  100: { body: 'usageAlert100', subject: 'usageAlertSubject100' },
};

/** The alert in the person's language, with the renewal date in their time zone. */
export function alertText(
  threshold: AlertThreshold,
  input: {
    language: TLanguage;
    timeZone: string | null;
    plan: PlanPeriod;
    productName: string;
    publicUrl: string;
  },
): { subject: string; body: string } {
  const date = new Intl.DateTimeFormat(input.language === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeZone: input.timeZone && isIanaZone(input.timeZone) ? input.timeZone : 'UTC',
  }).format(input.plan.periodEnd);
  const vars = {
    product: input.productName,
    limit: formatTokens(input.plan.planTokens),
    date,
    link: `${input.publicUrl}/billing`,
  };
  const keys = TEXT_KEYS[threshold];
  return {
    subject: translate(input.language, keys.subject, vars),
    body: translate(input.language, keys.body, vars),
  };
}
