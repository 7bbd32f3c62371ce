import type { TUpdateEventBody } from '@app/contract/workspace/calendar';
import { hasOffset, instantOf } from '../../lib/zoned-time';
import type { EventWhen } from '../../providers/calendar/calendar-adapter';
import { WorkspaceError } from './workspace-error';

/**
 * When an event happens, from what a caller wrote: wall-clock times are read in the event's zone
 * (the one named, else the person's), instants stay as they are and keep the zone for showing.
 */
export function eventWhen(
  body: { start: string; end: string; allDay: boolean; timeZone?: string | undefined },
  personZone: string,
): EventWhen {
  if (body.allDay) return { allDay: true, startDate: body.start, endDate: body.end };
  const zone = body.timeZone ?? personZone;
  const instant = (value: string) =>
    (hasOffset(value) ? new Date(value) : instantOf(value, zone)).toISOString();
  const start = instant(body.start);
  const end = instant(body.end);
  // Checked again here: a start with an offset and an end in wall-clock time only compare now.
  if (end <= start) throw new WorkspaceError('rejected', 'The end must come after the start.');
  return { allDay: false, start, end, timeZone: zone };
}

/** The times of an update, when it changes them. */
export function patchWhen(body: TUpdateEventBody, personZone: string): EventWhen | undefined {
  if (body.start === undefined || body.end === undefined) return undefined;
  return eventWhen(
    { start: body.start, end: body.end, allDay: body.allDay ?? false, timeZone: body.timeZone },
    personZone,
  );
}
