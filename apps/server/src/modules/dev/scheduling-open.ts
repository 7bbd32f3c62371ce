import type { TSchedulingOpenResponse } from '@app/contract/dev/scheduling-open';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { addDays, instantOf, wallTimeOf, weekdayOf, zoneOrUtc } from '../../lib/zoned-time';
import { SAMPLE_WORDS_EN } from '../../providers/sample-workspace/sample-words-en';
import { SAMPLE_WORDS_ZH } from '../../providers/sample-workspace/sample-words-zh';

/**
 * The person's latest request waiting on answers (decision 572), for the simulated phone's
 * control: who answers and how many slots they may pick from. Null when none waits (or no
 * account has the number): the control is not shown.
 */
export async function schedulingOpen(app: FastifyInstance, phone: string): Promise<TSchedulingOpenResponse> {
  const user = await app.usersRepo.findByPhone(phone);
  const row = user ? await app.schedulingRepo.latestAsked(user.id) : undefined;
  if (!row) return { request: null };
  // Read as the dev reply route reads them (the dev module uses no other module).
  const [first] = JSON.parse(row.attendees) as { email: string; name: string | null }[];
  const approved = row.approved ? (JSON.parse(row.approved) as { slots: unknown[] }) : null;
  return {
    request: {
      id: row.id,
      title: row.title,
      who: first?.name ?? first?.email ?? '',
      slots: approved?.slots.length ?? 0,
    },
  };
}

const HOUR = 60 * 60 * 1000;

/**
 * A request already sent to the sample workspace's first contact (decision 572), three slots of
 * 30 minutes on the next working days in the person's zone: for the screen's card, offline.
 */
export async function schedulingSeed(app: FastifyInstance, phone: string): Promise<{ requestId: string }> {
  const user = await app.usersRepo.findByPhone(phone);
  if (!user) throw new AppError('NOT_FOUND', 'No account has this number.');
  const connection = (await app.connectionsRepo.listForUser(user.id)).find((c) =>
    ['google', 'microsoft'].includes(c.provider),
  );
  if (!connection) throw new AppError('NOT_FOUND', 'The person has no mailbox connected.');
  const words = user.language === 'zh' ? SAMPLE_WORDS_ZH : SAMPLE_WORDS_EN;
  const [contact] = Object.values(words.contacts);
  if (!contact) throw new AppError('NOT_FOUND', 'The sample workspace has no contact.');
  const now = app.clock.now();
  const zone = zoneOrUtc(user.time_zone ?? 'UTC');
  // The next three working days from tomorrow, at 10:00, 14:00 and 11:00 in the person's zone.
  const slots: { start: string; end: string }[] = [];
  let day = wallTimeOf(now, zone).slice(0, 10);
  for (const time of ['10:00', '14:00', '11:00']) {
    do day = addDays(day, 1);
    while (weekdayOf(day) === 0 || weekdayOf(day) === 6);
    const start = instantOf(`${day}T${time}`, zone);
    slots.push({ start: start.toISOString(), end: new Date(start.getTime() + HOUR / 2).toISOString() });
  }
  const email = contact.emails[0] ?? 'someone@example.com';
  const at = now.toISOString();
  const id = newId();
  const title = user.language === 'zh' ? `和${contact.name}开会` : `Meeting with ${contact.name}`;
  await app.schedulingRepo.insert({
    id,
    user_id: user.id,
    connection_id: connection.id,
    title,
    duration_minutes: 30,
    attendees: JSON.stringify([{ email, name: contact.name, known: true, zone: null }]),
    proposed: JSON.stringify(slots),
    approved: JSON.stringify({ slots, attendees: [email], withdrawn: [] }),
    thread_id: `seeded-${id}`,
    message_id: null,
    subject: title,
    status: 'asked',
    answers: '[]',
    chase_due_at: null,
    booked_event_id: null,
    booked_slot: null,
    holds: null,
    created_at: at,
    updated_at: at,
  });
  return { requestId: id };
}
