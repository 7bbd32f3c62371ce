import type { TWorkspaceEvent } from '@app/contract/workspace/calendar';
import type { ChangeRecord } from '../../providers/change-feed/feed-adapter';
import { listEvents } from '../workspace/calendar';
import { WorkspaceError } from '../workspace/workspace-error';
import { worthReminding } from './proactive-texts';
import { type ProactiveDeps, REMINDER_JOB, type ReminderJob, reminderJob } from './send-proactive';
import type { AssistantSettingsRow } from './settings/repo';

/** A changed event's reminder is queued straight away when it starts within this long. */
const CHANGE_WINDOW_MS = 24 * 60 * 60_000;

/** The reminder jobs of one event of one connection, whatever its start and lead. */
const keyOfEvent = (settingsId: string, connectionId: string, eventId: string) =>
  `reminder:${settingsId}:${connectionId}:${eventId}:`;

/** The reminder job of one event at its lead, when it needs one: the key makes it once per start and lead. */
function reminderOf(
  settings: Pick<AssistantSettingsRow, 'id' | 'reminder_lead_minutes'>,
  event: TWorkspaceEvent,
  now: Date,
): { key: string; payload: ReminderJob; runAt: Date } | null {
  const lead = settings.reminder_lead_minutes;
  if (lead === null || !worthReminding(event) || Date.parse(event.start) <= now.getTime()) return null;
  return {
    key: `${keyOfEvent(settings.id, event.connectionId, event.id)}${event.start}:${lead}`,
    payload: {
      settingsId: settings.id,
      connectionId: event.connectionId,
      eventId: event.id,
      start: event.start,
      lead,
    },
    runAt: new Date(Math.max(now.getTime(), Date.parse(event.start) - lead * 60_000)),
  };
}

/** Queues the reminder of one event at its lead, if it needs one. */
export async function enqueueEventReminder(
  deps: ProactiveDeps,
  settings: Pick<AssistantSettingsRow, 'id' | 'reminder_lead_minutes'>,
  event: TWorkspaceEvent,
  now: Date,
): Promise<void> {
  const job = reminderOf(settings, event, now);
  if (job) await deps.jobs.enqueue(deps.db, reminderJob, job);
}

/**
 * Event reminders follow the calendar's changes (issue 31, decision 491): an event that moved or
 * was cancelled has its queued reminders withdrawn, and, as it is now, a new one queued when it
 * starts within a day. The events are read once per connection as they are now (a record may be
 * old, repeated or out of order), so applying the same change twice leaves the same jobs.
 */
export async function followCalendarChanges(deps: ProactiveDeps, records: ChangeRecord[]): Promise<void> {
  const byConnection = new Map<string, { userId: string; eventIds: Set<string> }>();
  for (const record of records) {
    if (record.kind !== 'event.changed' && record.kind !== 'event.cancelled') continue;
    const entry = byConnection.get(record.connectionId) ?? { userId: record.userId, eventIds: new Set() };
    entry.eventIds.add(record.eventId);
    byConnection.set(record.connectionId, entry);
  }
  const now = deps.clock.now();
  for (const [connectionId, { userId, eventIds }] of byConnection) {
    const settings = await deps.assistantSettingsRepo.find(userId);
    if (!settings) continue;
    const reminding = settings.paused === 0 && settings.reminder_lead_minutes !== null;
    const listed = reminding
      ? await listEvents(deps.workspace, {
          userId,
          connectionId,
          from: now.toISOString(),
          to: new Date(now.getTime() + CHANGE_WINDOW_MS).toISOString(),
          limit: 50,
        }).catch((error: unknown) => {
          if (error instanceof WorkspaceError) return { events: [] };
          throw error;
        })
      : { events: [] };
    const jobs = listed.events
      .filter((event) => eventIds.has(event.id))
      .map((event) => reminderOf(settings, event, now))
      .filter((job) => job !== null);
    // What no longer holds is withdrawn; what still holds stays the same job.
    const keep = jobs.map((job) => job.key);
    for (const eventId of eventIds)
      await deps.jobs.repo.cancelPending(
        REMINDER_JOB,
        keyOfEvent(settings.id, connectionId, eventId),
        now,
        keep,
      );
    for (const job of jobs) await deps.jobs.enqueue(deps.db, reminderJob, job);
  }
}

/** A calendar's cursor was lost and resynced: its single changes may be missing, so the next pass looks. */
export async function lookAfterResync(deps: ProactiveDeps, records: ChangeRecord[]): Promise<void> {
  const people = new Set(
    records.filter((r) => r.kind === 'resynced' && r.resource === 'calendar').map((r) => r.userId),
  );
  for (const userId of people) await deps.assistantSettingsRepo.lookForRemindersNow(userId);
}
