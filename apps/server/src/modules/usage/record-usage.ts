import {
  type TRecordUsageRequest,
  type TRecordUsageResponse,
  USAGE_EVENT_MAX_AGE_DAYS,
  USAGE_EVENT_MAX_SKEW_SECONDS,
} from '@app/contract/internal/usage';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { currentPlanPeriod, type PlanPeriod } from '../billing/plan-period';
import type { UsageDeps } from './deps';
import { DAY_MS, firstHourFrom, hourKey } from './local-days';
import type { UsageEventRow } from './repo';
import { type AlertThreshold, alertChannel, alertText, reachedThresholds } from './usage-alerts';

export type RecordUsageDeps = Pick<
  UsageDeps,
  | 'usageRepo'
  | 'usersRepo'
  | 'billingRepo'
  | 'mailOutbox'
  | 'transaction'
  | 'sms'
  | 'productName'
  | 'publicUrl'
  | 'clock'
> & {
  /** Writes one access-log row per call, whatever its outcome (design §7). */
  logAccess: (outcome: string, userId: string | null) => Promise<void>;
};

/**
 * Counts one assistant call's tokens once: the event, its hour in the rollup and any alert it
 * triggers are written in one transaction under the person's row lock, so a retry, a
 * concurrent duplicate or a crash can neither count it twice nor lose it, and each alert row
 * exists once per period. The SMS goes out after the commit (a mail is queued inside it).
 */
export async function recordUsage(
  deps: RecordUsageDeps,
  input: TRecordUsageRequest & { log: FastifyBaseLogger },
): Promise<TRecordUsageResponse> {
  const now = deps.clock.now();
  const occurredAt = new Date(input.occurredAt);
  const occurredIso = occurredAt.toISOString();
  const user = await deps.usersRepo.findById(input.userId);
  if (!user) {
    await deps.logAccess('not_found', null);
    throw new AppError('NOT_FOUND', 'No such user.');
  }
  // A retry is answered as one whatever its age: an event accepted on day 34 and retried on
  // day 36 was counted, and a 400 would tell the assistant it was not.
  const known = await deps.usageRepo.findEvent(user.id, input.idempotencyKey);
  if (known) return answerKnown(deps, known, input, occurredIso);
  if (occurredAt.getTime() > now.getTime() + USAGE_EVENT_MAX_SKEW_SECONDS * 1000) {
    await deps.logAccess('rejected:future', user.id);
    throw new AppError('VALIDATION_ERROR', 'occurredAt is in the future.', { field: 'occurredAt' });
  }
  if (occurredAt.getTime() < now.getTime() - USAGE_EVENT_MAX_AGE_DAYS * DAY_MS) {
    await deps.logAccess('rejected:too_old', user.id);
    throw new AppError('VALIDATION_ERROR', `occurredAt is more than ${USAGE_EVENT_MAX_AGE_DAYS} days ago.`, {
      field: 'occurredAt',
    });
  }
  const plan = await currentPlanPeriod(deps, user, now);
  const channel = alertChannel(user);
  const nowIso = now.toISOString();

  const outcome = await deps.transaction(async (trx) => {
    const repo = deps.usageRepo.with(trx);
    // Under the person's row lock their events count one after another, so an alert's total is exact.
    await deps.usersRepo.with(trx).lock(user.id);
    const eventId = newId();
    const stored = await repo.insertEventOnce({
      id: eventId,
      user_id: user.id,
      idempotency_key: input.idempotencyKey,
      tokens: input.tokens,
      occurred_at: occurredIso,
      recorded_at: nowIso,
    });
    if (!stored) {
      // A concurrent request with the same key committed first.
      const existing = await repo.findEvent(user.id, input.idempotencyKey);
      if (existing && !sameFigures(existing, input, occurredIso)) return { kind: 'conflict' as const };
      return { kind: 'duplicate' as const, eventId: existing?.id ?? eventId };
    }
    await repo.addToHour(user.id, hourKey(occurredAt), input.tokens);

    let alert: AlertThreshold | null = null;
    const total = await repo.tokensBetween(
      user.id,
      firstHourFrom(plan.periodStart),
      firstHourFrom(plan.periodEnd),
    );
    const periodStart = plan.periodStart.toISOString();
    for (const threshold of reachedThresholds(total, plan.planTokens)) {
      // One event can cross 80% and 100% at once: both rows are written, only 100% is told.
      const first = await repo.insertAlertOnce({
        user_id: user.id,
        period_start: periodStart,
        threshold,
        channel: alert === null ? channel : null,
        created_at: nowIso,
      });
      if (first && alert === null) alert = threshold;
    }
    if (alert !== null && channel === 'email') {
      const text = alertText(alert, alertTextInput(user, plan, deps));
      await deps.mailOutbox.queue(trx, {
        id: newId(),
        kind: 'usage_alert',
        recipient: user.email,
        reply_to: null,
        subject: text.subject,
        body: text.body,
        contact_message_id: null,
        created_at: nowIso,
      });
    }
    return { kind: 'recorded' as const, eventId, alert };
  });

  if (outcome.kind === 'conflict') {
    await deps.logAccess('conflict', user.id);
    throw new AppError('CONFLICT', 'This idempotency key was already used for a different event.');
  }
  await deps.logAccess(outcome.kind, user.id);
  if (outcome.kind === 'recorded' && outcome.alert !== null) {
    if (channel === 'sms' && user.phone_number) {
      const text = alertText(outcome.alert, alertTextInput(user, plan, deps));
      try {
        await deps.sms.send({ to: user.phone_number, body: text.body });
      } catch (error) {
        // The usage is recorded either way; a lost text must not make the assistant retry the event.
        input.log.error({ userId: user.id, threshold: outcome.alert, err: error }, 'usage alert SMS failed');
      }
    }
  }
  return { eventId: outcome.eventId, duplicate: outcome.kind === 'duplicate' };
}

/** The same key with other figures is a bug on the caller's side, not a retry: it is refused. */
function sameFigures(event: UsageEventRow, input: TRecordUsageRequest, occurredIso: string): boolean {
  return event.tokens === input.tokens && event.occurred_at === occurredIso;
}

async function answerKnown(
  deps: RecordUsageDeps,
  event: UsageEventRow,
  input: TRecordUsageRequest,
  occurredIso: string,
): Promise<TRecordUsageResponse> {
  if (!sameFigures(event, input, occurredIso)) {
    await deps.logAccess('conflict', event.user_id);
    throw new AppError('CONFLICT', 'This idempotency key was already used for a different event.');
  }
  await deps.logAccess('duplicate', event.user_id);
  return { eventId: event.id, duplicate: true };
}

function alertTextInput(
  user: { language: 'en' | 'zh'; time_zone: string | null },
  plan: PlanPeriod,
  deps: Pick<RecordUsageDeps, 'productName' | 'publicUrl'>,
) {
  return {
    language: user.language,
    timeZone: user.time_zone,
    plan,
    productName: deps.productName,
    publicUrl: deps.publicUrl,
  };
}
