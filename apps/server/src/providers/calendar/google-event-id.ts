import { ProviderError } from '../provider-errors';

/**
 * A Google event is named by its calendar and its own id; the workspace hands adapters nothing
 * but the event id, so ours carries both: `<base64url(calendar id)>.<base64url(event id)>`.
 * Both halves are encoded because calendar ids are addresses (`@`, `#` in shared ones) and
 * neither may leak a `.` into the other.
 */
export interface GoogleEventRef {
  calendarId: string;
  eventId: string;
}

export function encodeEventId(ref: GoogleEventRef): string {
  return `${toBase64Url(ref.calendarId)}.${toBase64Url(ref.eventId)}`;
}

/** Any id we did not write names no event: not_found, never a call with half a name. */
export function decodeEventId(id: string): GoogleEventRef {
  const halves = id.split('.');
  const calendarId = halves.length === 2 ? fromBase64Url(halves[0]!) : null;
  const eventId = halves.length === 2 ? fromBase64Url(halves[1]!) : null;
  if (!calendarId || !eventId) throw new ProviderError('not_found', 'Google Calendar: no such event');
  return { calendarId, eventId };
}

function toBase64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** Null unless `encoded` is exactly what `toBase64Url` writes for some non-empty text. */
function fromBase64Url(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  const text = Buffer.from(encoded, 'base64url').toString('utf8');
  return text && toBase64Url(text) === encoded ? text : null;
}
