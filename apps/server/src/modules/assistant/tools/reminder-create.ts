import { createReminder, ReminderRefused } from '../reminders/manage';
import { localOf } from '../reminders/recurrence';
import { asLocal, defineTool, type ToolEnv } from './shared';

/** Words by which a person's own text asks for a reminder or a routine (en and zh). */
const ASKS_FOR_REMINDER =
  /\bremind|\breminder|\bevery\b|\beach (day|morning|evening|week|month)|\bdaily\b|\bweekdays?\b|\bweekly\b|\bmonthly\b|\broutine\b|\balarm\b|\bnudge me\b|提醒|每天|每周|每个|每月|每逢|工作日|叫我|闹钟/i;

/**
 * A reminder or routine, only when the person's own texts of this turn ask for one (decision
 * 392): a mail, an event or a tool result that asks for one (an injection obeyed by the model)
 * creates nothing. The asking text is stored beside it.
 */
export const reminderCreate = (env: ToolEnv) =>
  defineTool(
    env,
    'reminder_create',
    'Reminds the person by text at a time (at or inMinutes), or on an RRULE as a routine.',
    async (input) => {
      const { deps, ctx } = env;
      const theirs = await deps.assistantRepo.unanswered(ctx.user.id);
      const asking = theirs.filter((m) => ASKS_FOR_REMINDER.test(m.body)).at(-1);
      if (!asking)
        return {
          error: 'not_asked',
          message: 'Only the person’s own text can ask for a reminder. Nothing was created.',
        };
      const at = input.inMinutes
        ? localOf(new Date(deps.clock.now().getTime() + input.inMinutes * 60_000), ctx.timeZone)
        : input.at
          ? asLocal(ctx, input.at)
          : null;
      if (!at) return { error: 'rejected', message: 'Give at (a local time) or inMinutes.' };
      try {
        const created = await createReminder(deps, {
          userId: ctx.user.id,
          zone: ctx.timeZone,
          what: input.what,
          at,
          rrule: input.rrule,
          action: input.agent ? 'agent' : 'text',
          evidence: asking.body,
          evidenceMessageId: asking.id,
        });
        return { created };
      } catch (error) {
        if (error instanceof ReminderRefused) return { error: error.code, message: error.message };
        throw error;
      }
    },
  );
