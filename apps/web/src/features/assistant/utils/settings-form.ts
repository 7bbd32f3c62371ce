import {
  isQuietAt,
  REMINDER_LEAD_MINUTES,
  type TAssistantSettings,
  type TUpdateAssistantSettingsRequest,
  ZLocalTime,
} from '@app/contract/assistant/screen';

/** What the settings form holds: switches and times apart, so a time is kept while its switch is off. */
export interface SettingsDraft {
  paused: boolean;
  timeZone: string;
  language: TAssistantSettings['language'];
  quietOn: boolean;
  quietStart: string;
  quietEnd: string;
  briefingOn: boolean;
  briefingTime: string;
  /** 'off' or a lead time in minutes, as the select's value. */
  reminderLead: string;
  /** The opt-in help texts (issue 31), each off by default. */
  helpReplies: boolean;
  helpImportant: boolean;
  helpOverlaps: boolean;
}

export type SettingsErrors = Partial<
  Record<'quietStart' | 'quietEnd' | 'briefingTime', 'time' | 'same' | 'inQuietHours'>
>;

/** What the form offers when a feature is switched on for the first time. */
const DEFAULT_QUIET = { start: '22:00', end: '07:00' };
const DEFAULT_BRIEFING = '07:30';

export function toDraft(settings: TAssistantSettings): SettingsDraft {
  return {
    paused: settings.paused,
    timeZone: settings.timeZone,
    language: settings.language,
    quietOn: settings.quietHours !== null,
    quietStart: settings.quietHours?.start ?? DEFAULT_QUIET.start,
    quietEnd: settings.quietHours?.end ?? DEFAULT_QUIET.end,
    briefingOn: settings.briefingTime !== null,
    briefingTime: settings.briefingTime ?? DEFAULT_BRIEFING,
    reminderLead: settings.reminderLeadMinutes === null ? 'off' : String(settings.reminderLeadMinutes),
    helpReplies: settings.helpTexts.replies,
    helpImportant: settings.helpTexts.important,
    helpOverlaps: settings.helpTexts.overlaps,
  };
}

/** Times a switched-on feature needs: a valid `HH:mm` each, and quiet hours that are a window. */
export function validateDraft(draft: SettingsDraft): SettingsErrors {
  const errors: SettingsErrors = {};
  const valid = (value: string) => ZLocalTime.safeParse(value).success;
  if (draft.quietOn) {
    if (!valid(draft.quietStart)) errors.quietStart = 'time';
    if (!valid(draft.quietEnd)) errors.quietEnd = 'time';
    if (!errors.quietStart && !errors.quietEnd && draft.quietStart === draft.quietEnd)
      errors.quietEnd = 'same';
  }
  if (draft.briefingOn && !valid(draft.briefingTime)) errors.briefingTime = 'time';
  // Quiet hours hold back what the assistant starts itself, the briefing too: one set inside
  // them would never come.
  else if (
    draft.briefingOn &&
    draft.quietOn &&
    !errors.quietStart &&
    !errors.quietEnd &&
    isQuietAt({ start: draft.quietStart, end: draft.quietEnd }, draft.briefingTime)
  )
    errors.briefingTime = 'inQuietHours';
  return errors;
}

function fromDraft(draft: SettingsDraft): TAssistantSettings {
  const lead = Number(draft.reminderLead);
  return {
    paused: draft.paused,
    timeZone: draft.timeZone,
    language: draft.language,
    quietHours: draft.quietOn ? { start: draft.quietStart, end: draft.quietEnd } : null,
    briefingTime: draft.briefingOn ? draft.briefingTime : null,
    reminderLeadMinutes: (REMINDER_LEAD_MINUTES as readonly number[]).includes(lead)
      ? (lead as (typeof REMINDER_LEAD_MINUTES)[number])
      : null,
    helpTexts: { replies: draft.helpReplies, important: draft.helpImportant, overlaps: draft.helpOverlaps },
  };
}

/** Only the settings the form changed (a PATCH leaves the rest alone); empty when nothing did. */
export function changedSettings(
  saved: TAssistantSettings,
  draft: SettingsDraft,
): TUpdateAssistantSettingsRequest {
  const next = fromDraft(draft);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof TAssistantSettings)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(saved[key])) changes[key] = next[key];
  }
  return changes as TUpdateAssistantSettingsRequest;
}

/** Every zone the browser knows, with the ones in use first in the list if it lacks them. */
export function timeZoneOptions(...inUse: (string | undefined)[]): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const missing = inUse.filter((zone): zone is string => Boolean(zone) && !zones.includes(zone!));
  return [...new Set([...missing, ...zones])];
}
