import { say } from '../texts';
import { requestApproval } from './approval-step';
import { defineTool, eventNow, eventWhenOf, NO_SUCH_EVENT, othersInvited, type ToolEnv } from './shared';

export const calendarDeleteEvent = (env: ToolEnv) =>
  defineTool(
    env,
    'calendar_delete_event',
    'Deletes an event, with a note to its attendees if asked.',
    async (input) => {
      const { ctx } = env;
      const event = await eventNow(env, input);
      if (!event) return NO_SUCH_EVENT;
      const recipients = await othersInvited(env, event);
      const note = input.message?.trim();
      // The note goes to exactly who the cancellation goes to, with it (decision 562): nobody to
      // tell, no note.
      const message =
        note && recipients.length > 0
          ? {
              text: note,
              to: recipients,
              subject: say(ctx.language, 'cancelSubject', { title: event.title }),
            }
          : undefined;
      return requestApproval(
        env,
        'calendar_delete_event',
        {
          kind: 'delete_event',
          connectionId: input.connectionId,
          eventId: input.eventId,
          ...(message ? { message } : {}),
        },
        {
          title: event.title,
          when: event.allDay ? null : event.start,
          connectionId: input.connectionId,
          recipients,
          lines: [say(ctx.language, 'lineEvent', { title: event.title, when: eventWhenOf(ctx, event) })],
          body: message?.text ?? null,
        },
      );
    },
  );
