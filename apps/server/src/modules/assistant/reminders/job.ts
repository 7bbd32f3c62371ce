import { z } from 'zod';
import { defineJob } from '../../../lib/jobs/definition';

/** Not `assistant.reminder`: that one is the event reminder (send-proactive.ts). */
export const PERSONAL_REMINDER_JOB = 'assistant.personal-reminder';

export interface PersonalReminderJob {
  reminderId: string;
  /** The occurrence this job fires: it does nothing once the row's due_at is another. */
  dueAt: string;
}

export const personalReminderJob = defineJob<PersonalReminderJob>({
  kind: PERSONAL_REMINDER_JOB,
  payload: z.object({ reminderId: z.string(), dueAt: z.string() }),
});

/** One job per occurrence: the key names the reminder and its instant, so it is queued once. */
export function occurrenceKey(reminderId: string, dueAt: string): string {
  return `personal-reminder:${reminderId}:${dueAt}`;
}
