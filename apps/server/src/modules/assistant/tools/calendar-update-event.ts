import { say } from '../texts';
import { toInstant } from '../tool-times';
import { requestApproval } from './approval-step';
import { defineTool, type ToolEnv, whenOf } from './shared';

export const calendarUpdateEvent = (env: ToolEnv) =>
  defineTool(
    env,
    'calendar_update_event',
    'Changes an event; the person confirms by text first.',
    async (input) => {
      const { ctx } = env;
      const patch = {
        ...(input.title ? { title: input.title } : {}),
        ...(input.start && input.end ? { start: input.start, end: input.end, timeZone: ctx.timeZone } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
      };
      const title = ctx.eventTitles.get(input.eventId) ?? input.title ?? '';
      const preview = say(ctx.language, 'previewUpdate', {
        title,
        when: input.start && input.end ? `: ${whenOf(ctx, input.start, input.end, false)}` : '',
      });
      return requestApproval(
        env,
        'calendar_update_event',
        {
          kind: 'update_event',
          connectionId: input.connectionId,
          eventId: input.eventId,
          patch: { ...patch, sendUpdates: true },
        },
        preview,
        [],
        {
          title,
          when: input.start && input.end ? toInstant(input.start, ctx.timeZone) : null,
          connectionId: input.connectionId,
        },
      );
    },
  );
