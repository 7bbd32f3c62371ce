import { isIanaZone } from '@app/contract/usage/time-zone';
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { wallToInstant } from '../../lib/iana-zone';

/** ical.js's own names for UTC, never replaced. */
const BUILT_IN = new Set(['UTC', 'Z', 'GMT']);

/**
 * The IANA zone a TZID names: an IANA name as it is, Outlook's Windows names mapped
 * ("W. Europe Standard Time" is Europe/Berlin), Mozilla's "/mozilla.org/.../Europe/Berlin" by
 * its tail; null for anything else.
 */
export function ianaZoneOf(tzid: string | null | undefined): string | null {
  if (!tzid) return null;
  // Asked for every occurrence read, and Intl's check builds a formatter each time.
  let known = names.get(tzid);
  if (known === undefined) {
    known = lookUp(tzid.trim());
    if (names.size >= MAX_NAMES) names.clear();
    names.set(tzid, known);
  }
  return known;
}

const MAX_NAMES = 1000;
const names = new Map<string, string | null>();

function lookUp(name: string): string | null {
  if (isIanaZone(name)) return name;
  const windows = findIana(name)?.[0];
  if (windows && isIanaZone(windows)) return windows;
  const tail = name.replace(/^\/+/, '').split('/').slice(-2).join('/');
  return name.startsWith('/') && tail.includes('/') && isIanaZone(tail) ? tail : null;
}

/** The wall-clock fields of an ical.js time as if they were UTC, in ms. */
export function wallOf(time: ICAL.Time): number {
  const wall = new Date(0);
  wall.setUTCFullYear(time.year, time.month - 1, time.day);
  wall.setUTCHours(
    time.isDate ? 0 : time.hour,
    time.isDate ? 0 : time.minute,
    time.isDate ? 0 : time.second,
    0,
  );
  return wall.getTime();
}

/** A floating ical.js time of wall-clock fields given as if they were UTC (ms): `wallOf` undone. */
export function timeOfWall(wall: number): ICAL.Time {
  const date = new Date(wall);
  return ICAL.Time.fromData({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    isDate: false,
  });
}

/** A zone ical.js can use, its offsets from the runtime's tz database (for a TZID with no VTIMEZONE). */
export class IanaTimezone extends ICAL.Timezone {
  constructor(
    tzid: string,
    private readonly iana: string,
  ) {
    super({ tzid });
  }

  override utcOffset(time: ICAL.Time): number {
    const wall = wallOf(time);
    return (wall - wallToInstant(this.iana, wall)) / 1000;
  }
}

/** Every TZID parameter in a parsed object (jCal: [name, properties, components]). */
function tzidsOf(jcal: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(jcal)) return into;
  const [, properties, components] = jcal as [unknown, unknown, unknown];
  if (Array.isArray(properties)) {
    for (const property of properties) {
      const tzid = Array.isArray(property)
        ? (property[1] as { tzid?: unknown } | undefined)?.tzid
        : undefined;
      if (typeof tzid === 'string') into.add(tzid);
    }
  }
  if (Array.isArray(components)) for (const component of components) tzidsOf(component, into);
  return into;
}

/**
 * Runs `read` with every zone of the object known to ical.js. Its VTIMEZONEs ical.js finds
 * itself (a time's TZID is looked up in the VCALENDAR it belongs to first); a TZID without one
 * is registered here with the IANA zone it names. ical.js keeps that registry global and reads
 * TZIDs lazily, when a property is first read; so everything that reads times must happen in
 * `read`, which is synchronous so that no other object's zones are registered meanwhile. What
 * was registered before (by anyone) is put back afterwards.
 */
export function withObjectZones<T>(calendar: ICAL.Component, read: () => T): T {
  const defined = new Set(
    calendar
      .getAllSubcomponents('vtimezone')
      .map((vtimezone) => String(vtimezone.getFirstPropertyValue('tzid'))),
  );
  const previous: [string, ICAL.Timezone | undefined][] = [];
  for (const tzid of tzidsOf(calendar.jCal)) {
    const iana = defined.has(tzid) || BUILT_IN.has(tzid) ? null : ianaZoneOf(tzid);
    if (!iana) continue;
    previous.push([tzid, ICAL.TimezoneService.has(tzid) ? ICAL.TimezoneService.get(tzid) : undefined]);
    ICAL.TimezoneService.register(new IanaTimezone(tzid, iana), tzid);
  }
  try {
    return read();
  } finally {
    for (const [tzid, zone] of previous.reverse()) {
      if (zone) ICAL.TimezoneService.register(zone, tzid);
      else ICAL.TimezoneService.remove(tzid);
    }
  }
}
