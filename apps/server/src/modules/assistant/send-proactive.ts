import type { TWorkspaceEvent } from '@app/contract/workspace/calendar';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { defineJob } from '../../lib/jobs/definition';
import { addDays, instantOf } from '../../lib/zoned-time';
import { listEvents } from '../workspace/calendar';
import { searchContacts } from '../workspace/contacts';
import { searchMail } from '../workspace/mail';
import { WorkspaceError } from '../workspace/workspace-error';
import type { AssistantDeps } from './deps';
import { mayStartMessage } from './may-start';
import { briefingText, reminderText, worthReminding } from './proactive-texts';
import { queueReplies, type TOutboundKind } from './replies';
import { say } from './texts';

export const GREETING_JOB = 'assistant.greeting';
export const BRIEFING_JOB = 'assistant.briefing';
export const REMINDER_JOB = 'assistant.reminder';

/** A briefing later than this after its time is no longer a morning briefing: it is skipped. */
export const BRIEFING_STALE_MS = 2 * 60 * 60_000;
/** Briefings and reminders fit in two segments: a glance, not a read. */
const PROACTIVE_SEGMENTS = 2;
/** Unread mails looked at, and distinct senders looked up in the contacts, per briefing. */
const UNREAD_LIMIT = 50;
const SENDERS_LIMIT = 20;

export type ProactiveDeps = AssistantDeps & {
  /** Whether every calendar of the person has a working change feed (app.changeFeed). */
  calendarsFollowed: (userId: string) => Promise<boolean>;
  /** The same for a batch in one go (the reminder looks' batch); asked one by one when absent. */
  calendarsFollowedOf?: (userIds: string[]) => Promise<Set<string>>;
  /** How often reminder looks come, with and without a feed (decision 501); the defaults when absent. */
  reminderLooks?: { fedMs: number; unfedMs: number };
  /** Looks under way at once in a pass (reminder-looks.ts's LOOKS_AT_ONCE when absent). */
  reminderLooksAtOnce?: number;
  log: FastifyBaseLogger;
  db: Db;
};

export interface BriefingJob {
  settingsId: string;
  day: string;
  time: string;
  zone: string;
}
export interface ReminderJob {
  settingsId: string;
  connectionId: string;
  eventId: string;
  start: string;
  lead: number;
}
export interface GreetingJob {
  settingsId: string;
  phoneHash: string;
}

/** The proactive messages' jobs (`sendGreeting`, `sendBriefing`, `sendReminder`, registered in plugin.ts). */
export const greetingJob = defineJob<GreetingJob>({
  kind: GREETING_JOB,
  payload: z.object({ settingsId: z.string(), phoneHash: z.string() }),
});
export const briefingJob = defineJob<BriefingJob>({
  kind: BRIEFING_JOB,
  payload: z.object({ settingsId: z.string(), day: z.string(), time: z.string(), zone: z.string() }),
});
export const reminderJob = defineJob<ReminderJob>({
  kind: REMINDER_JOB,
  payload: z.object({
    settingsId: z.string(),
    connectionId: z.string(),
    eventId: z.string(),
    start: z.string(),
    lead: z.number(),
  }),
});

/**
 * Queues one message the assistant starts itself through the same path as its replies (an
 * outbound row and a send job; the opt-out checked again at the moment of sending). The send
 * key is what makes it once: a person and day for a briefing, an event and start for a reminder.
 */
export async function queueProactive(
  deps: ProactiveDeps,
  check: { user: { id: string; phone_number: string; language: 'en' | 'zh' } },
  input: { key: string; kind: TOutboundKind; text: string },
): Promise<boolean> {
  const { queued } = await queueReplies(deps, {
    inboundId: input.key,
    key: input.key,
    userId: check.user.id,
    to: { channel: 'sms', e164: check.user.phone_number },
    language: check.user.language,
    turnId: null,
    parts: [input.text],
    kind: input.kind,
    maxSegments: PROACTIVE_SEGMENTS,
  });
  return queued;
}

export async function sendGreeting(deps: ProactiveDeps, job: GreetingJob): Promise<void> {
  const check = await mayStartMessage(deps, job.settingsId);
  if (!check.ok) return void deps.log.info({ reason: check.reason }, 'greeting not sent');
  // Greets the number it was meant for: a number changed since is greeted by its own job.
  if (deps.phoneHash(check.user.phone_number) !== job.phoneHash) return;
  await queueProactive(deps, check, {
    key: `greeting:${job.settingsId}:${job.phoneHash}`,
    kind: 'greeting',
    text: say(check.user.language, 'greeting', { product: deps.productName }),
  });
}

