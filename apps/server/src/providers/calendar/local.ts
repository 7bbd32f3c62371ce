import { createHash } from 'node:crypto';
import type { TCalendarEvent } from '@app/contract/oauth/list-events';
import {
  type CalendarClient,
  type CalendarProvider,
  CalendarUnavailableError,
  type EventsRange,
  TokenRefusedError,
} from './calendar';

/** Who an access token belongs to, as the local issuer says; null when it refuses the token. */
export type TokenOwner = (
  provider: CalendarProvider,
  accessToken: string,
) => Promise<{
  accountId: string;
  email: string;
} | null>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A working week's worth of plausible entries, picked per day by the account and the date. */
const TIMED = [
  { title: 'Lunch with Sam', start: '12:00', minutes: 60, location: 'Corner Café' },
  { title: '1:1 with Priya', start: '15:00', minutes: 30, location: null },
  { title: 'Project review', start: '14:00', minutes: 60, location: 'Room 4B' },
  { title: 'Dentist', start: '16:30', minutes: 45, location: '12 High Street' },
  { title: 'Gym', start: '18:00', minutes: 60, location: null },
] as const;

/**
 * The calendar stand-in for accounts connected through the local issuer: deterministic sample
 * events (the same account and day give the same events, so screens and tests can rely on
 * them). It asks the local issuer whose token it was given, as the real APIs do: a token the
 * issuer no longer honours (its grant withdrawn) gets the same 401 Google would send.
 */
export class LocalCalendar implements CalendarClient {
  constructor(private readonly owner: TokenOwner) {}

  async listEvents(provider: CalendarProvider, accessToken: string, range: EventsRange) {
    const owner = await this.owner(provider, accessToken);
    if (!owner) throw new TokenRefusedError('the local issuer refused the access token');
    const from = Date.parse(range.timeMin);
    const to = Date.parse(range.timeMax);
    const events: TCalendarEvent[] = [];
    for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
      events.push(...sampleDay(owner.accountId, owner.email, day));
    }
    const startOf = (event: TCalendarEvent) =>
      Date.parse(event.allDay ? `${event.start}T00:00:00Z` : event.start);
    const endOf = (event: TCalendarEvent) => Date.parse(event.allDay ? `${event.end}T00:00:00Z` : event.end);
    return events
      .filter((event) => startOf(event) < to && endOf(event) > from)
      .sort((a, b) => startOf(a) - startOf(b))
      .slice(0, range.maxResults);
  }
}

function sampleDay(accountId: string, email: string, day: number): TCalendarEvent[] {
  const date = new Date(day).toISOString().slice(0, 10);
  const weekday = new Date(day).getUTCDay();
  const seed = createHash('sha256').update(`${accountId}:${date}`).digest();
  const at = (time: string, minutes: number) => {
    const start = Date.parse(`${date}T${time}:00Z`);
    return { start: new Date(start).toISOString(), end: new Date(start + minutes * 60_000).toISOString() };
  };
  const base = { location: null, calendar: email, allDay: false };
  const events: TCalendarEvent[] = [];
  if (weekday >= 1 && weekday <= 5) {
    events.push({ ...base, id: `sample-${date}-standup`, title: 'Team stand-up', ...at('09:30', 15) });
    const pick = TIMED[(seed[0] ?? 0) % (TIMED.length + 1)];
    if (pick) {
      events.push({
        ...base,
        id: `sample-${date}-${(seed[1] ?? 0).toString(16)}`,
        title: pick.title,
        location: pick.location,
        ...at(pick.start, pick.minutes),
      });
    }
  }
  if (weekday === 5 && (seed[2] ?? 0) % 3 === 0) {
    const next = new Date(day + DAY_MS).toISOString().slice(0, 10);
    events.push({
      ...base,
      id: `sample-${date}-focus`,
      title: 'Focus day',
      start: date,
      end: next,
      allDay: true,
    });
  }
  if (weekday === 6 && (seed[3] ?? 0) % 2 === 0) {
    events.push({
      ...base,
      id: `sample-${date}-market`,
      title: 'Farmers market',
      location: 'Town square',
      ...at('10:00', 90),
    });
  }
  return events;
}

/**
 * Asks the local issuer's userinfo endpoint (`/dev/idp/<provider>/me`) over HTTP, as a real API
 * checks a token with its issuer; the app calls itself, as openid-client already does for the
 * local issuer's discovery and token endpoints.
 */
export function userinfoOwner(publicUrl: string, timeoutMs: number): TokenOwner {
  return async (provider, accessToken) => {
    let response: Response;
    try {
      response = await fetch(`${publicUrl}/dev/idp/${provider}/me`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CalendarUnavailableError('the local issuer could not be reached', { cause: error });
    }
    if (response.status === 401 || response.status === 400) return null;
    if (!response.ok) throw new CalendarUnavailableError(`the local issuer answered ${response.status}`);
    const body = (await response.json()) as { sub?: string; email?: string };
    return body.sub ? { accountId: body.sub, email: body.email ?? '' } : null;
  };
}
