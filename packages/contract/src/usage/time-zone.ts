import { z } from 'zod';

/** Zones already found known: making a formatter to find out costs more than the rest of a check. */
const knownZones = new Set<string>();

/** Whether the runtime knows this IANA zone (what `Intl` accepts, aliases included). */
export function isIanaZone(value: string): boolean {
  if (knownZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  // Spellings of known zones only, and never many (a client could send every casing of one).
  if (knownZones.size >= 1000) knownZones.clear();
  knownZones.add(value);
  return true;
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
