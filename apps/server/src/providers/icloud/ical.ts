/**
 * A small, forgiving reader of iCalendar (RFC 5545) VEVENTs: just what an event list needs.
 * It never throws on odd input: a line or an event it cannot read is skipped, so one broken
 * event in a calendar does not hide the others.
 */

export interface IcalEvent {
  uid: string;
  /** Set on one instance of a recurring event (an override, or a server-expanded instance). */
  recurrenceId: string | null;
  title: string;
  location: string | null;
  /** All-day events: `YYYY-MM-DD`; others: an ISO instant in UTC. */
  start: string;
  /** All-day: the day after the last day (exclusive, as iCalendar and Google write it). */
  end: string;
  allDay: boolean;
  /** The master of a recurring series the server did not expand. */
  recurring: boolean;
  cancelled: boolean;
}

interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** Long lines are folded with CRLF plus one space or tab (RFC 5545 3.1); some servers send bare LF. */
export function unfold(text: string): string[] {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n|\r/)
    .filter((line) => line.length > 0);
}

/** `NAME;P1=a;P2="b:c":value`: parameter values may be quoted and hold ':' and ';'. */
export function parseLine(line: string): ContentLine | null {
  let i = 0;
  while (i < line.length && line[i] !== ';' && line[i] !== ':') i += 1;
  const name = line.slice(0, i).toUpperCase();
  if (!name || i >= line.length) return null;
  const params: Record<string, string> = {};
  while (line[i] === ';') {
    i += 1;
    const eq = line.indexOf('=', i);
    if (eq < 0) return null;
    const key = line.slice(i, eq).toUpperCase();
    i = eq + 1;
    let value = '';
    if (line[i] === '"') {
      const close = line.indexOf('"', i + 1);
      if (close < 0) return null;
      value = line.slice(i + 1, close);
      i = close + 1;
    }
    // Unquoted, or what follows a quoted part of a list (a="x","y"): up to the next ; or :.
    while (i < line.length && line[i] !== ';' && line[i] !== ':') {
      value += line[i];
      i += 1;
    }
    params[key] = value;
  }
  if (line[i] !== ':') return null;
  return { name, params, value: line.slice(i + 1) };
}

