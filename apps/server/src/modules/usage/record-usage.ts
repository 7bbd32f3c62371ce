import {
  type TRecordUsageRequest,
  type TRecordUsageResponse,
  USAGE_EVENT_MAX_AGE_DAYS,
  USAGE_EVENT_MAX_SKEW_SECONDS,
} from '@app/contract/internal/usage';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { currentPlanPeriod, type PlanPeriod } from '../billing/plan-period';
import type { UserRow } from '../users/repo';
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
  | 'smsOutbox'
  | 'productName'
  | 'publicUrl'
  | 'clock'
> & {
  /**
   * Writes one access-log row per call, whatever its outcome (design §7), for a call refused
   * before its event is written; `commit` logs the others with the event.
   */
  logAccess: (outcome: string, userId: string | null) => Promise<void>;
  /**
   * Writes the event (`writeUsageEvent`) and resolves once it is committed: a transaction of its
   * own, or the internal route's group commit, which also writes the access-log row in it.
   */
  commit: (event: UsageEvent) => Promise<UsageOutcome>;
};

/** One event, checked and ready to be written. */
export interface UsageEvent {
  user: UserRow;
  plan: PlanPeriod;
  channel: ReturnType<typeof alertChannel>;
  idempotencyKey: string;
  tokens: number;
  occurredAt: Date;
  now: Date;
}

export type UsageOutcome =
  | { kind: 'conflict' }
  | { kind: 'duplicate'; eventId: string }
  | { kind: 'recorded'; eventId: string; alert: AlertThreshold | null };

/**
 * Counts one assistant call's tokens once: checked here, then the event, its hour in the rollup
 * and any alert it triggers written and committed together (`writeUsageEvent` through
 * `deps.commit`), so a retry, a concurrent duplicate or a crash can neither count it twice nor
 * lose it, and each alert row exists once per period. The answer comes only after the commit;
 * the alert's SMS or mail is queued inside it, in its outbox (the SMS outbox never sends it to a
 * number that said STOP, and the person's conversation shows it).
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
  const outcome = await deps.commit({
    user,
    plan,
    channel,
    idempotencyKey: input.idempotencyKey,
    tokens: input.tokens,
    occurredAt,
    now,
  });

  if (outcome.kind === 'conflict') {
    throw new AppError('CONFLICT', 'This idempotency key was already used for a different event.');
  }
  return { eventId: outcome.eventId, duplicate: outcome.kind === 'duplicate' };
}

/**
 * Counts one event through `trx`: the event, its hour in the rollup and any alert it triggers,
 * under the person's row lock, so their events count one after another and an alert's total is
 * exact. Safe to run again after a rollback; a key already stored, earlier in the same
 * transaction too, is a duplicate (or a conflict when its figures differ), never counted twice.
 */
export async function writeUsageEvent(
  deps: Pick<
    RecordUsageDeps,
    'usageRepo' | 'usersRepo' | 'mailOutbox' | 'smsOutbox' | 'productName' | 'publicUrl'
  >,
  trx: Db,
  event: UsageEvent,
): Promise<UsageOutcome> {
  const { user, plan, channel } = event;
  const occurredIso = event.occurredAt.toISOString();
  const nowIso = event.now.toISOString();
  const repo = deps.usageRepo.with(trx);
  await deps.usersRepo.with(trx).lock(user.id);
  const eventId = newId();
  const stored = await repo.insertEventOnce({
    id: eventId,
    user_id: user.id,
    idempotency_key: event.idempotencyKey,
    tokens: event.tokens,
    occurred_at: occurredIso,
    recorded_at: nowIso,
  });
  if (!stored) {
    // Stored by a concurrent request that committed first, or earlier in this transaction.
    const existing = await repo.findEvent(user.id, event.idempotencyKey);
    if (existing && !sameFigures(existing, event, occurredIso)) return { kind: 'conflict' };
    return { kind: 'duplicate', eventId: existing?.id ?? eventId };
  }
  await repo.addToHour(user.id, hourKey(event.occurredAt), event.tokens);

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
  if (alert !== null && channel === 'sms' && user.phone_number) {
    const text = alertText(alert, alertTextInput(user, plan, deps));
    await deps.smsOutbox.queue(trx, {
      userId: user.id,
      to: { channel: 'sms', e164: user.phone_number },
      turnId: null,
      parts: [text.body],
      kind: 'notice',
      maxSegments: 3,
      more: '',
      // Once per alert row (insertAlertOnce above); no person id in the job's key, which outlives them.
      key: `usage-alert:${newId()}`,
    });
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
  return { kind: 'recorded', eventId, alert };
}

/** `commit` for events that come one at a time (the assistant's turns): a transaction each. */
export function commitAlone(
  deps: Pick<
    RecordUsageDeps,
    'usageRepo' | 'usersRepo' | 'mailOutbox' | 'smsOutbox' | 'productName' | 'publicUrl' | 'transaction'
  >,
): RecordUsageDeps['commit'] {
  return (event) => deps.transaction((trx) => writeUsageEvent(deps, trx, event));
}

/** The same key with other figures is a bug on the caller's side, not a retry: it is refused. */
function sameFigures(event: UsageEventRow, input: { tokens: number }, occurredIso: string): boolean {
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
