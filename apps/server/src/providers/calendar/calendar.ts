import type { TCalendarEvent } from '@app/contract/oauth/list-events';

/** The calendars this port reads over REST; Apple's go through CalDAV elsewhere. */
export type CalendarProvider = 'google' | 'microsoft';

export interface EventsRange {
  /** ISO instants; the start is inclusive, the end exclusive, as both APIs take them. */
  timeMin: string;
  timeMax: string;
  /** Stop after this many events, whatever the pages hold. */
  maxResults: number;
}

/**
 * The provider refused the access token (HTTP 401): the caller refreshes once and retries once.
 * Kept apart from the other failures because only this one is repaired by a new token.
 */
export class TokenRefusedError extends Error {
  override name = 'TokenRefusedError';
}

/** The token is fine but does not carry the calendar permission (HTTP 403 for want of scope). */
export class CalendarScopeError extends Error {
  override name = 'CalendarScopeError';
}

/** Network failure, timeout, 5xx or 429: temporary, nothing about the connection changes. */
export class CalendarUnavailableError extends Error {
  override name = 'CalendarUnavailableError';
}

/** The provider answered, but not with anything we can use (4xx we did not expect, bad JSON). */
export class CalendarProtocolError extends Error {
  override name = 'CalendarProtocolError';
}

/** The calendar port: a person's events in a range, in the contract's one shape, ordered by start. */
export interface CalendarClient {
  listEvents(provider: CalendarProvider, accessToken: string, range: EventsRange): Promise<TCalendarEvent[]>;
}
