import type {
  TAssistantSettings,
  TAssistantSettingsResponse,
  TUpdateAssistantSettingsRequest,
} from '@app/contract/assistant/screen';
import { isIanaZone } from '@app/contract/usage/time-zone';
import { newId } from '../../lib/ids';
import type { UserRow } from '../users/repo';
import type { AssistantDeps } from './deps';
import type { AssistantSettingsRow } from './settings/repo';

/**
 * What a person who never opened the settings gets (decision 221): a briefing before most
 * working days start, reminders long enough ahead to leave a desk, and no unasked texts at night.
 */
export const DEFAULT_SETTINGS = {
  paused: false,
  quietHours: { start: '22:00', end: '07:00' },
  briefingTime: '07:30',
  reminderLeadMinutes: 15,
} as const;

type SettingsDeps = Pick<AssistantDeps, 'assistantSettingsRepo' | 'usersRepo' | 'clock'>;

/** The row a person gets on first need: the defaults, under an id of its own. */
export function defaultSettingsRow(userId: string, nowIso: string): AssistantSettingsRow {
  return {
    user_id: userId,
    id: newId(),
    paused: 0,
    quiet_start: DEFAULT_SETTINGS.quietHours.start,
    quiet_end: DEFAULT_SETTINGS.quietHours.end,
    briefing_time: DEFAULT_SETTINGS.briefingTime,
    reminder_lead_minutes: DEFAULT_SETTINGS.reminderLeadMinutes,
    greeted_phone: null,
    reminders_scanned_at: null,
    briefing_next_at: null,
    reminders_next_at: null,
    help_replies: 0,
    help_important: 0,
    help_overlaps: 0,
    updated_at: nowIso,
  };
}

/** The settings as the screen shows them: the row's, the person's zone and language. */
export function describeSettings(
  user: Pick<UserRow, 'time_zone' | 'language'>,
  row: AssistantSettingsRow | undefined,
): TAssistantSettings {
  const stored = row ?? defaultSettingsRow('', '');
  return {
    paused: stored.paused === 1,
    timeZone: user.time_zone && isIanaZone(user.time_zone) ? user.time_zone : 'UTC',
    language: user.language,
    quietHours:
      stored.quiet_start && stored.quiet_end ? { start: stored.quiet_start, end: stored.quiet_end } : null,
    briefingTime: stored.briefing_time,
    reminderLeadMinutes: stored.reminder_lead_minutes as TAssistantSettings['reminderLeadMinutes'],
    helpTexts: {
      replies: stored.help_replies === 1,
      important: stored.help_important === 1,
      overlaps: stored.help_overlaps === 1,
    },
  };
}

/**
 * The signed-in person's settings. A browser zone is taken as theirs only while they have none:
 * a zone they chose (here or by text) is not overwritten by the device they happen to use.
 */
export async function getAssistantSettings(
  deps: SettingsDeps,
  input: { user: UserRow; browserZone?: string | undefined },
): Promise<TAssistantSettingsResponse> {
  let { user } = input;
  if (!user.time_zone && input.browserZone && isIanaZone(input.browserZone)) {
    await deps.usersRepo.setTimeZone(user.id, input.browserZone);
    await deps.assistantSettingsRepo.rescheduleBriefing(user.id);
    user = { ...user, time_zone: input.browserZone };
  }
  const row = await deps.assistantSettingsRepo.find(user.id);
  return { settings: describeSettings(user, row), phone: user.phone_number };
}

/** Changes what the request names; the zone and language live on the person's own row. */
export async function updateAssistantSettings(
  deps: SettingsDeps,
  input: { user: UserRow; changes: TUpdateAssistantSettingsRequest },
): Promise<TAssistantSettingsResponse> {
  const { changes } = input;
  const nowIso = deps.clock.now().toISOString();
  const user = { ...input.user };
  if (changes.timeZone !== undefined) {
    await deps.usersRepo.setTimeZone(user.id, changes.timeZone);
    user.time_zone = changes.timeZone;
  }
  if (changes.language !== undefined) {
    await deps.usersRepo.update(user.id, { language: changes.language, updated_at: nowIso });
    user.language = changes.language;
  }
  const own = {
    ...(changes.paused !== undefined ? { paused: changes.paused ? 1 : 0 } : {}),
    ...(changes.quietHours !== undefined
      ? { quiet_start: changes.quietHours?.start ?? null, quiet_end: changes.quietHours?.end ?? null }
      : {}),
    ...(changes.briefingTime !== undefined ? { briefing_time: changes.briefingTime } : {}),
    ...(changes.reminderLeadMinutes !== undefined
      ? { reminder_lead_minutes: changes.reminderLeadMinutes }
      : {}),
    ...(changes.helpTexts !== undefined
      ? {
          help_replies: changes.helpTexts.replies ? 1 : 0,
          help_important: changes.helpTexts.important ? 1 : 0,
          help_overlaps: changes.helpTexts.overlaps ? 1 : 0,
        }
      : {}),
  };
  // A new briefing time, a pause or resume, or another zone: the next pass works the next
  // briefing out again (decision 490); the one already queued finds the settings changed and stays.
  const briefingMoves =
    changes.briefingTime !== undefined || changes.paused !== undefined || changes.timeZone !== undefined;
  // Reminders turned on, another lead, or a resume: the next pass looks at the calendars now
  // (decision 501), not at the person's next look, which may be hours away.
  const remindersMove = changes.reminderLeadMinutes !== undefined || changes.paused !== undefined;
  if (Object.keys(own).length > 0 || briefingMoves) {
    await deps.assistantSettingsRepo.ensure(defaultSettingsRow(user.id, nowIso));
    await deps.assistantSettingsRepo.update(user.id, {
      ...own,
      ...(briefingMoves ? { briefing_next_at: null } : {}),
      ...(remindersMove ? { reminders_next_at: null } : {}),
      updated_at: nowIso,
    });
  }
  const row = await deps.assistantSettingsRepo.find(user.id);
  return { settings: describeSettings(user, row), phone: user.phone_number };
}
