import { zoneOrUtc } from '../../../lib/zoned-time';
import { checkSlot } from '../../scheduling/find-slots';
import { resolveOtherTime } from '../../scheduling/other-time';
import { slotWords } from '../../scheduling/slot-words';
import { freeBusy } from '../../workspace/calendar';
import type { ProactiveDeps } from '../send-proactive';
import { say } from '../texts';
import { askPersonToApprove } from './ask-person';
import { holdsOf } from './holds';
import type { SchedulingRequestRow } from './repo';
import { type ApprovedSet, withdrawPassed } from './request';
import { namesOf, textPerson } from './texts';

/** Every hour of every day: the person judges the hours of a time someone else suggested. */
const ANY_HOUR = { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00' };

/**
 * Another time suggested in a reply (decision 583), the request already `needs_person`: code
 * resolves the words into one span (in the zone the reader was shown the slots in); none, or
 * one already past, and the caller texts the question as before (false). A span the person's
 * calendar is busy in is said so, with the slots still offered, and nothing is asked. Else one
 * approval: the span in the person's words, the request's approved attendees (named; never
 * anyone from the reply), and that invitations go; its YES is `bookOtherTime`.
 */
export async function askAboutOtherTime(
  deps: ProactiveDeps,
  row: SchedulingRequestRow,
  approved: ApprovedSet,
  reply: { name: string; words: string; zone: string; messageId: string },
): Promise<boolean> {
  const now = deps.clock.now();
  const slot = resolveOtherTime(reply.words, {
    now,
    zone: reply.zone,
    durationMinutes: row.duration_minutes,
  });
  if (!slot || Date.parse(slot.start) <= now.getTime()) return false;
  const user = await deps.usersRepo.findById(row.user_id);
  const zone = zoneOrUtc(user?.time_zone ?? 'UTC');
  const language = user?.language ?? 'en';
  const when = slotWords(slot, zone, language);
  const own = await freeBusy(deps.workspace, { userId: row.user_id, from: slot.start, to: slot.end });
  // The request's own holds (decision 594) keep those times for it: they do not make the person busy.
  const span = (interval: { start: string; end: string }) =>
    `${Date.parse(interval.start)}/${Date.parse(interval.end)}`;
  const held = new Set(
    holdsOf(row).flatMap((hold) => {
      const offered = approved.slots[hold.slot - 1];
      return offered ? [span(offered)] : [];
    }),
  );
  const busy = own.busy.filter((interval) => !held.has(span(interval)));
  const problem = checkSlot(
    {
      now,
      window: slot,
      durationMinutes: row.duration_minutes,
      zone,
      workingHours: ANY_HOUR,
      preferences: { avoid: [] },
      busy,
      others: [],
    },
    slot,
  );
  const key = `scheduling:${row.id}:${reply.messageId}`;
  if (problem === 'busy') {
    const left = withdrawPassed(approved, now);
    const slots = left.slots
      .map((open, i) => ({ open, n: i + 1 }))
      .filter(({ n }) => !left.withdrawn.includes(n))
      .map(({ open, n }) => `${n}. ${slotWords(open, zone, language)}`)
      .join('; ');
    await textPerson(deps, row, key, {
      key: 'schedulingOtherTimeBusy',
      vars: { name: reply.name, when, slots: slots || '-' },
    });
    return true;
  }
  if (problem) return false;
  await askPersonToApprove(deps, row, key, {
    action: { kind: 'book_time', requestId: row.id, start: slot.start, end: slot.end },
    title: row.title,
    when: slot.start,
    recipients: approved.attendees,
    lines: [
      say(language, 'lineEvent', { title: row.title, when }),
      say(language, 'lineSuggestedBy', { name: reply.name }),
      say(language, 'lineSchedule', {
        title: row.title,
        minutes: String(row.duration_minutes),
        names: namesOf(row, approved.attendees),
      }),
    ],
    body: null,
  });
  return true;
}
