import type { TSecurityEvent } from '@app/contract/account/activity';
import type { TFunction } from 'i18next';

const SIGN_IN_METHODS = ['phone', 'google', 'microsoft', 'facebook'];
const PROVIDERS = ['google', 'microsoft', 'apple', 'facebook'];
const REASONS = ['grant_revoked', 'token_expired', 'apple_password_revoked'];
const PLANS = ['trial', 'starter'];

function known(list: readonly string[], value: string | undefined): value is string {
  return value !== undefined && list.includes(value);
}

/**
 * One event as one sentence in the page's language, from its kind and the facts it carries
 * ("Signed in with Google", "Google connection stopped working: access was withdrawn").
 * `t` is the account namespace's.
 */
export function eventSentence(event: TSecurityEvent, t: TFunction): string {
  const events = 'activity.events';
  const provider = t(`activity.providers.${known(PROVIDERS, event.provider) ? event.provider : 'other'}`);
  switch (event.kind) {
    case 'sign_in':
      return t(`${events}.sign_in.${known(SIGN_IN_METHODS, event.method) ? event.method : 'other'}`);
    case 'connection_added':
    case 'connection_repaired':
    case 'connection_removed':
      return t(`${events}.${event.kind}`, { provider });
    case 'connection_broken':
      return known(REASONS, event.reason)
        ? t(`${events}.connection_broken_reason`, {
            provider,
            reason: t(`activity.reasons.${event.reason}`),
          })
        : t(`${events}.connection_broken`, { provider });
    case 'plan_changed': {
      const plan = t(`activity.plans.${known(PLANS, event.plan) ? event.plan : 'other'}`);
      return t(`${events}.plan_changed.${event.change ?? 'other'}`, { plan });
    }
    case 'sessions_revoked':
      return event.count === undefined
        ? t(`${events}.sessions_revoked_unknown`)
        : t(`${events}.sessions_revoked`, { count: event.count });
    case 'code_failed':
    case 'phone_linked':
    case 'data_exported':
    case 'session_revoked':
      return t(`${events}.${event.kind}`);
  }
}
