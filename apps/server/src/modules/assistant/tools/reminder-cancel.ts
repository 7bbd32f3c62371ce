import { cancelReminder, ReminderRefused } from '../reminders/manage';
import { defineTool, type ToolEnv } from './shared';

/** Cancelling needs no YES: it only stops a text to the person themself. */
export const reminderCancel = (env: ToolEnv) =>
  defineTool(env, 'reminder_cancel', 'Cancels a reminder or routine by id.', async (input) => {
    try {
      return { cancelled: await cancelReminder(env.deps, env.ctx.user.id, input.id) };
    } catch (error) {
      if (error instanceof ReminderRefused) return { error: error.code, message: error.message };
      throw error;
    }
  });
