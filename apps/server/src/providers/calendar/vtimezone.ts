import ICAL from 'ical.js';
import { offsetAt, transitionsBetween } from '../../lib/iana-zone';
import { timeOfWall } from './ical-zones';

const DAY = 86_400_000;
const YEAR = 365 * DAY;

function observance(kind: 'standard' | 'daylight', wall: number, from: number, to: number): ICAL.Component {
  const component = new ICAL.Component(kind);
  component.addPropertyWithValue('dtstart', timeOfWall(wall));
  component.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromSeconds(from / 1000));
  component.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromSeconds(to / 1000));
  return component;
}

/**
 * The VTIMEZONE RFC 5545 §3.2.19 asks for beside a TZID, for an IANA zone, from the runtime's
 * tz database: each change from a year before `from` to a year after `to` (ms) spelled out as
 * its own observance. A reader that knows the IANA name (iCloud, Apple's and Google's clients)
 * uses its own rules; one that does not still reads the written times right, and an event moved
 * by up to a year keeps them right.
 */
export function vtimezoneFor(zone: string, from: number, to: number): ICAL.Component {
  const start = Math.floor((from - YEAR) / DAY) * DAY;
  const end = to + YEAR;
  const vtimezone = new ICAL.Component('vtimezone');
  vtimezone.addPropertyWithValue('tzid', zone);
  const transitions = transitionsBetween(zone, start, end);
  const initial = offsetAt(zone, start);
  // Standard time is the zone's smaller offset in the span; anything ahead of it is daylight time.
  const standard = Math.min(initial, ...transitions.map((t) => t.to));
  const kind = (offset: number) => (offset > standard ? 'daylight' : 'standard');
  if (!transitions.length) {
    vtimezone.addSubcomponent(observance('standard', Date.UTC(1970, 0, 1), initial, initial));
    return vtimezone;
  }
  vtimezone.addSubcomponent(observance(kind(initial), start + initial, initial, initial));
  for (const transition of transitions) {
    // An observance's DTSTART is the wall time of the change read with the offset before it.
    vtimezone.addSubcomponent(
      observance(kind(transition.to), transition.at + transition.from, transition.from, transition.to),
    );
  }
  return vtimezone;
}
