import type { TAction } from '../actions';
import { say } from '../texts';
import { isDate, nextDay, toInstant } from '../tool-times';
import { requestApproval } from './approval-step';
import { defineTool, localPlusHour, type ToolEnv, whenOf } from './shared';

export const calendarCreateEvent = (env: ToolEnv) =>
  defineTool(env, 'calendar_create_event', 'Adds an event.', async (input) => {
    const { ctx } = env;
    const zone = ctx.timeZone;
    const allDay = input.allDay ?? isDate(input.start);
    const start = input.start;
    const end = input.end ?? (allDay ? nextDay(start) : localPlusHour(start, zone));
    const attendees = input.attendees ?? [];
    const bad = attendees.filter((a) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a));
    if (bad.length)
      return {
        error: 'rejected',
        message: `Attendees must be email addresses (search contacts first): ${bad.join(', ')}`,
      };
    const action: TAction = {
      kind: 'create_event',
      event: {
        title: input.title,
        start,
        end,
        allDay,
        ...(allDay ? {} : { timeZone: zone }),
        ...(input.location ? { location: input.location } : {}),
        ...(input.description ? { description: input.description } : {}),
        attendees,
        sendUpdates: true,
        ...(input.connectionId ? { connectionId: input.connectionId } : {}),
      },
    };
    return requestApproval(env, 'calendar_create_event', action, {
      title: input.title,
      when: toInstant(start, zone),
      connectionId: input.connectionId,
      recipients: attendees,
      lines: [
        say(ctx.language, 'lineEvent', { title: input.title, when: whenOf(ctx, start, end, allDay) }),
        ...(input.location ? [say(ctx.language, 'linePlace', { place: input.location })] : []),
      ],
      body: input.description ?? null,
      place: input.location ?? null,
    });
  });
