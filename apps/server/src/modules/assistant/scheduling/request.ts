import type { TMailSummary } from '@app/contract/workspace/mail';
import { addDays, instantOf, wallTimeOf, weekdayOf } from '../../../lib/zoned-time';
import type { Interval } from '../../scheduling/find-slots';
import type { ReplyAnswer } from './classify-reply';
import type { SchedulingRequestRow } from './repo';

/** No answer after this many working days (Monday to Friday, the person's zone): ask about a reminder. */
export const SCHEDULING_CHASE_WORKING_DAYS = 2;

/** Someone asked to meet: known = a contact, mailed before, or typed by the person (known-recipients.ts). */
export interface Attendee {
  email: string;
  name: string | null;
  known: boolean;
  zone: string | null;
}

/**
 * What the person's YES approved, frozen (decision 551): exactly these slots (numbered from 1 as
 * the mail lists them) with exactly these attendees. Slots withdrawn since (passed) keep their
 * number, so a reply's "2" means the same slot it meant in the mail.
 */
export interface ApprovedSet {
  slots: Interval[];
  attendees: string[];
  withdrawn: number[];
}

export interface StoredAnswer {
  from: string;
  messageId: string;
  at: string;
  answer: ReplyAnswer;
}

export const attendeesOf = (row: SchedulingRequestRow): Attendee[] => JSON.parse(row.attendees) as Attendee[];
export const approvedOf = (row: SchedulingRequestRow): ApprovedSet | null =>
  row.approved ? (JSON.parse(row.approved) as ApprovedSet) : null;
export const answersOf = (row: SchedulingRequestRow): StoredAnswer[] =>
  JSON.parse(row.answers) as StoredAnswer[];

export type ReplyOutcome =
  | { kind: 'book'; slot: number }
  | {
      kind: 'ask';
      reason:
        | 'other_time'
        | 'declined'
        | 'unclear'
        | 'extra'
        | 'not_attendee'
        | 'outside'
        | 'passed'
        | 'others_added';
    };

/**
 * What code does with a classified reply (decision 552): it books only a pick, by an approved
 * attendee, of an approved slot still to come and not withdrawn, from a reply that asks nothing
 * else and adds no one; everything else goes back to the person as a question. The model's
 * reading is an input here, never the decision.
 */
export function decideReply(
  approved: ApprovedSet,
  message: Pick<TMailSummary, 'from' | 'to' | 'cc'>,
  own: readonly string[],
  answer: ReplyAnswer,
  now: Date,
): ReplyOutcome {
  const allowed = new Set(approved.attendees.map((email) => email.toLowerCase()));
  const from = message.from?.email.toLowerCase() ?? '';
  if (!allowed.has(from)) return { kind: 'ask', reason: 'not_attendee' };
  const mine = new Set(own.map((email) => email.toLowerCase()));
  const added = [...message.to, ...message.cc]
    .map((address) => address.email.toLowerCase())
    .filter((email) => !allowed.has(email) && !mine.has(email));
  if (answer.kind !== 'picked') return { kind: 'ask', reason: answer.kind };
  if (answer.extra) return { kind: 'ask', reason: 'extra' };
  if (added.length > 0) return { kind: 'ask', reason: 'others_added' };
  const slot = approved.slots[answer.slot - 1];
  if (!slot) return { kind: 'ask', reason: 'outside' };
  if (approved.withdrawn.includes(answer.slot) || Date.parse(slot.start) <= now.getTime())
    return { kind: 'ask', reason: 'passed' };
  return { kind: 'book', slot: answer.slot };
}

/** The slots passed by now, by number, added to those withdrawn already. */
export function withdrawPassed(approved: ApprovedSet, now: Date): ApprovedSet {
  const passed = approved.slots
    .map((slot, i) => ({ n: i + 1, slot }))
    .filter(({ n, slot }) => !approved.withdrawn.includes(n) && Date.parse(slot.start) <= now.getTime())
    .map(({ n }) => n);
  return { ...approved, withdrawn: [...approved.withdrawn, ...passed].sort((a, b) => a - b) };
}

/** `from` plus the working days, at the same wall time in the zone (weekends skipped). */
export function chaseDue(from: Date, zone: string, workingDays = SCHEDULING_CHASE_WORKING_DAYS): Date {
  const wall = wallTimeOf(from, zone);
  let day = wall.slice(0, 10);
  let left = workingDays;
  while (left > 0) {
    day = addDays(day, 1);
    const weekday = weekdayOf(day);
    if (weekday >= 1 && weekday <= 5) left -= 1;
  }
  return instantOf(`${day}T${wall.slice(11, 16)}`, zone);
}
