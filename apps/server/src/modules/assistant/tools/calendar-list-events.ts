import type { TWorkspaceEvent } from '@app/contract/workspace/calendar';
import { listEvents } from '../../workspace/calendar';
import { localTime } from '../tool-times';
import type { TurnContext } from '../turn-context';
import { defineTool, quoted, rangeOf, type ToolEnv } from './shared';

/**
 * An event as the model reads it: times in the person's zone; what is empty or false is left out,
 * each event's tokens count. Its attendees do not become known recipients by being read
 * (known-recipients.ts).
 */
function showEvent(ctx: TurnContext, event: TWorkspaceEvent) {
  return {
    id: event.id,
    connectionId: event.connectionId,
    title: event.title,
    start: event.allDay ? event.start : localTime(event.start, ctx.timeZone),
    end: event.allDay ? event.end : localTime(event.end, ctx.timeZone),
    ...(event.allDay ? { allDay: true } : {}),
    ...(event.location ? { location: event.location } : {}),
    ...(event.attendees.length > 0 ? { attendees: event.attendees.map((a) => a.email) } : {}),
    ...(event.description ? { description: event.description } : {}),
  };
}

export const calendarListEvents = (env: ToolEnv) =>
  defineTool(
    env,
    'calendar_list_events',
    'The person’s events in a range, across all calendars.',
    async (input) => {
      const { events, failures } = await listEvents(env.deps.workspace, {
        userId: env.ctx.user.id,
        ...rangeOf(env.ctx, input.from, input.to),
        limit: 50,
      });
      return quoted({
        events: events.map((event) => showEvent(env.ctx, event)),
        ...(failures.length > 0 ? { unavailable: failures.map((f) => f.details.provider) } : {}),
      });
    },
  );
