import { z } from 'zod';
import { ProviderError } from '../provider-errors';

/**
 * A CalDAV event's id for the workspace: the calendar object's URL and, for one occurrence of
 * a series, its RECURRENCE-ID (an ISO instant, or a date for an all-day series), so update and
 * delete need nothing else. base64url of JSON: opaque to callers, and free of the slashes and
 * colons a URL would put into a route.
 */
export interface CaldavEventRef {
  url: string;
  recurrenceId: string | null;
}

const ZRef = z.tuple([z.url(), z.string().min(1).max(40).nullable()]);

export function encodeEventId(ref: CaldavEventRef): string {
  return Buffer.from(JSON.stringify([ref.url, ref.recurrenceId]), 'utf8').toString('base64url');
}

/** The reference an id carries; an id we did not make names no event ('not_found'). */
export function decodeEventId(id: string): CaldavEventRef {
  try {
    const [url, recurrenceId] = ZRef.parse(JSON.parse(Buffer.from(id, 'base64url').toString('utf8')));
    return { url, recurrenceId };
  } catch (error) {
    throw new ProviderError('not_found', 'not an event id of this calendar', { cause: error });
  }
}

/** The calendar (collection) URL an object URL lies in. */
export function calendarUrlOf(objectUrl: string): string {
  return new URL('./', objectUrl).href;
}