export async function sendBriefing(deps: ProactiveDeps, job: BriefingJob): Promise<void> {
  const check = await mayStartMessage(deps, job.settingsId);
  if (!check.ok) return void deps.log.info({ reason: check.reason }, 'briefing not sent');
  const { settings, zone, user } = check;
  // Scheduled under settings since changed (time moved, briefing off, another zone): its own
  // job, scheduled by the next pass, sends instead.
  if (settings.briefing_time !== job.time || zone !== job.zone) {
    // A change the pass was not told of (a zone set elsewhere): it works the next one out again.
    await deps.assistantSettingsRepo.rescheduleBriefing(user.id);
    return;
  }
  const now = deps.clock.now();
  const due = instantOf(`${job.day}T${job.time}`, zone);
  if (now.getTime() < due.getTime() || now.getTime() - due.getTime() > BRIEFING_STALE_MS) return;

  const from = instantOf(`${job.day}T00:00`, zone).toISOString();
  const to = instantOf(`${addDays(job.day, 1)}T00:00`, zone).toISOString();
  const events = await listEvents(deps.workspace, { userId: user.id, from, to, limit: 50 })
    .then((listed) => listed.events)
    .catch(orNothing<TWorkspaceEvent[]>([]));
  const unreadFromContacts = await unreadFromContactsOf(deps, user.id);
  await queueProactive(deps, check, {
    key: `briefing:${job.settingsId}:${job.day}`,
    kind: 'briefing',
    text: briefingText(user.language, { events, zone, unreadFromContacts }),
  });
}

export async function sendReminder(deps: ProactiveDeps, job: ReminderJob): Promise<void> {
  const check = await mayStartMessage(deps, job.settingsId);
  if (!check.ok) return void deps.log.info({ reason: check.reason }, 'reminder not sent');
  const { settings, zone, user } = check;
  if (settings.reminder_lead_minutes !== job.lead) return;
  const now = deps.clock.now();
  if (now.getTime() >= Date.parse(job.start)) return;
  // The event as it is now: moved, cancelled or stripped of its place, it needs no reminder.
  const around = Date.parse(job.start);
  const listed = await listEvents(deps.workspace, {
    userId: user.id,
    connectionId: job.connectionId,
    from: new Date(around - 60_000).toISOString(),
    to: new Date(around + 60_000).toISOString(),
    limit: 50,
  }).catch(orNothing({ events: [] as TWorkspaceEvent[] }));
  const event = listed.events.find(
    (e) => e.id === job.eventId && e.connectionId === job.connectionId && e.start === job.start,
  );
  if (!event || !worthReminding(event)) return;
  await queueProactive(deps, check, {
    key: `reminder:${job.settingsId}:${job.connectionId}:${job.eventId}:${job.start}`,
    kind: 'reminder',
    // The time left, not the lead: an event found 10 minutes ahead is "in 10 min" (issue 31, part 3).
    text: reminderText(user.language, { event, zone, minutesLeft: minutesLeft(job, now) }),
  });
}

/** Whole minutes until the event, rounded up (14:59 left is "in 15 min"), at most the lead. */
export function minutesLeft(job: Pick<ReminderJob, 'start' | 'lead'>, now: Date): number {
  return Math.min(job.lead, Math.max(1, Math.ceil((Date.parse(job.start) - now.getTime()) / 60_000)));
}

/** Unread mails whose sender is in the person's contacts; null when the mail could not be read. */
async function unreadFromContactsOf(deps: ProactiveDeps, userId: string): Promise<number | null> {
  const unread = await searchMail(deps.workspace, { userId, query: { unread: true, limit: UNREAD_LIMIT } })
    .then((found) => found.messages)
    .catch(orNothing(null));
  if (!unread) return null;
  const senders = [...new Set(unread.map((m) => m.from?.email.toLowerCase()).filter(Boolean))] as string[];
  const known = new Set<string>();
  for (const sender of senders.slice(0, SENDERS_LIMIT)) {
    const found = await searchContacts(deps.workspace, { userId, query: { q: sender, limit: 5 } }).catch(
      orNothing(null),
    );
    if (found?.contacts.some((c) => c.emails.some((e) => e.toLowerCase() === sender))) known.add(sender);
  }
  return unread.filter((m) => m.from && known.has(m.from.email.toLowerCase())).length;
}

/** A workspace that cannot answer (nothing connected, a broken grant) leaves its part out. */
function orNothing<T>(value: T) {
  return (error: unknown): T => {
    if (error instanceof WorkspaceError) return value;
    throw error;
  };
}
