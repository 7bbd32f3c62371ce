import { isQuietAt } from '@app/contract/assistant/screen';
import { addDays, dateIn, instantOf, wallTimeOf } from '../../lib/zoned-time';
import type { AssistantSettingsRow } from './settings/repo';

type Quiet = Pick<AssistantSettingsRow, 'quiet_start' | 'quiet_end'>;

export function isQuiet(settings: Quiet, now: Date, zone: string): boolean {
  const { quiet_start: start, quiet_end: end } = settings;
  return isQuietAt(start && end ? { start, end } : null, wallTimeOf(now, zone).slice(11, 16));
}

/** When the quiet hours around `now` end (now itself when it is not quiet). */
export function quietEnd(settings: Quiet, now: Date, zone: string): Date {
  if (!isQuiet(settings, now, zone) || !settings.quiet_end) return now;
  const today = dateIn(now, zone);
  for (const day of [today, addDays(today, 1)]) {
    const end = instantOf(`${day}T${settings.quiet_end}`, zone);
    if (end > now) return end;
  }
  return now;
}
