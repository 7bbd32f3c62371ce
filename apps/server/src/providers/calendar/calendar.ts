import type { TCalendarEvent } from '@app/contract/oauth/list-events';
import { ProviderError } from '../provider-errors';

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
export class TokenRefusedError extends ProviderError {
  override name = 'TokenRefusedError';
  constructor(message: string) {
    super('token_refused', message);
  }
}

/** The token is fine but does not carry the calendar permission (HTTP 403 for want of scope). */
export class CalendarScopeError extends ProviderError {
  override name = 'CalendarScopeError';
  constructor(message: string) {
    super('scope_missing', message);
  }
}

/** Network failure, timeout, 5xx or 429: temporary, nothing about the connection changes. */
export class CalendarUnavailableError extends ProviderError {
  override name = 'CalendarUnavailableError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('unavailable', message, options);
  }
}

/** The provider answered, but not with anything we can use (4xx we did not expect, bad JSON). */
export class CalendarProtocolError extends ProviderError {
  override name = 'CalendarProtocolError';
  constructor(message: string) {
    super('protocol', message);
  }
}

/** The calendar port: a person's events in a range, in the contract's one shape, ordered by start. */
export interface CalendarClient {
  listEvents(provider: CalendarProvider, accessToken: string, range: EventsRange): Promise<TCalendarEvent[]>;
}
