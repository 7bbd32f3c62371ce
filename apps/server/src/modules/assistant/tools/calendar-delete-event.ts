import { say } from '../texts';
import { requestApproval } from './approval-step';
import { defineTool, type ToolEnv } from './shared';

export const calendarDeleteEvent = (env: ToolEnv) =>
  defineTool(
    env,
    'calendar_delete_event',
    'Deletes an event; the person confirms by text first.',
    async (input) => {
      const title = env.ctx.eventTitles.get(input.eventId) ?? '';
      return requestApproval(
        env,
        'calendar_delete_event',
        { kind: 'delete_event', ...input },
        say(env.ctx.language, 'previewDelete', { title }),
        [],
        { title, when: null, connectionId: input.connectionId },
      );
    },
  );
