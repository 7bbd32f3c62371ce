import { createHash } from 'node:crypto';
import type { TBusySpan, TWorkingHours } from '@app/contract/workspace/others-free-busy';
import { addDays, dateIn, instantOf, weekdayOf, zoneOrUtc } from '../../lib/zoned-time';
import type { InstantRange } from '../calendar/calendar-adapter';
import { mergeBusy } from '../calendar/merge-busy';
import { CONTACT_KEYS, type ContactKey, SAMPLE_WORDS } from './sample-words';

/**
 * The sample workspace's people as others to schedule with (issue 32): each has working hours,
 * some in a zone of their own (Priya in London, Daniel in New York, Hiroshi in Tokyo, Jonas in
 * Stockholm; the rest where the owner lives), and a few busy blocks on each working day, made
 * from the owner, the person and the day, so every call, restart and test sees the same week.
 * Harbour Dental's reception is a business, not a person with a calendar: unknown, as anyone
 * else is.
 */
export type SamplePerson = Exclude<ContactKey, 'dental'>;

interface Hours {
  /** null: where the owner lives. */
  zone: string | null;
  start: string;
  end: string;
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  days: number[];
}

const WEEKDAYS = [1, 2, 3, 4, 5];
const NINE_TO_FIVE: Hours = { zone: null, start: '09:00', end: '17:00', days: WEEKDAYS };

const HOURS: Partial<Record<SamplePerson, Hours>> = {
  priya: { zone: 'Europe/London', start: '09:00', end: '17:30', days: WEEKDAYS },
  daniel: { zone: 'America/New_York', start: '08:30', end: '17:00', days: WEEKDAYS },
  hiroshi: { zone: 'Asia/Tokyo', start: '09:30', end: '18:00', days: WEEKDAYS },
  jonas: { zone: 'Europe/Stockholm', start: '08:00', end: '16:00', days: [1, 2, 3, 4] },
  marcus: { zone: null, start: '07:00', end: '15:00', days: [1, 2, 3, 4, 5, 6] },
};

/** Every address of every sample person, in either language's sample, to their key. */
const PERSON_BY_EMAIL = new Map<string, SamplePerson>(
  Object.values(SAMPLE_WORDS).flatMap((words) =>
    CONTACT_KEYS.filter((key): key is SamplePerson => key !== 'dental').flatMap((key) =>
      words.contacts[key].emails.map((email) => [email.toLowerCase(), key] as const),
    ),
  ),
);

export function samplePersonOf(email: string): SamplePerson | null {
  return PERSON_BY_EMAIL.get(email.trim().toLowerCase()) ?? null;
}

/** Their working hours, the zone named (the owner's where they have none of their own). */
export function workingHoursOf(person: SamplePerson, ownerZone: string): TWorkingHours {
  const hours = HOURS[person] ?? NINE_TO_FIVE;
  return { days: hours.days, start: hours.start, end: hours.end, zone: hours.zone ?? zoneOrUtc(ownerZone) };
}

const SLOT_MINUTES = 30;
const LENGTHS = [30, 60, 60, 90];
/** A range longer than this has its blocks made for its first days only (no caller asks so far). */
const MAX_DAYS = 370;

/**
 * Their own busy blocks in the range: on each working day in their zone, one to three blocks of
 * 30 to 90 minutes on the half hour inside their working hours, chosen by a hash of the owner,
 * the person and the date. Merged and cut to the range.
 */
export function ownBusyOf(
  owner: string,
  person: SamplePerson,
  hours: TWorkingHours,
  range: InstantRange,
): TBusySpan[] {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const blocks: { start: number; end: number }[] = [];
  const first = dateIn(new Date(from), hours.zone);
  const last = dateIn(new Date(to), hours.zone);
  for (let day = 0, date = first; date <= last && day < MAX_DAYS; day += 1, date = addDays(first, day)) {
    const isoWeekday = weekdayOf(date) === 0 ? 7 : weekdayOf(date);
    if (!hours.days.includes(isoWeekday)) continue;
    const dayStart = instantOf(`${date}T${hours.start}`, hours.zone).getTime();
    const dayEnd = instantOf(`${date}T${hours.end}`, hours.zone).getTime();
    const slots = Math.floor((dayEnd - dayStart) / (SLOT_MINUTES * 60_000));
    if (slots <= 0) continue;
    const seed = createHash('sha256').update(`${owner}|${person}|${date}`).digest();
    const count = 1 + ((seed[0] ?? 0) % 3);
    for (let i = 0; i < count; i += 1) {
      const start = dayStart + ((seed[1 + 2 * i] ?? 0) % slots) * SLOT_MINUTES * 60_000;
      const minutes = LENGTHS[(seed[2 + 2 * i] ?? 0) % LENGTHS.length] ?? 60;
      blocks.push({ start, end: Math.min(dayEnd, start + minutes * 60_000) });
    }
  }
  return mergeBusy(blocks, range);
}
