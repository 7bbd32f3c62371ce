import type { TReminderResponse, TRemindersResponse } from '@app/contract/assistant/reminders';
import { AppError } from '../../../lib/app-error';
import { translate } from '../../../lib/messages';
import type { UserRow } from '../../users/repo';
import type { AssistantDeps } from '../deps';
import { cancelReminder, listReminders, moveReminder, ReminderRefused } from './manage';

type ScreenDeps = Pick<AssistantDeps, 'remindersRepo' | 'queueOccurrence' | 'clock'>;

/** The Reminders card's calls: the signed-in person's own reminders only (another's is a 404). */
export async function remindersOnScreen(deps: ScreenDeps, user: UserRow): Promise<TRemindersResponse> {
  return { reminders: await listReminders(deps, user.id) };
}

export async function cancelOnScreen(
  deps: ScreenDeps,
  user: UserRow,
  id: string,
): Promise<TReminderResponse> {
  return screenCall(user, async () => ({ reminder: await cancelReminder(deps, user.id, id) }));
}

export async function moveOnScreen(
  deps: ScreenDeps,
  user: UserRow,
  id: string,
  at: string,
): Promise<TReminderResponse> {
  return screenCall(user, async () => ({ reminder: await moveReminder(deps, user.id, id, at) }));
}

async function screenCall<T>(user: UserRow, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ReminderRefused)) throw error;
    if (error.code === 'not_found')
      throw new AppError('NOT_FOUND', translate(user.language, 'reminderNotFound'));
    throw new AppError('VALIDATION_ERROR', translate(user.language, 'reminderTimePast'));
  }
}
