import { isIP } from 'node:net';
import type { DAVAccount, DAVCalendar } from 'tsdav';
import { overlaps, parseEvents } from './ical';
import {
  type DavCollection,
  type DavHome,
  IcloudAuthError,
  type IcloudClient,
  type IcloudCredentials,
  type IcloudDiscovery,
  type IcloudHomes,
  IcloudUnavailableError,
  type TCalendarEvent,
} from './icloud';

export interface TsdavIcloudOptions {
  caldavUrl: string;
  carddavUrl: string;
  /** One call (a discovery, an event list) gives up after this, however many requests it makes. */
  timeoutMs: number;
}

/** What the requests of one call ran into: tsdav swallows some errors, so the wrapper keeps notes. */
interface Observed {
  unauthorized: boolean;
  failure: IcloudUnavailableError | null;
}

/**
 * The hosts credentials may be sent to: the configured ones, and their siblings under the same
 * parent domain (iCloud answers caldav.icloud.com, then moves each account to pNN-caldav.icloud.com).
 * A discovery answer pointing anywhere else would receive the person's password in Basic auth.
 */
function hostGuard(urls: string[]): (url: string) => boolean {
  const allowed = urls.map((raw) => {
    const url = new URL(raw);
    const host = url.hostname.toLowerCase();
    const parent =
      isIP(host.replace(/^\[|\]$/g, '')) || !host.includes('.') ? null : host.split('.').slice(-2).join('.');
    return { protocol: url.protocol, host, parent };
  });
  return (raw) => {
    const url = new URL(raw);
    const host = url.hostname.toLowerCase();
    return allowed.some(
      (a) =>
        a.protocol === url.protocol &&
        (host === a.host || (a.parent !== null && host.endsWith(`.${a.parent}`))),
    );
  };
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

  async listEvents(
    credentials: IcloudCredentials,
    homes: IcloudHomes,
    range: { start: Date; end: Date },
  ): Promise<TCalendarEvent[]> {
    const { fetchCalendarObjects, fetchCalendars } = await import('tsdav');
    return this.call(async (fetch) => {
      const headers = basicAuth(credentials);
      // The calendar list is read again each time: the person may have added one since connecting.
      const account: DAVAccount = {
        accountType: 'caldav',
        serverUrl: this.options.caldavUrl,
        ...homes.caldav,
      };
      const calendars = (await fetchCalendars({ account, headers, fetch })).filter(hasEvents);
      const timeRange = { start: range.start.toISOString(), end: range.end.toISOString() };
      const perCalendar = await Promise.all(
        calendars.map(async (calendar) => {
          // expand: the server turns recurring series into the instances inside the range
          // (iCloud does; a server that cannot returns the series, kept only if it overlaps).
          const objects = await fetchCalendarObjects({ calendar, timeRange, expand: true, headers, fetch });
          const name = nameOf(calendar);
          return objects.flatMap((object) =>
            parseEvents(typeof object.data === 'string' ? object.data : '')
              .filter((event) => !event.cancelled && overlaps(event, range))
              .map(
                (event): TCalendarEvent => ({
                  id: event.recurrenceId ? `${event.uid}/${event.recurrenceId}` : event.uid || object.url,
                  title: event.title,
                  start: event.start,
                  end: event.end,
                  allDay: event.allDay,
                  location: event.location,
                  calendar: name,
                }),
              ),
          );
        }),
      );
      return perCalendar.flat().sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    });
  }

  private account(account: DAVAccount): DAVAccount {
    if (!account.rootUrl || !account.principalUrl || !account.homeUrl) {
      throw new IcloudUnavailableError('protocol', 'DAV discovery did not find a home');
    }
    return account;
  }

  private home(account: DAVAccount): DavHome {
    const { rootUrl, principalUrl, homeUrl } = this.account(account);
    return { rootUrl: rootUrl!, principalUrl: principalUrl!, homeUrl: homeUrl! };
  }

  /**
   * Runs one call with a fetch that carries the call's deadline, refuses foreign hosts, and
   * turns 401 and 5xx into typed errors. tsdav retries or swallows some failures (the
   * well-known lookup, the principal on several roots), so the verdict also reads what any
   * request of the call ran into: one 401 means the credentials are wrong.
   */
  private async call<T>(work: (fetch: typeof globalThis.fetch) => Promise<T>): Promise<T> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const observed: Observed = { unauthorized: false, failure: null };
    const fail = (error: IcloudUnavailableError): never => {
      observed.failure = error;
      throw error;
    };
    const send = async (url: string, init: RequestInit | undefined): Promise<Response> => {
      if (!this.allowed(url)) {
        fail(new IcloudUnavailableError('protocol', `refused to send credentials to ${new URL(url).host}`));
      }
      try {
        return await globalThis.fetch(url, {
          ...init,
          // Redirects are followed below, each target checked like the first address.
          redirect: 'manual',
          signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline,
        });
      } catch (error) {
        return fail(
          deadline.aborted
            ? new IcloudUnavailableError('timeout', `no answer within ${this.options.timeoutMs} ms`)
            : new IcloudUnavailableError('network', (error as Error).message),
        );
      }
    };
    const guarded = (async (input: string | URL | Request, init?: RequestInit) => {
      let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      let response = await send(url, init);
      // tsdav reads the well-known redirect itself (redirect: manual); other requests follow
      // at most five hops, keeping method and body (a PROPFIND stays a PROPFIND).
      for (let hop = 0; init?.redirect !== 'manual' && hop < 5; hop += 1) {
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) break;
        url = new URL(location, url).href;
        response = await send(url, init);
      }
      if (response.status === 401) {
        observed.unauthorized = true;
        throw new IcloudAuthError();
      }
      if (response.status >= 500 || response.status === 429) {
        fail(new IcloudUnavailableError('server', `HTTP ${response.status} from ${new URL(url).host}`));
      }
      return response;
    }) as typeof globalThis.fetch;
    try {
      return await work(guarded);
    } catch (error) {
      if (observed.unauthorized || error instanceof IcloudAuthError) throw new IcloudAuthError();
      if (error instanceof IcloudUnavailableError) throw error;
      if (observed.failure) throw observed.failure;
      if (deadline.aborted)
        throw new IcloudUnavailableError('timeout', `no answer within ${this.options.timeoutMs} ms`);
      throw new IcloudUnavailableError('protocol', (error as Error).message);
    }
  }
}

function hasEvents(calendar: DAVCalendar): boolean {
  return !calendar.components?.length || calendar.components.includes('VEVENT');
}

/** All-day dates sort before that day's timed events. */
function sortKey(event: TCalendarEvent): string {
  return event.allDay ? `${event.start}T00:00:00.000` : event.start;
}
