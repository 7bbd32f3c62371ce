import { say } from '../texts';
import { requestApproval } from './approval-step';
import { defineTool, eventNow, eventWhenOf, NO_SUCH_EVENT, othersInvited, type ToolEnv } from './shared';

export const calendarDeleteEvent = (env: ToolEnv) =>
  defineTool(
    env,
    'calendar_delete_event',
    'Deletes an event; the person confirms by text first.',
    async (input) => {
      const { ctx } = env;
      const event = await eventNow(env, input);
      if (!event) return NO_SUCH_EVENT;
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
