import { z } from 'zod';
import { ZIsoDateTime } from '../common';
import { ZTimeZone } from '../usage/time-zone';

/**
 * Other people's free/busy, as the person's calendar providers let us see it (issue 32): Google
 * answers for calendars shared with the person, Microsoft Graph for colleagues in the same
 * organisation, CalDAV (iCloud) for nobody. Each address is either known (busy time, and the
 * working hours when the provider tells them) or unknown with why.
 */

/** A wall-clock time of day, `HH:MM` (24 h). */
export const ZClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** When someone works: the days (ISO: 1 Monday … 7 Sunday), from `start` to `end` in `zone`. */
export const ZWorkingHours = z.object({
  days: z.array(z.number().int().min(1).max(7)),
  start: ZClockTime,
  /** `24:00` is not used: a day that ends at midnight ends at `23:59`. */
  end: ZClockTime,
  /** IANA zone the hours are in (Outlook's Windows names mapped). */
  zone: ZTimeZone,
});
export type TWorkingHours = z.infer<typeof ZWorkingHours>;

/** A busy span, UTC instants, start inclusive, end exclusive. */
export const ZBusySpan = z.object({ start: ZIsoDateTime, end: ZIsoDateTime });
export type TBusySpan = z.infer<typeof ZBusySpan>;

/**
 * Why someone's free/busy is unknown:
 * - `not_found`: the provider knows no calendar of theirs the person may see (Google's
 *   `notFound` for a calendar not shared; Graph's recipient not found);
 * - `no_permission`: it exists, but the person may not see it;
 * - `outside_organisation`: Graph answers only for the person's own organisation;
 * - `not_supported`: the provider has no way to ask (CalDAV/iCloud);
 * - `unavailable`: the provider failed or the account could not be used this time.
 */
export const ZUnknownReason = z.enum([
  'not_found',
  'no_permission',
  'outside_organisation',
  'not_supported',
  'unavailable',
]);
export type TUnknownReason = z.infer<typeof ZUnknownReason>;

export const ZKnownBusy = z.object({
  /** Busy (also tentative and out of office) time, merged, sorted, cut to the range asked. */
  busy: z.array(ZBusySpan),
  workingHours: ZWorkingHours.optional(),
});
export const ZUnknownBusy = z.object({ unknown: ZUnknownReason });
export const ZOthersBusy = z.union([ZKnownBusy, ZUnknownBusy]);
export type TKnownBusy = z.infer<typeof ZKnownBusy>;
export type TOthersBusy = z.infer<typeof ZOthersBusy>;

export function isKnownBusy(value: TOthersBusy): value is TKnownBusy {
  return 'busy' in value;
}
