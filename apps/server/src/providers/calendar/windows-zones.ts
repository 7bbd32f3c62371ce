import { isIanaZone } from '@app/contract/usage/time-zone';
import { findWindows, WINDOWS_TO_IANA_MAP } from 'windows-iana';

/**
 * Outlook names zones the Windows way ("W. Europe Standard Time"); the workspace speaks IANA
 * (`Europe/Berlin`). CLDR's windowsZones table (through windows-iana) maps between them: a
 * Windows zone reads as its "001" zone, the one CLDR names for the zone as a whole.
 */
const IANA_BY_WINDOWS = new Map<string, string>(
  WINDOWS_TO_IANA_MAP.filter((entry) => entry.territory === '001').flatMap((entry) => {
    const iana = entry.iana.find(isIanaZone);
    return iana ? [[entry.windowsName.toLowerCase(), iana] as const] : [];
  }),
);

/** Graph's own spellings of UTC, besides the Windows zone named "UTC". */
const UTC_NAMES = new Set(['utc', 'tzone://microsoft/utc', 'etc/utc', 'gmt', 'etc/gmt', 'z']);

/** The IANA zone for a Windows or IANA name; null for a name nobody knows ("tzone://Microsoft/Custom"). */
export function toIana(name: string | null | undefined): string | null {
  const trimmed = name?.trim();
  if (!trimmed) return null;
  if (UTC_NAMES.has(trimmed.toLowerCase())) return 'UTC';
  const windows = IANA_BY_WINDOWS.get(trimmed.toLowerCase());
  if (windows) return windows;
  return isIanaZone(trimmed) ? trimmed : null;
}

/** The Windows zone for an IANA zone; null when Windows has none (Graph then takes the IANA name). */
export function toWindows(iana: string): string | null {
  if (UTC_NAMES.has(iana.trim().toLowerCase())) return 'UTC';
  if (!isIanaZone(iana)) return null;
  // The table knows some zones only by their older name (Europe/Kyiv as Europe/Kiev), which is
  // the name ICU still reports as canonical.
  const canonical = new Intl.DateTimeFormat('en', { timeZone: iana }).resolvedOptions().timeZone;
  return findWindows(iana)[0] ?? findWindows(canonical)[0] ?? null;
}
