import { listReminders } from '../reminders/manage';
import { defineTool, type ToolEnv } from './shared';

export const reminderList = (env: ToolEnv) =>
  defineTool(env, 'reminder_list', 'The person’s active reminders and routines.', async () => ({
    reminders: await listReminders(env.deps, env.ctx.user.id),
  }));
