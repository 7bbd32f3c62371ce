import { ProviderError } from '../provider-errors';

/** An Apple ID and its app-specific password: the only way iCloud lets a third party in over DAV. */
export interface IcloudCredentials {
  appleId: string;
  password: string;
}

/** Where one DAV service of the account lives, found once at connect time. */
export interface DavHome {
  rootUrl: string;
  principalUrl: string;
  homeUrl: string;
}

/** Not secret: stored in the connection's `settings`, so later calls skip the discovery steps. */
export interface IcloudHomes {
  caldav: DavHome;
  carddav: DavHome;
}

export interface DavCollection {
  url: string;
  name: string;
}

export interface IcloudDiscovery {
  homes: IcloudHomes;
  calendars: DavCollection[];
  addressBooks: DavCollection[];
}

/** iCloud refused the credentials (401): a wrong password, or an app password revoked since. */
export class IcloudAuthError extends ProviderError {
  override name = 'IcloudAuthError';
  constructor() {
    super('token_refused', 'iCloud refused the Apple ID or app-specific password (401)');
  }
}

/** iCloud could not be reached, was too slow, answered 5xx/429, or answered something we cannot read. */
export class IcloudUnavailableError extends ProviderError {
  override name = 'IcloudUnavailableError';
  constructor(
    /** What went wrong, for the log; `kind` says what the caller can do about it. */
    readonly failure: 'network' | 'timeout' | 'server' | 'protocol',
    message: string,
  ) {
    super(failure === 'protocol' ? 'protocol' : 'unavailable', message);
  }
}

/**
 * The Apple iCloud port: connecting (discovery). Reading and writing the calendars and address
 * books found is the workspace's (providers/calendar/caldav-calendar.ts and its contacts twin).
 */
export interface IcloudClient {
  /** Finds the calendars and address books; nothing is stored by the port. */
  discover(credentials: IcloudCredentials): Promise<IcloudDiscovery>;
}
