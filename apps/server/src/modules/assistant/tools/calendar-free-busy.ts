import { freeBusy } from '../../workspace/calendar';
import { newTimesFor } from '../new-times';
import { localTime } from '../tool-times';
import { defineTool, eventNow, NO_SUCH_EVENT, othersInvited, rangeOf, type ToolEnv } from './shared';

export const calendarFreeBusy = (env: ToolEnv) =>
  defineTool(
    env,
    'calendar_free_busy',
    'Busy times in a range; with eventId, times to move it to.',
    async (input) => {
      const { deps, ctx } = env;
      const range = rangeOf(ctx, input.from, input.to);
      const zone = ctx.timeZone;
      const local = (span: { start: string; end: string }) => ({
        start: localTime(span.start, zone),
        end: localTime(span.end, zone),
      });
      if (input.eventId && input.connectionId) {
        const event = await eventNow(env, { connectionId: input.connectionId, eventId: input.eventId });
        if (!event) return NO_SUCH_EVENT;
        const attendees = await othersInvited(env, event);
        const found = await newTimesFor(
          deps,
          { userId: ctx.user.id, zone, event, attendees },
          { start: range.from, end: range.to },
        );
        // Proposals only: the person picks one, and the move is asked for with calendar_update_event.
        return {
          newTimes: found.slots.map(local),
          ...(found.nextWindow ? { nextWindow: local(found.nextWindow) } : {}),
        };
      }
      const { busy } = await freeBusy(deps.workspace, { userId: ctx.user.id, ...range });
      return { busy: busy.map(local) };
    },
  );
