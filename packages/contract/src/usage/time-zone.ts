import { z } from 'zod';

/** Whether the runtime knows this IANA zone (what `Intl` accepts, aliases included). */
export function isIanaZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone the runtime knows ('Asia/Shanghai'); the usage chart's days are in it. */
export const ZTimeZone = z.string().min(1).max(64).refine(isIanaZone, 'Unknown time zone');

/**
 * Optional query of the calls that answer usage (`GET /billing/info`): the browser's
 * `Intl.DateTimeFormat().resolvedOptions().timeZone`. The server remembers the last one given,
 * and uses UTC for a person who never sent one.
 */
export const ZUsageQuery = z.object({ timeZone: ZTimeZone.optional() });
export type TUsageQuery = z.infer<typeof ZUsageQuery>;
