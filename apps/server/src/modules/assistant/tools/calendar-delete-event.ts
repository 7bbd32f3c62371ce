import { findEvent } from '../../workspace/calendar';
import { say } from '../texts';
import { requestApproval } from './approval-step';
import { defineTool, eventWhenOf, othersInvited, type ToolEnv } from './shared';

export const calendarDeleteEvent = (env: ToolEnv) =>
  defineTool(
    env,
    'calendar_delete_event',
    'Deletes an event; the person confirms by text first.',
    async (input) => {
      const { deps, ctx } = env;
      // Its title and time from the calendar itself, so the text never reads `Delete ""`.
      const event = await findEvent(deps.workspace, {
        userId: ctx.user.id,
        connectionId: input.connectionId,
        eventId: input.eventId,
        now: deps.clock.now(),
      });
      if (!event)
        return { error: 'not_found', message: 'No such event in this calendar: list the events first.' };
      return requestApproval(
        env,
        'calendar_delete_event',
        { kind: 'delete_event', ...input },
        {
          title: event.title,
          when: event.allDay ? null : event.start,
          connectionId: input.connectionId,
          recipients: await othersInvited(env, event),
          lines: [say(ctx.language, 'lineEvent', { title: event.title, when: eventWhenOf(ctx, event) })],
          body: null,
        },
      );
    },
  );
