import type { DavCollection, IcloudHomes } from '../../providers/icloud/icloud';

/** What an Apple connection keeps in `connections.settings`: where its DAV homes are, nothing secret. */
export interface AppleSettings {
  homes: IcloudHomes;
  calendars: string[];
  addressBooks: string[];
}

export function appleSettings(homes: IcloudHomes, calendars: DavCollection[], addressBooks: DavCollection[]) {
  const settings: AppleSettings = {
    homes,
    calendars: calendars.map((c) => c.name),
    addressBooks: addressBooks.map((b) => b.name),
  };
  return JSON.stringify(settings);
}

export function readAppleSettings(json: string | null): AppleSettings | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Partial<AppleSettings>;
    return parsed.homes?.caldav?.homeUrl ? (parsed as AppleSettings) : null;
  } catch {
    return null;
  }
}

/**
 * Apple writes app-specific passwords as xxxx-xxxx-xxxx-xxxx in lower case; people paste them
 * with spaces, without dashes or in capitals. Only that shape is normalised: anything else goes
 * as typed (another CalDAV server behind APPLE_CALDAV_URL may have any password).
 */
export function normaliseAppPassword(typed: string): string {
  const compact = typed.replace(/[\s-]/g, '');
  return /^[a-z]{16}$/i.test(compact) ? compact.toLowerCase().replace(/(.{4})(?!$)/g, '$1-') : typed.trim();
}
