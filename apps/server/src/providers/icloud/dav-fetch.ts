import { isIP } from 'node:net';
import { parseRetryAfter } from '../provider-errors';

/**
 * Why one DAV call failed, before its caller words it in its own vocabulary (TsdavIcloud's
 * IcloudAuthError/IcloudUnavailableError, the workspace adapters' ProviderError).
 * - unauthorized: a 401 anywhere in the call.
 * - network, timeout: no answer; server: a 5xx or 429.
 * - status: another 4xx, only where the call asked for them (`failOnClientError`).
 * - protocol: a host we refuse to send credentials to, or an answer nobody can read.
 */
export type DavFailureReason = 'unauthorized' | 'network' | 'timeout' | 'server' | 'status' | 'protocol';

export class DavFailure extends Error {
  override name = 'DavFailure';

  constructor(
    readonly reason: DavFailureReason,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface DavCallOptions {
  /** Whether credentials may go to this URL (see `hostGuard`). */
  allowed: (url: string) => boolean;
  /** One call gives up after this, however many requests it makes. */
  timeoutMs: number;
  /**
   * Fail the call on any 4xx. Off for discovery, where tsdav probes addresses that may 404
   * and reads the answer itself; on for the workspace adapters, which name each answer.
   */
  failOnClientError?: boolean;
}

/**
 * The hosts credentials may be sent to: the configured ones, and their siblings under the same
 * parent domain (iCloud answers caldav.icloud.com, then moves each account to pNN-caldav.icloud.com).
 * A discovery answer pointing anywhere else would receive the person's password in Basic auth.
 */
export function hostGuard(urls: string[]): (url: string) => boolean {
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

/**
 * Runs one call with a fetch that carries the call's deadline, refuses foreign hosts, and
 * turns 401 and 5xx (and, when asked, every other 4xx) into DavFailures. tsdav retries or
 * swallows some failures (the well-known lookup, the principal on several roots), so the
 * verdict also reads what any request of the call ran into: one 401 means the credentials are
 * wrong. An error of `work`'s own that no request explains is rethrown as it is.
 */
export async function runDavCall<T>(
  options: DavCallOptions,
  work: (fetch: typeof globalThis.fetch) => Promise<T>,
): Promise<T> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  // What the requests of the call ran into: tsdav swallows some errors, so the wrapper keeps notes.
  const observed: { unauthorized: boolean; failure: DavFailure | null } = {
    unauthorized: false,
    failure: null,
  };
  const fail = (error: DavFailure): never => {
    observed.failure = error;
    throw error;
  };
  const timedOut = () => new DavFailure('timeout', `no answer within ${options.timeoutMs} ms`);
  const send = async (url: string, init: RequestInit | undefined): Promise<Response> => {
    if (!options.allowed(url)) {
      fail(new DavFailure('protocol', `refused to send credentials to ${new URL(url).host}`));
    }
    try {
      return await globalThis.fetch(url, {
        ...init,
        // Redirects are followed below, each target checked like the first address.
        redirect: 'manual',
        signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline,
      });
    } catch (error) {
      return fail(deadline.aborted ? timedOut() : new DavFailure('network', (error as Error).message));
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
    const status = response.status;
    if (status === 401) {
      observed.unauthorized = true;
      throw new DavFailure('unauthorized', `HTTP 401 from ${new URL(url).host}`, 401);
    }
    if (status >= 500 || status === 429) {
      fail(
        new DavFailure(
          'server',
          `HTTP ${status} from ${new URL(url).host}`,
          status,
          parseRetryAfter(response.headers.get('retry-after')),
        ),
      );
    }
    if (options.failOnClientError && status >= 400) {
      fail(new DavFailure('status', `HTTP ${status} from ${new URL(url).host}`, status));
    }
    return response;
  }) as typeof globalThis.fetch;
  try {
    return await work(guarded);
  } catch (error) {
    if (observed.unauthorized)
      throw new DavFailure('unauthorized', 'the DAV server refused the credentials (401)', 401);
    if (error instanceof DavFailure) throw error;
    if (observed.failure) throw observed.failure;
    if (deadline.aborted) throw timedOut();
    throw error;
  }
}