/** TEXT values escape backslash, comma, semicolon and newline (RFC 5545 3.3.11). */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));
}

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter for an IANA zone, or null when the runtime does not know the name. */
function zoneFormat(tz: string): Intl.DateTimeFormat | null {
  if (!zoneFormats.has(tz)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      format = null;
    }
    zoneFormats.set(tz, format);
  }
  return zoneFormats.get(tz) ?? null;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffset(format: Intl.DateTimeFormat, instant: number): number {
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time in a zone names. Clients write TZIDs their own way (Outlook's
 * "Pacific Standard Time", Mozilla's "/mozilla.org/.../Europe/Berlin"): the IANA name is looked
 * for at the end of the TZID; an unknown zone reads as UTC rather than dropping the event.
 */
function zonedToUtc(wallAsUtc: number, tzid: string): number {
  const candidates = [tzid, tzid.replace(/^\/+/, '').split('/').slice(-2).join('/')];
  const format = candidates.map(zoneFormat).find((f) => f !== null);
  if (!format) return wallAsUtc;
  // Two passes settle the offset across a DST change (the second uses the offset at the answer).
  let instant = wallAsUtc - zoneOffset(format, wallAsUtc);
  instant = wallAsUtc - zoneOffset(format, instant);
  return instant;
}

type DateValue = { allDay: true; day: string; ms: number } | { allDay: false; ms: number };

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;

/** DATE, DATE-TIME in UTC, with a TZID, or floating (read as UTC: there is no better guess). */
export function parseDateValue(line: ContentLine): DateValue | null {
  const value = line.value.trim();
  const date = DATE.exec(value);
  if (date || line.params.VALUE?.toUpperCase() === 'DATE') {
    if (!date) return null;
    const ms = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    if (Number.isNaN(ms)) return null;
    return { allDay: true, day: `${date[1]}-${date[2]}-${date[3]}`, ms };
  }
  const dt = DATE_TIME.exec(value);
  if (!dt) return null;
  const wall = Date.UTC(
    Number(dt[1]),
    Number(dt[2]) - 1,
    Number(dt[3]),
    Number(dt[4]),
    Number(dt[5]),
    Number(dt[6]),
  );
  if (Number.isNaN(wall)) return null;
  if (dt[7] === 'Z' || !line.params.TZID) return { allDay: false, ms: wall };
  return { allDay: false, ms: zonedToUtc(wall, line.params.TZID) };
}

/** `P1DT2H`, `-PT15M`, `P2W` (RFC 5545 3.3.6), in ms; null when unreadable. */
export function parseDuration(value: string): number | null {
  const match = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!match || value.trim().endsWith('P') || value.trim().endsWith('T')) return null;
  const [, sign, w, d, h, m, s] = match;
  const ms =
    ((((Number(w ?? 0) * 7 + Number(d ?? 0)) * 24 + Number(h ?? 0)) * 60 + Number(m ?? 0)) * 60 +
      Number(s ?? 0)) *
    1000;
  return sign === '-' ? -ms : ms;
}

const DAY_MS = 24 * 60 * 60_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Every VEVENT of an iCalendar text (alarms and other nested components ignored). */
export function parseEvents(ics: string): IcalEvent[] {
  const events: IcalEvent[] = [];
  let props: ContentLine[] | null = null;
  // Depth inside the current VEVENT: a VALARM's properties are not the event's.
  let nested = 0;
  for (const raw of unfold(ics)) {
    const line = parseLine(raw);
    if (!line) continue;
    const value = line.value.trim().toUpperCase();
    if (line.name === 'BEGIN') {
      if (props) nested += 1;
      else if (value === 'VEVENT') props = [];
      continue;
    }
    if (line.name === 'END') {
      if (props && nested > 0) nested -= 1;
      else if (props && value === 'VEVENT') {
        const event = toEvent(props);
        if (event) events.push(event);
        props = null;
      }
      continue;
    }
    if (props && nested === 0) props.push(line);
  }
  return events;
}

function toEvent(props: ContentLine[]): IcalEvent | null {
  const first = (name: string) => props.find((p) => p.name === name);
  const startLine = first('DTSTART');
  const start = startLine ? parseDateValue(startLine) : null;
  if (!start) return null;
  const endLine = first('DTEND');
  let end = endLine ? parseDateValue(endLine) : null;
  if (end && end.allDay !== start.allDay) end = null;
  let endMs: number;
  if (end) {
    endMs = end.ms;
  } else {
    const duration = first('DURATION');
    const length = duration ? parseDuration(duration.value) : null;
    // Without DTEND or DURATION a dated event lasts one day, a timed one no time (RFC 5545 3.6.1).
    endMs = start.ms + (length ?? (start.allDay ? DAY_MS : 0));
  }
  if (endMs < start.ms) endMs = start.ms;
  const summary = first('SUMMARY');
  const location = first('LOCATION');
  const recurrence = first('RECURRENCE-ID');
  const recurrenceValue = recurrence ? parseDateValue(recurrence) : null;
  const uid = first('UID')?.value.trim() ?? '';
  return {
    uid,
    recurrenceId: recurrenceValue ? new Date(recurrenceValue.ms).toISOString() : null,
    title: summary ? unescapeText(summary.value) : '',
    location: location?.value.trim() ? unescapeText(location.value) : null,
    start: start.allDay ? start.day : new Date(start.ms).toISOString(),
    end: start.allDay ? isoDay(endMs) : new Date(endMs).toISOString(),
    allDay: start.allDay,
    recurring: Boolean(first('RRULE') || first('RDATE')),
    cancelled: first('STATUS')?.value.trim().toUpperCase() === 'CANCELLED',
  };
}

/**
 * Whether an event touches [start, end). All-day dates have no zone, so they count when they
 * touch the range in any zone (a day's slack on each side).
 */
export function overlaps(event: IcalEvent, range: { start: Date; end: Date }): boolean {
  const from = Date.parse(event.allDay ? `${event.start}T00:00:00Z` : event.start);
  const to = Date.parse(event.allDay ? `${event.end}T00:00:00Z` : event.end);
  const slack = event.allDay ? DAY_MS : 0;
  const end = Math.max(to, from + (event.allDay ? 0 : 1));
  return from < range.end.getTime() + slack && end > range.start.getTime() - slack;
}
