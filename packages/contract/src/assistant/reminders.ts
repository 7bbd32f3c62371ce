import { z } from 'zod';
import { ZSingleLineText } from '../common';
import { defineRoute } from '../http';

/**
 * Reminders and routines on the Assistant screen (issue 30): the person's own, listed, cancelled
 * and moved. Setting one is done by text, where the asking words are kept as evidence.
 */
export const ZReminder = z.object({
  id: z.string(),
  kind: z.enum(['once', 'routine']),
  /** The reminder's words, or the routine's instruction to the assistant. */
  what: z.string(),
  /** text: these words are sent; agent: the assistant runs them and texts what it finds. */
  action: z.enum(['text', 'agent']),
  /** A routine's RRULE (e.g. FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR), read in `zone`. */
  rrule: z.string().nullable(),
  /** When it next fires, wall-clock `YYYY-MM-DDTHH:mm` in `zone`. */
  next: z.string().nullable(),
  zone: z.string(),
});
export type TReminder = z.infer<typeof ZReminder>;

export const ZRemindersResponse = z.object({ reminders: z.array(ZReminder) });
export type TRemindersResponse = z.infer<typeof ZRemindersResponse>;

export const ZReminderResponse = z.object({ reminder: ZReminder });
export type TReminderResponse = z.infer<typeof ZReminderResponse>;

export const ZReminderParams = z.object({ id: ZSingleLineText.min(1).max(64) });

/** A new local time for a one-off, or a routine's first occurrence (its rule goes on from there). */
export const ZMoveReminderRequest = z.object({
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T([01][0-9]|2[0-3]):[0-5][0-9]$/, 'YYYY-MM-DDTHH:mm'),
});
export type TMoveReminderRequest = z.infer<typeof ZMoveReminderRequest>;

export const listRemindersRoute = defineRoute({
  method: 'GET',
  path: '/assistant/reminders',
  summary: 'The signed-in person’s active reminders and routines, soonest first',
  tag: 'assistant',
  auth: true,
  response: ZRemindersResponse,
  errors: ['UNAUTHORIZED'],
});

export const cancelReminderRoute = defineRoute({
  method: 'DELETE',
  path: '/assistant/reminders/:id',
  summary: 'Cancels an active reminder or routine (NOT_FOUND when it is not active)',
  tag: 'assistant',
  auth: true,
  params: ZReminderParams,
  response: ZReminderResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'RATE_LIMITED'],
});

export const moveReminderRoute = defineRoute({
  method: 'PATCH',
  path: '/assistant/reminders/:id',
  summary: 'Moves a reminder to a new local time (VALIDATION_ERROR for a time past)',
  tag: 'assistant',
  auth: true,
  params: ZReminderParams,
  body: ZMoveReminderRequest,
  response: ZReminderResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_ERROR', 'RATE_LIMITED'],
});

export const REMINDER_ROUTES = [listRemindersRoute, cancelReminderRoute, moveReminderRoute] as const;
