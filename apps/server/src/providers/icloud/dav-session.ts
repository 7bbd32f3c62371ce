import type { DAVAccount } from 'tsdav';
import { z } from 'zod';
import { ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import { DavFailure, hostGuard, runDavCall } from './dav-fetch';
import type { DavHome } from './icloud';

export interface DavServers {
  caldavUrl: string;
  carddavUrl: string;
  /** One adapter call gives up after this, however many requests it makes. */
  timeoutMs: number;
}

/** What one adapter call over DAV works with: the guarded fetch, the login, the account's homes. */
export interface DavSession {
  fetch: typeof globalThis.fetch;
  /** The Authorization header, for every request of the call. */
  headers: Record<string, string>;
  caldav: DAVAccount;
  carddav: DAVAccount;
  /** The home collection URLs, absolute. */
  calendarHome: string;
  contactsHome: string;
}

/** A text property as tsdav hands it: the text, or `{ _cdata }` when the server wrote CDATA. */
export const ZXmlText = z.union([
  z.string(),
  z.object({ _cdata: z.string() }).transform((value) => value._cdata),
]);

function davAccount(accountType: 'caldav' | 'carddav', serverUrl: string, home: DavHome): DAVAccount {
  return { accountType, serverUrl, ...home };
}

/**
 * Runs the workspace adapters' calls to Apple (or any CalDAV/CardDAV server) with the guarded
 * fetch of dav-fetch.ts, every failure a ProviderError: 401 token_refused; 403 scope_missing
 * (a read-only calendar, a missing right); 404 and 410 not_found; 412 rejected (the object
 * changed since we read it); other 4xx rejected; 5xx, 429, network and timeout unavailable, with
 * Retry-After; anything unreadable protocol.
 */
export class DavSessions {
  private readonly allowed: (url: string) => boolean;

  constructor(
    private readonly servers: DavServers,
    /** Names the service in error messages: 'iCloud Calendar', 'iCloud Contacts'. */
    private readonly service: string,
  ) {
    this.allowed = hostGuard([servers.caldavUrl, servers.carddavUrl]);
  }

  /**
   * `failOnClientError: false` hands every 4xx to `work` as it came (the change feed reads a
   * refused sync token's precondition from the body); `work` then throws a DavFailure for those
   * it does not expect, which are worded like the rest.
   */
  async run<T>(
    account: WorkspaceAccount,
    work: (session: DavSession) => Promise<T>,
    options: { failOnClientError?: boolean } = {},
  ): Promise<T> {
    const { access } = account;
    // A programming error, like bearerOf's: the service hands DAV adapters DAV accounts only.
    if (access.kind !== 'dav') throw new Error(`${account.provider} has no DAV login`);
    const login = Buffer.from(`${access.appleId}:${access.password}`, 'utf8').toString('base64');
    const headers = { authorization: `Basic ${login}` };
    const caldav = davAccount('caldav', this.servers.caldavUrl, access.homes.caldav);
    const carddav = davAccount('carddav', this.servers.carddavUrl, access.homes.carddav);
    try {
      return await runDavCall(
        {
          allowed: this.allowed,
          timeoutMs: this.servers.timeoutMs,
          failOnClientError: options.failOnClientError ?? true,
        },
        (fetch) =>
          work({
            fetch,
            headers,
            caldav,
            carddav,
            calendarHome: new URL(access.homes.caldav.homeUrl, access.homes.caldav.rootUrl).href,
            contactsHome: new URL(access.homes.carddav.homeUrl, access.homes.carddav.rootUrl).href,
          }),
      );
    } catch (error) {
      throw this.providerError(error);
    }
  }

  private providerError(error: unknown): ProviderError {
    if (error instanceof ProviderError) return error;
    const service = this.service;
    if (!(error instanceof DavFailure)) {
      return new ProviderError(
        'protocol',
        `${service} answered something we cannot read: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    const details = { status: error.status, retryAfterSeconds: error.retryAfterSeconds, cause: error };
    const message = `${service}: ${error.message}`;
    switch (error.reason) {
      case 'unauthorized':
        return new ProviderError(
          'token_refused',
          `${service} refused the Apple ID or app-specific password`,
          details,
        );
      case 'network':
      case 'timeout':
      case 'server':
        return new ProviderError('unavailable', message, details);
      case 'protocol':
        return new ProviderError('protocol', message, details);
      case 'status':
        if (error.status === 403) return new ProviderError('scope_missing', message, details);
        if (error.status === 404 || error.status === 410)
          return new ProviderError('not_found', message, details);
        if (error.status === 412) {
          return new ProviderError(
            'rejected',
            `${service}: the event changed meanwhile (412); read it again`,
            details,
          );
        }
        return new ProviderError('rejected', message, details);
    }
  }
}

/** Whether a URL lies inside a collection (its URL, ending in a slash). */
export function isInside(url: string, collection: string): boolean {
  const inner = new URL(url);
  const outer = new URL(withSlash(collection));
  // Servers write the same path encoded or not (`%40` or `@`); only characters that cannot
  // change the path's structure are decoded (never %2F).
  const path = (of: URL) =>
    of.pathname.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return /[A-Za-z0-9\-_~@!$&'()*+,;=:]/.test(char) ? char : encoded.toUpperCase();
    });
  return inner.origin === outer.origin && path(inner).startsWith(path(outer)) && path(inner) !== path(outer);
}

/** A collection's URL as relative references resolve inside it. */
export function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
