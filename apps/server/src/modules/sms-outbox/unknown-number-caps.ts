import { countryOfE164 } from '@app/contract/phone';
import type { SmsOutboxDeps } from './deps';

export type UnknownReplyVerdict = 'allowed' | 'not_served' | 'hour_cap' | 'day_cap';

/**
 * Whether a number with no account may get its one reply of the day (SMS pumping, issue 29):
 * only numbers of the countries we serve, and at most SMS_UNKNOWN_REPLIES_PER_HOUR and
 * SMS_UNKNOWN_REPLIES_PER_DAY replies across every instance, counted in the database (one row
 * per hour and per day, incremented atomically). The first refusal of a period is logged as a
 * warning, once, by whichever instance counted past the cap. The caller has already made sure
 * the number gets one reply a day at most.
 */
export async function mayReplyToUnknown(
  deps: Pick<SmsOutboxDeps, 'smsOutboxRepo' | 'clock' | 'log' | 'limits'>,
  e164: string,
): Promise<UnknownReplyVerdict> {
  const country = countryOfE164(e164);
  if (!country || !deps.limits.servedCountries.has(country)) return 'not_served';
  const iso = deps.clock.now().toISOString();
  const hour = `hour:${iso.slice(0, 13)}`;
  const hourCount = await deps.smsOutboxRepo.countOne(hour);
  if (hourCount > deps.limits.unknownRepliesPerHour) {
    if (hourCount === deps.limits.unknownRepliesPerHour + 1)
      deps.log.warn(
        { cap: deps.limits.unknownRepliesPerHour, period: hour },
        'replies to unknown numbers reached the hourly cap (SMS_UNKNOWN_REPLIES_PER_HOUR); further ones are not answered this hour',
      );
    return 'hour_cap';
  }
  const day = `day:${iso.slice(0, 10)}`;
  const dayCount = await deps.smsOutboxRepo.countOne(day);
  if (dayCount > deps.limits.unknownRepliesPerDay) {
    if (dayCount === deps.limits.unknownRepliesPerDay + 1)
      deps.log.warn(
        { cap: deps.limits.unknownRepliesPerDay, period: day },
        'replies to unknown numbers reached the daily cap (SMS_UNKNOWN_REPLIES_PER_DAY); further ones are not answered today',
      );
    return 'day_cap';
  }
  return 'allowed';
}

/** Counters of past hours and days go: two days of them at most are kept. */
export async function purgeOldCounts(deps: Pick<SmsOutboxDeps, 'smsOutboxRepo' | 'clock'>): Promise<void> {
  const yesterday = new Date(deps.clock.now().getTime() - 24 * 60 * 60_000).toISOString();
  await deps.smsOutboxRepo.purgeCountsBefore('hour:', `hour:${yesterday.slice(0, 13)}`);
  await deps.smsOutboxRepo.purgeCountsBefore('day:', `day:${yesterday.slice(0, 10)}`);
}
