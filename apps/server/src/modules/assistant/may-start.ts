import { zoneOrUtc } from '../../lib/zoned-time';
import type { UserRow } from '../users/repo';
import type { AssistantDeps } from './deps';
import { planStanding } from './plan-standing';
import { isQuiet } from './quiet-hours';
import type { AssistantSettingsRow } from './settings/repo';

export type StartCheck =
  | { ok: true; user: UserRow & { phone_number: string }; settings: AssistantSettingsRow; zone: string }
  | { ok: false; reason: string };

/**
 * Whether the assistant may text the person unasked right now, asked when a briefing, reminder
 * or greeting is about to go (whatever was true when it was scheduled): a linked number, not
 * paused, outside quiet hours, not opted out, and a plan with tokens left.
 */
export async function mayStartMessage(
  deps: Pick<
    AssistantDeps,
    'assistantSettingsRepo' | 'smsOutbox' | 'usersRepo' | 'billingRepo' | 'usage' | 'clock'
  >,
  settingsId: string,
  /** `plan: false`: a notice about the plan itself, sent whatever its standing (no model runs). */
  options: { quietHours: boolean; plan?: boolean } = { quietHours: true },
): Promise<StartCheck> {
  const now = deps.clock.now();
  const settings = await deps.assistantSettingsRepo.findById(settingsId);
  if (!settings) return { ok: false, reason: 'gone' };
  const user = await deps.usersRepo.findById(settings.user_id);
  if (!user?.phone_number) return { ok: false, reason: 'no_phone' };
  if (settings.paused === 1) return { ok: false, reason: 'paused' };
  const zone = zoneOrUtc(user.time_zone ?? 'UTC');
  if (options.quietHours && isQuiet(settings, now, zone)) return { ok: false, reason: 'quiet_hours' };
  if (await deps.smsOutbox.isOptedOut(user.phone_number)) return { ok: false, reason: 'opted_out' };
  if (options.plan !== false) {
    const standing = await planStanding(deps, user, now);
    if (standing.kind !== 'active') return { ok: false, reason: standing.kind };
  }
  return { ok: true, user: { ...user, phone_number: user.phone_number }, settings, zone };
}
