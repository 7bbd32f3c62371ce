import { addDays, dateIn, instantOf, zoneOrUtc } from '../../lib/zoned-time';
import { listEvents } from '../workspace/calendar';
import { WorkspaceError } from '../workspace/workspace-error';
import { checkFollowUps } from './follow-ups/check';
import { planStanding } from './plan-standing';
import { worthReminding } from './proactive-texts';
import { quietEnd } from './quiet-hours';
import {
  type BriefingJob,
  briefingJob,
  type GreetingJob,
  greetingJob,
  type ProactiveDeps,
  type ReminderJob,
  reminderJob,
} from './send-proactive';
import { defaultSettingsRow } from './settings';
import type { ScheduledPerson } from './settings/repo';

/** One look at a person's calendar for reminders every this long, by one instance. */
export const REMINDER_SCAN_MS = 5 * 60_000;
/** How far past the lead time a look reaches: more than the time between two looks. */
const REMINDER_HORIZON_MS = 3 * REMINDER_SCAN_MS;
/** People handled per pass and kind; the next pass takes the rest. */
const BATCH = 500;

/**
 * The scheduling pass every instance runs (decision 222): it only enqueues, and every job's key
 * says what it is (a person's briefing on a day at a time in a zone, an event's reminder at a
 * lead), so passes on several instances, or one after a restart, enqueue each message once.
 * The send job decides at its moment whether it still should go.
 */
export async function scheduleMessages(deps: ProactiveDeps, graceMs: number): Promise<void> {
  const now = deps.clock.now();
  for (const person of await deps.assistantSettingsRepo.linkedWithoutSettings(BATCH)) {
    await deps.assistantSettingsRepo.ensure(defaultSettingsRow(person.id, now.toISOString()));
  }
  await scheduleGreetings(deps, now);
  await scheduleBriefings(deps, now, graceMs);
  await scheduleReminders(deps, now);
  await checkFollowUps(deps, now);
}

/**
 * A newly linked number is greeted once, once the person has a plan (a greeting they cannot
 * answer would only meet the no-plan notice) and is not paused; quiet hours delay it. Someone
 * who already talks with the assistant (linked before greetings existed) is not greeted.
 */
async function scheduleGreetings(deps: ProactiveDeps, now: Date): Promise<void> {
  for (const person of await deps.assistantSettingsRepo.ungreeted(BATCH)) {
    const { settings } = person;
    if (settings.paused === 1) continue;
    const user = await deps.usersRepo.findById(person.userId);
    if (!user || (await planStanding(deps, user, now)).kind !== 'active') continue;
    const first = settings.greeted_phone === null;
    if (!(first && (await deps.assistantRepo.hasConversation(person.userId)))) {
      const phoneHash = deps.phoneHash(person.phone);
      const payload: GreetingJob = { settingsId: settings.id, phoneHash };
      await deps.jobs.enqueue(deps.db, greetingJob, {
        key: `greeting:${settings.id}:${phoneHash}`,
        payload,
        runAt: quietEnd(settings, now, zoneOf(person)),
      });
    }
    await deps.assistantSettingsRepo.markGreeted(person.userId, person.phone, settings.greeted_phone);
  }
}

/**
 * Today's briefing (while its time is ahead, or just passed) and tomorrow's, each at the local
 * time in the person's zone: a time the zone skips moves past the gap, a repeated one takes the
 * first (lib/zoned-time.ts), so a daylight-saving morning still gets one at 07:00 local.
 */
async function scheduleBriefings(deps: ProactiveDeps, now: Date, graceMs: number): Promise<void> {
  for (const person of await deps.assistantSettingsRepo.withBriefing()) {
    const time = person.settings.briefing_time!;
    const zone = zoneOf(person);
    const today = dateIn(now, zone);
    for (const day of [today, addDays(today, 1)]) {
      const at = instantOf(`${day}T${time}`, zone);
      if (at.getTime() <= now.getTime() - graceMs) continue;
      const payload: BriefingJob = { settingsId: person.settings.id, day, time, zone };
      await deps.jobs.enqueue(deps.db, briefingJob, {
        key: `briefing:${person.settings.id}:${day}:${time}:${zone}`,
        payload,
        runAt: at,
      });
    }
  }
}

/** Events with a place or a meeting link starting within the lead and a little more. */
async function scheduleReminders(deps: ProactiveDeps, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const lookedBefore = new Date(now.getTime() - REMINDER_SCAN_MS).toISOString();
  for (const person of await deps.assistantSettingsRepo.dueForReminderScan(lookedBefore, BATCH)) {
    const { settings } = person;
    const lead = settings.reminder_lead_minutes!;
    if (
      !(await deps.assistantSettingsRepo.claimReminderScan(
        person.userId,
        settings.reminders_scanned_at,
        nowIso,
      ))
    )
      continue;
    const listed = await listEvents(deps.workspace, {
      userId: person.userId,
      from: nowIso,
      to: new Date(now.getTime() + lead * 60_000 + REMINDER_HORIZON_MS).toISOString(),
      limit: 50,
    }).catch((error: unknown) => {
      if (error instanceof WorkspaceError) return { events: [] };
      throw error;
    });
    for (const event of listed.events) {
      if (!worthReminding(event) || Date.parse(event.start) <= now.getTime()) continue;
      const payload: ReminderJob = {
        settingsId: settings.id,
        connectionId: event.connectionId,
        eventId: event.id,
        start: event.start,
        lead,
      };
      await deps.jobs.enqueue(deps.db, reminderJob, {
        key: `reminder:${settings.id}:${event.connectionId}:${event.id}:${event.start}:${lead}`,
        payload,
        runAt: new Date(Math.max(now.getTime(), Date.parse(event.start) - lead * 60_000)),
      });
    }
  }
}

function zoneOf(person: ScheduledPerson): string {
  return zoneOrUtc(person.timeZone ?? 'UTC');
}
