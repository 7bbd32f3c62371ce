import type { DAVAccount, DAVCalendar } from 'tsdav';
import { DavFailure, hostGuard, runDavCall } from './dav-fetch';
import {
  type DavCollection,
  type DavHome,
  IcloudAuthError,
  type IcloudClient,
  type IcloudCredentials,
  type IcloudDiscovery,
  IcloudUnavailableError,
} from './icloud';

export interface TsdavIcloudOptions {
  caldavUrl: string;
  carddavUrl: string;
  /** One discovery gives up after this, however many requests it makes. */
  timeoutMs: number;
}

function basicAuth({ appleId, password }: IcloudCredentials): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${appleId}:${password}`, 'utf8').toString('base64')}` };
}

function nameOf(collection: { displayName?: unknown; url: string }): string {
  if (typeof collection.displayName === 'string' && collection.displayName.trim()) {
    return collection.displayName.trim();
  }
  return decodeURIComponent(collection.url.replace(/\/+$/, '').split('/').pop() ?? '');
}

/** Apple iCloud over CalDAV/CardDAV with tsdav. */
export class TsdavIcloud implements IcloudClient {
  private readonly allowed: (url: string) => boolean;

  constructor(private readonly options: TsdavIcloudOptions) {
    this.allowed = hostGuard([options.caldavUrl, options.carddavUrl]);
  }

  async discover(credentials: IcloudCredentials): Promise<IcloudDiscovery> {
    // tsdav (and its XML parser) is loaded on the first iCloud call, not at start.
    const { createAccount, fetchAddressBooks, fetchCalendars } = await import('tsdav');
    return this.call(async (fetch) => {
      const headers = basicAuth(credentials);
      const [caldav, carddav] = await Promise.all(
        (['caldav', 'carddav'] as const).map((accountType) =>
          createAccount({
            account: {
              accountType,
              serverUrl: accountType === 'caldav' ? this.options.caldavUrl : this.options.carddavUrl,
            },
            headers,
            fetch,
          }),
        ),
      );
      const calendarAccount = this.account(caldav!);
      const contactsAccount = this.account(carddav!);
      const [calendars, addressBooks] = await Promise.all([
        fetchCalendars({ account: calendarAccount, headers, fetch }),
        fetchAddressBooks({ account: contactsAccount, headers, fetch }),
      ]);
      return {
        homes: { caldav: this.home(caldav!), carddav: this.home(carddav!) },
        calendars: calendars.filter(hasEvents).map((c): DavCollection => ({ url: c.url, name: nameOf(c) })),
        addressBooks: addressBooks.map((b): DavCollection => ({ url: b.url, name: nameOf(b) })),
      };
    });
  }

  private account(account: DAVAccount): DAVAccount {
    if (!account.rootUrl || !account.principalUrl || !account.homeUrl) {
      // A DavFailure, so a request's own failure seen earlier in the call does not win over it.
      throw new DavFailure('protocol', 'DAV discovery did not find a home');
    }
    return account;
  }

  private home(account: DAVAccount): DavHome {
    const { rootUrl, principalUrl, homeUrl } = this.account(account);
    return { rootUrl: rootUrl!, principalUrl: principalUrl!, homeUrl: homeUrl! };
  }

  /**
   * Runs one call with the guarded fetch of dav-fetch.ts (deadline, host allow-list, redirects
   * checked hop by hop), its failures in the words this port's callers know.
   */
  private async call<T>(work: (fetch: typeof globalThis.fetch) => Promise<T>): Promise<T> {
    try {
      return await runDavCall({ allowed: this.allowed, timeoutMs: this.options.timeoutMs }, work);
    } catch (error) {
      if (error instanceof DavFailure) {
        if (error.reason === 'unauthorized') throw new IcloudAuthError();
        // Without failOnClientError no 'status' failure is raised; it reads as a server's.
        throw new IcloudUnavailableError(error.reason === 'status' ? 'server' : error.reason, error.message);
      }
      throw new IcloudUnavailableError('protocol', (error as Error).message);
    }
  }
}

function hasEvents(calendar: DAVCalendar): boolean {
  return !calendar.components?.length || calendar.components.includes('VEVENT');
}
