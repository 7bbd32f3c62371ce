import ICAL from 'ical.js';
import { instantToWall } from '../../lib/iana-zone';
import { ProviderError } from '../provider-errors';
import type { EventPatch, EventWhen } from './calendar-adapter';
import {
  findOccurrence,
  isRecurringMaster,
  parseCalendarObject,
  readCalendar,
  recurrenceKey,
  seriesOf,
} from './ical-events';
import { timeOfWall } from './ical-zones';
import { vtimezoneFor } from './vtimezone';

/**
 * Writes calendar objects for CalDAV: a new event, a patch to one (or to one occurrence of a
 * series), an occurrence taken out. ical.js builds the object and escapes text values (RFC 5545
 * §3.3.11: backslash, semicolon, comma, newline); lines are folded here at 75 octets.
 */

const PRODID = '-//Relay//Assistant Workspace//EN';

/** Zones written as UTC (`...Z`), which needs no VTIMEZONE. */
const UTC_NAMES = /^(Etc\/)?(UTC|UCT|GMT|Zulu|Universal)$/;

/**
 * One content line folded (RFC 5545 §3.1): at most 75 octets a line, the leading space of a
 * continuation counted, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > 75) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

export function serializeCalendar(calendar: ICAL.Component): string {
  // ical.js folds too, its continuation lines one octet long; unfolded and folded again here.
  const logical = calendar.toString().replace(/\r?\n[ \t]/g, '');
  return `${logical
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map(foldLine)
    .join('\r\n')}\r\n`;
}

function utcTime(instant: number): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(instant), true);
}

/** The wall-clock time (floating; the TZID parameter names its zone) of an instant in a zone. */
function wallTime(instant: number, zone: string): ICAL.Time {
  return timeOfWall(instantToWall(zone, instant));
}

function setTime(vevent: ICAL.Component, name: string, time: ICAL.Time, tzid: string | null): void {
  vevent.removeAllProperties(name);
  const property = new ICAL.Property(name);
  property.setValue(time);
  if (tzid) property.setParameter('tzid', tzid);
  vevent.addProperty(property);
}

/** Makes sure the object defines the zone (RFC 5545 §3.2.19) well enough for these instants. */
function defineZone(calendar: ICAL.Component, zone: string, instants: number[]): void {
  const existing = calendar
    .getAllSubcomponents('vtimezone')
    .find((vtimezone) => vtimezone.getFirstPropertyValue('tzid') === zone);
  // One that already reads these times as the tz database does is kept (another client's, with
  // rules that reach further than ours); one that does not is replaced.
  if (existing && instants.every((instant) => agrees(existing, zone, instant))) return;
  if (existing) calendar.removeSubcomponent(existing);
  calendar.addSubcomponent(vtimezoneFor(zone, Math.min(...instants), Math.max(...instants)));
}

function agrees(vtimezone: ICAL.Component, zone: string, instant: number): boolean {
  try {
    const wall = wallTime(instant, zone);
    return new ICAL.Timezone(vtimezone).utcOffset(wall) * 1000 === instantToWall(zone, instant) - instant;
  } catch {
    return false;
  }
}

/** Sets DTSTART/DTEND: dates for an all-day event, else wall times in the zone with its TZID. */
function setWhen(calendar: ICAL.Component, vevent: ICAL.Component, when: EventWhen): void {
  vevent.removeAllProperties('duration');
  if (when.allDay) {
    setTime(vevent, 'dtstart', ICAL.Time.fromDateString(when.startDate), null);
    setTime(vevent, 'dtend', ICAL.Time.fromDateString(when.endDate), null);
    return;
  }
  const start = Date.parse(when.start);
  const end = Date.parse(when.end);
  if (UTC_NAMES.test(when.timeZone)) {
    setTime(vevent, 'dtstart', utcTime(start), null);
    setTime(vevent, 'dtend', utcTime(end), null);
    return;
  }
  defineZone(calendar, when.timeZone, [start, end]);
  setTime(vevent, 'dtstart', wallTime(start, when.timeZone), when.timeZone);
  setTime(vevent, 'dtend', wallTime(end, when.timeZone), when.timeZone);
}

