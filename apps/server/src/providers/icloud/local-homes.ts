import type { DavCollection, IcloudHomes } from './icloud';

/**
 * Where the local Apple stand-in says an Apple ID's DAV collections live. Placeholders: nothing
 * fetches them (the stand-in reads the sample workspace), but they have the shape iCloud's
 * discovery gives, so a connection stores them as it stores iCloud's.
 */
const ROOT = 'http://localhost/dev/dav/';

function base(appleId: string): string {
  return `${ROOT}${encodeURIComponent(appleId.toLowerCase())}/`;
}

export function localDavHomes(appleId: string): IcloudHomes {
  const principalUrl = `${base(appleId)}principal/`;
  return {
    caldav: { rootUrl: ROOT, principalUrl, homeUrl: `${base(appleId)}calendars/` },
    carddav: { rootUrl: ROOT, principalUrl, homeUrl: `${base(appleId)}addressbooks/` },
  };
}

/** The one calendar: iCloud names a new account's calendar "Home". */
export function localCalendar(appleId: string): DavCollection {
  return { url: `${base(appleId)}calendars/home/`, name: 'Home' };
}

export function localAddressBook(appleId: string): DavCollection {
  return { url: `${base(appleId)}addressbooks/card/`, name: 'Contacts' };
}
