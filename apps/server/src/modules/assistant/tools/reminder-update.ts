import { moveReminder, ReminderRefused } from '../reminders/manage';
import { asLocal, defineTool, type ToolEnv } from './shared';

export const reminderUpdate = (env: ToolEnv) =>
  defineTool(env, 'reminder_update', 'Moves a reminder (or a routine’s first time) by id.', async (input) => {
    try {
      return { updated: await moveReminder(env.deps, env.ctx.user.id, input.id, asLocal(env.ctx, input.at)) };
    } catch (error) {
      if (error instanceof ReminderRefused) return { error: error.code, message: error.message };
      throw error;
    }
  });