function setText(vevent: ICAL.Component, name: string, value: string | null): void {
  if (value === null || value === '') vevent.removeAllProperties(name);
  else vevent.updatePropertyWithValue(name, value);
}

function addressOf(property: ICAL.Property): string {
  return String(property.getFirstValue() ?? '')
    .trim()
    .replace(/^mailto:/i, '')
    .toLowerCase();
}

/**
 * The attendee list becomes `emails`: those already there keep their answer and name, new ones
 * are asked (PARTSTAT=NEEDS-ACTION, RSVP). A meeting needs an ORGANIZER (RFC 5546): the account.
 */
function setAttendees(vevent: ICAL.Component, emails: string[], organizer: string): void {
  const wanted = new Set(emails.map((email) => email.toLowerCase()));
  for (const property of vevent.getAllProperties('attendee')) {
    if (!wanted.has(addressOf(property))) vevent.removeProperty(property);
  }
  const present = new Set(vevent.getAllProperties('attendee').map(addressOf));
  for (const email of emails) {
    if (present.has(email.toLowerCase())) continue;
    present.add(email.toLowerCase());
    const property = new ICAL.Property('attendee');
    property.setParameter('role', 'REQ-PARTICIPANT');
    property.setParameter('partstat', 'NEEDS-ACTION');
    property.setParameter('rsvp', 'TRUE');
    property.setValue(`mailto:${email}`);
    vevent.addProperty(property);
  }
  if (emails.length && !vevent.hasProperty('organizer'))
    vevent.addPropertyWithValue('organizer', `mailto:${organizer}`);
}

/** DTSTAMP and LAST-MODIFIED now, SEQUENCE one up: attendees' clients take the change as newer. */
function stamp(vevent: ICAL.Component, now: Date, changed: boolean): void {
  vevent.updatePropertyWithValue('dtstamp', utcTime(now.getTime()));
  vevent.updatePropertyWithValue('last-modified', utcTime(now.getTime()));
  if (changed) {
    const sequence = Number(vevent.getFirstPropertyValue('sequence') ?? 0);
    vevent.updatePropertyWithValue('sequence', Number.isFinite(sequence) ? sequence + 1 : 1);
  }
}

export interface EventDraft {
  uid: string;
  title: string;
  when: EventWhen;
  location: string | null;
  description: string | null;
  attendees: string[];
  /** The account's address, the ORGANIZER of an event with attendees. */
  organizer: string;
  now: Date;
  /** A hold (decision 594): `STATUS:TENTATIVE`. */
  tentative?: boolean;
}

/** A new calendar object holding one event. */
export function newCalendarObject(draft: EventDraft): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', draft.uid);
  vevent.addPropertyWithValue('created', utcTime(draft.now.getTime()));
  stamp(vevent, draft.now, false);
  vevent.addPropertyWithValue('sequence', 0);
  setWhen(calendar, vevent, draft.when);
  // The VTIMEZONE setWhen added comes first, as clients write it.
  calendar.addSubcomponent(vevent);
  vevent.addPropertyWithValue('summary', draft.title);
  if (draft.tentative) vevent.addPropertyWithValue('status', 'TENTATIVE');
  setText(vevent, 'location', draft.location);
  setText(vevent, 'description', draft.description);
  setAttendees(vevent, draft.attendees, draft.organizer);
  return serializeCalendar(calendar);
}

function recurrenceIdOf(vevent: ICAL.Component): ICAL.Time | null {
  const value = vevent.getFirstPropertyValue('recurrence-id');
  return value instanceof ICAL.Time ? value : null;
}

function tzidOf(vevent: ICAL.Component): string | null {
  const tzid = vevent.getFirstProperty('dtstart')?.getFirstParameter('tzid');
  return typeof tzid === 'string' ? tzid : null;
}

/**
 * The VEVENT a patch changes: the master for `recurrenceId` null, else the occurrence's
 * override, made from the master when the occurrence has none yet.
 */
