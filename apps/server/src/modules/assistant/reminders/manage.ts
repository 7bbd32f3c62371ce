import { newId } from '../../../lib/ids';
import { instantOf, zoneOrUtc } from '../../../lib/zoned-time';
import type { AssistantDeps } from '../deps';
import { localOf, nextOccurrence, readRule } from './recurrence';
import type { ReminderRow } from './repo';

/** Active reminders and routines one person may have at once. */
export const MAX_ACTIVE_REMINDERS = 50;
/** The longest words a reminder keeps. */
export const MAX_WHAT_CHARS = 500;

type ManageDeps = Pick<AssistantDeps, 'remindersRepo' | 'queueOccurrence' | 'clock'>;

export class ReminderRefused extends Error {
  constructor(
    readonly code: 'limit' | 'past' | 'bad_time' | 'bad_rule' | 'not_found',
    message: string,
  ) {
    super(message);
  }
}

export interface NewReminder {
  userId: string;
  zone: string;
  what: string;
  /** The one-off's local time, or a routine's first occurrence (YYYY-MM-DDTHH:mm in `zone`). */
  at: string;
  /** An RRULE makes it a routine. */
  rrule?: string | undefined;
  action: 'text' | 'agent';
  /** The person's text that asked for it (or what the screen says). */
  evidence: string;
  evidenceMessageId: string | null;
}

/** What the model and the screen are told of a reminder. */
export interface ReminderView {
  id: string;
  kind: 'once' | 'routine';
  what: string;
  action: 'text' | 'agent';
  rrule: string | null;
  /** The next time it fires, local in its zone. */
  next: string | null;
  zone: string;
}

export function viewOf(row: ReminderRow): ReminderView {
  return {
    id: row.id,
    kind: row.kind,
    what: row.what,
    action: row.action,
    rrule: row.rrule,
    next: row.due_at ? localOf(new Date(row.due_at), row.zone) : null,
    zone: row.zone,
  };
}

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** When a reminder first fires: a one-off at its time (not past), a routine at its first occurrence from now. */
function firstDue(rule: string | null, at: string, zone: string, now: Date): Date {
  if (!LOCAL.test(at)) throw new ReminderRefused('bad_time', 'Give the time as YYYY-MM-DDTHH:mm.');
  if (!rule) {
    const due = instantOf(at, zone);
    if (due <= now) throw new ReminderRefused('past', 'That time has passed: ask for a later one.');
    return due;
  }
  const due = nextOccurrence(rule, at, zone, new Date(now.getTime() - 1));
  if (!due) throw new ReminderRefused('bad_rule', 'That rule has no occurrence left.');
  return due;
}

/**
 * Stores a reminder or routine and queues its first occurrence's job. At most
 * MAX_ACTIVE_REMINDERS active per person.
 */
export async function createReminder(deps: ManageDeps, input: NewReminder): Promise<ReminderView> {
  const what = input.what.trim().slice(0, MAX_WHAT_CHARS);
  if (!what) throw new ReminderRefused('bad_time', 'Say what to remind of.');
  const rule = input.rrule ? readRule(input.rrule) : null;
  if (input.rrule && !rule)
    throw new ReminderRefused('bad_rule', 'Give an RRULE such as FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR.');
  if ((await deps.remindersRepo.countActive(input.userId)) >= MAX_ACTIVE_REMINDERS)
    throw new ReminderRefused('limit', `At most ${MAX_ACTIVE_REMINDERS} reminders: cancel one first.`);
  const zone = zoneOrUtc(input.zone);
  const now = deps.clock.now();
  const due = firstDue(rule, input.at, zone, now);
  const nowIso = now.toISOString();
  const row: ReminderRow = {
    id: newId(),
    user_id: input.userId,
    kind: rule ? 'routine' : 'once',
    what,
    action: rule ? input.action : 'text',
    rrule: rule,
    start_local: input.at,
    zone,
    due_at: due.toISOString(),
    evidence_message_id: input.evidenceMessageId,
    evidence: input.evidence.slice(0, 2000),
    state: 'active',
    last_fired_at: null,
    last_outcome: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  await deps.remindersRepo.insert(row);
  await deps.queueOccurrence(row.id, row.due_at!);
  return viewOf(row);
}

export async function listReminders(deps: ManageDeps, userId: string): Promise<ReminderView[]> {
  return (await deps.remindersRepo.active(userId)).map(viewOf);
}

/** Cancels an active reminder; its queued job then finds nothing to fire. */
export async function cancelReminder(deps: ManageDeps, userId: string, id: string): Promise<ReminderView> {
  const row = await deps.remindersRepo.find(userId, id);
  if (!row || !(await deps.remindersRepo.cancel(userId, id, deps.clock.now().toISOString())))
    throw new ReminderRefused('not_found', 'No such active reminder: list them first.');
  return viewOf({ ...row, state: 'cancelled', due_at: null });
}

/**
 * A new time: a one-off's, or a routine's first occurrence (its rule keeps going from there). The
 * job of the old time finds the row due at another instant and does nothing.
 */
export async function moveReminder(
  deps: ManageDeps,
  userId: string,
  id: string,
  at: string,
): Promise<ReminderView> {
  const row = await deps.remindersRepo.find(userId, id);
  if (row?.state !== 'active')
    throw new ReminderRefused('not_found', 'No such active reminder: list them first.');
  const now = deps.clock.now();
  const due = firstDue(row.rrule, at, row.zone, now).toISOString();
  if (
    !(await deps.remindersRepo.reschedule(userId, id, {
      startLocal: at,
      dueAt: due,
      nowIso: now.toISOString(),
    }))
  )
    throw new ReminderRefused('not_found', 'No such active reminder: list them first.');
  await deps.queueOccurrence(id, due);
  return viewOf({ ...row, start_local: at, due_at: due });
}
