import type { RetentionDeps } from './deps';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Dev outbox rows are kept a week: long enough to read a code or a mail, short enough to hold nothing. */
export const OUTBOX_RETENTION_DAYS = 7;
/**
 * An expired code still counts for an hour (the per-number send limit) and a verified one
 * backs its sign-up proof for 15 minutes; a day after expiry it serves nothing.
 */
export const CODE_RETENTION_AFTER_EXPIRY_MS = DAY_MS;
/** The assistant's access log answers "who used my account, when" for a year, then goes. */
export const ACCESS_LOG_RETENTION_DAYS = 365;
/**
 * Usage events, like the access log, answer "what was I charged for" for a year. Totals never
 * read them (the hourly rollup does), and their keys only need to outlive the 35 days in which
 * the assistant may still report, and so retry, an event.
 */
export const USAGE_EVENT_RETENTION_DAYS = 365;
/**
 * A webhook event id only has to outlive the provider's retries of it (Stripe retries for three
 * days) to keep a replay from counting twice; a month is ample.
 */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

/** Security activity answers "was that me?" for a year, like the access log. */
export const SECURITY_EVENT_RETENTION_DAYS = 365;

/** Deletes what has served its purpose: expired codes, tickets and sessions, old dev outbox rows. */
export function purgeExpired(deps: RetentionDeps): Promise<Record<string, number>> {
  const now = deps.clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return deps.retentionRepo.purge({
    codesExpiredBefore: ago(CODE_RETENTION_AFTER_EXPIRY_MS),
    sessionsExpiredBefore: now.toISOString(),
    oneTimeStateExpiredBefore: now.toISOString(),
    outboxCreatedBefore: ago(OUTBOX_RETENTION_DAYS * DAY_MS),
    // The lock rows only serialise sends; one untouched for a day guards nothing.
    sendLocksTouchedBefore: ago(DAY_MS),
    accessLogCreatedBefore: ago(ACCESS_LOG_RETENTION_DAYS * DAY_MS),
    usageEventsOccurredBefore: ago(USAGE_EVENT_RETENTION_DAYS * DAY_MS),
    webhookEventsReceivedBefore: ago(WEBHOOK_EVENT_RETENTION_DAYS * DAY_MS),
    securityEventsCreatedBefore: ago(SECURITY_EVENT_RETENTION_DAYS * DAY_MS),
  });
}