function targetOf(calendar: ICAL.Component, recurrenceId: string | null, zone: string): ICAL.Component {
  const [series] = seriesOf(calendar);
  if (!series) throw new ProviderError('not_found', 'the calendar object holds no event');
  if (recurrenceId === null) {
    if (!series.master) throw new ProviderError('not_found', 'the calendar object holds no whole event');
    return series.master;
  }
  const override = series.overrides.find((vevent) => {
    const time = recurrenceIdOf(vevent);
    return time !== null && recurrenceKey(time, zone) === recurrenceId;
  });
  if (override) return override;
  const { master } = series;
  const time = master ? findOccurrence(master, recurrenceId, zone) : null;
  if (!master || !time) throw new ProviderError('not_found', 'the series has no such occurrence');
  const occurrence = new ICAL.Component(structuredClone(master.jCal));
  for (const name of ['rrule', 'rdate', 'exdate', 'exrule']) occurrence.removeAllProperties(name);
  const tzid = tzidOf(master);
  const start = master.getFirstPropertyValue('dtstart');
  const end = master.getFirstPropertyValue('dtend');
  if (start instanceof ICAL.Time && end instanceof ICAL.Time) {
    const moved = time.clone();
    moved.addDuration(end.subtractDate(start));
    setTime(occurrence, 'dtend', moved, tzid);
  }
  setTime(occurrence, 'dtstart', time.clone(), tzid);
  setTime(occurrence, 'recurrence-id', time.clone(), tzid);
  calendar.addSubcomponent(occurrence);
  return occurrence;
}

export interface WriteContext {
  organizer: string;
  now: Date;
  /** The zone floating times are read in: the person's. */
  floatingZone: string;
}

/** The object with the patch applied to the event (or occurrence) `recurrenceId` names. */
export function patchCalendarObject(
  text: string,
  recurrenceId: string | null,
  patch: EventPatch,
  context: WriteContext,
): string {
  const calendar = parseCalendarObject(text);
  return readCalendar(calendar, () => {
    const vevent = targetOf(calendar, recurrenceId, context.floatingZone);
    if (patch.title !== undefined) vevent.updatePropertyWithValue('summary', patch.title);
    if (patch.location !== undefined) setText(vevent, 'location', patch.location);
    if (patch.description !== undefined) setText(vevent, 'description', patch.description);
    if (patch.when) setWhen(calendar, vevent, patch.when);
    if (patch.attendees) setAttendees(vevent, patch.attendees, context.organizer);
    stamp(vevent, context.now, true);
    return serializeCalendar(calendar);
  });
}

/**
 * The object without the occurrence `recurrenceId` names: an EXDATE on the master (in its
 * DTSTART's form, so every reader matches it) and its override gone. Null when nothing would be
 * left, so the whole object goes.
 */
export function withoutOccurrence(text: string, recurrenceId: string, context: WriteContext): string | null {
  const calendar = parseCalendarObject(text);
  return readCalendar(calendar, () => {
    const zone = context.floatingZone;
    const [series] = seriesOf(calendar);
    if (!series) throw new ProviderError('not_found', 'the calendar object holds no event');
    const override = series.overrides.find((vevent) => {
      const time = recurrenceIdOf(vevent);
      return time !== null && recurrenceKey(time, zone) === recurrenceId;
    });
    const { master } = series;
    const time = master && isRecurringMaster(master) ? findOccurrence(master, recurrenceId, zone) : null;
    if (!override && !time) throw new ProviderError('not_found', 'the series has no such occurrence');
    if (override) calendar.removeSubcomponent(override);
    if (master && time) {
      const exdate = new ICAL.Property('exdate');
      exdate.setValue(time.clone());
      const tzid = tzidOf(master);
      if (tzid) exdate.setParameter('tzid', tzid);
      master.addProperty(exdate);
      stamp(master, context.now, true);
    }
    if (!calendar.getAllSubcomponents('vevent').length) return null;
    return serializeCalendar(calendar);
  });
}
