import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Who a bearer token belongs to (the fake asks the token's issuer, as the real APIs do); null: refused. */
export type Owner = (token: string) => Promise<string | null>;

export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  authorization: string;
  prefer: string | undefined;
}

/** A Google Calendar v3 event resource, as `events.list` returns it. */
export interface GoogleItem {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  location?: string;
  start: { date?: string; dateTime?: string; timeZone?: string };
  end: { date?: string; dateTime?: string; timeZone?: string };
}

/** A Microsoft Graph event, as `/me/calendarView` returns it with `Prefer: outlook.timezone="UTC"`. */
export interface GraphItem {
  id: string;
  subject: string;
  isAllDay: boolean;
  isCancelled?: boolean;
  start: { dateTime: string; timeZone: 'UTC' };
  end: { dateTime: string; timeZone: 'UTC' };
  location?: { displayName: string };
}

/**
 * A loopback HTTP server answering one calendar endpoint the way the provider does, with the
 * provider's own error bodies; `failNext` makes the next calls fail with a given status.
 */
abstract class FakeApi<Item> {
  readonly requests: SeenRequest[] = [];
  /** Events per account (the owner's email). */
  readonly events = new Map<string, Item[]>();
  /** Each page holds at most this many events, whatever the client asked for (both APIs may). */
  pageSize = 2;
  private failures: number[] = [];
  private server: Server | undefined;
  url = '';

  constructor(protected readonly owner: Owner) {}

  failNext(status: number, times = 1): void {
    this.failures.push(...Array<number>(times).fill(status));
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const authorization = String(req.headers.authorization ?? '');
    this.requests.push({
      path: url.pathname,
      query: url.searchParams,
      authorization,
      prefer: req.headers.prefer as string | undefined,
    });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(JSON.stringify(body));
    };
    const forced = this.failures.shift();
    if (forced) return send(forced, this.errorBody(forced));
    const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
    const email = token ? await this.owner(token) : null;
    if (!email) return send(401, this.errorBody(401), { 'www-authenticate': 'Bearer error="invalid_token"' });
    return this.answer(url, email, send, req);
  }

  protected abstract errorBody(status: number): unknown;
  protected abstract answer(
    url: URL,
    email: string,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
    req: IncomingMessage,
  ): void;
}

/** Google Calendar API v3: `GET /calendars/primary/events` (paging by nextPageToken). */
export class FakeGoogleCalendar extends FakeApi<GoogleItem> {
  protected errorBody(status: number) {
    const known: Record<number, [string, string, string]> = {
      400: ['INVALID_ARGUMENT', 'badRequest', 'Bad Request'],
      401: ['UNAUTHENTICATED', 'authError', 'Request had invalid authentication credentials.'],
      403: ['PERMISSION_DENIED', 'insufficientPermissions', 'Insufficient Permission'],
      500: ['INTERNAL', 'backendError', 'Backend Error'],
      503: ['UNAVAILABLE', 'backendError', 'The service is currently unavailable.'],
    };
    const [state, reason, message] = known[status] ?? ['UNKNOWN', 'unknown', 'Error'];
    return {
      error: { code: status, message, errors: [{ domain: 'global', reason, message }], status: state },
    };
  }

  protected answer(url: URL, email: string, send: (status: number, body: unknown) => void) {
    const q = url.searchParams;
    if (url.pathname !== '/calendars/primary/events') return send(404, this.errorBody(404));
    // Google refuses orderBy=startTime unless recurring events are expanded.
    if (q.get('orderBy') === 'startTime' && q.get('singleEvents') !== 'true')
      return send(400, this.errorBody(400));
    const min = Date.parse(q.get('timeMin') ?? '');
    const max = Date.parse(q.get('timeMax') ?? '');
    const inRange = (this.events.get(email) ?? []).filter((item) => {
      const start = Date.parse(item.start.dateTime ?? `${item.start.date}T00:00:00Z`);
      const end = Date.parse(item.end.dateTime ?? `${item.end.date}T00:00:00Z`);
      return (Number.isNaN(max) || start < max) && (Number.isNaN(min) || end > min);
    });
    const offset = Number(q.get('pageToken') ?? 0);
    const size = Math.min(this.pageSize, Number(q.get('maxResults') ?? 250));
    const items = inRange.slice(offset, offset + size);
    const more = offset + size < inRange.length;
    send(200, {
      kind: 'calendar#events',
      etag: '"p33c9j0ggsuuo20o"',
      summary: email,
      updated: '2026-11-20T10:00:00.000Z',
      timeZone: 'UTC',
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      ...(more ? { nextPageToken: String(offset + size) } : {}),
      items: items.map((item) => ({ kind: 'calendar#event', etag: '"1"', status: 'confirmed', ...item })),
    });
  }
}

/** Microsoft Graph: `GET /me/calendarView` (paging by @odata.nextLink). */
export class FakeGraphCalendar extends FakeApi<GraphItem> {
  protected errorBody(status: number) {
    const known: Record<number, [string, string]> = {
      400: [
        'ErrorInvalidParameter',
        'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
      ],
      401: ['InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'],
      403: ['ErrorAccessDenied', 'Access is denied. Check credentials and try again.'],
      503: ['ServiceNotAvailable', 'The service is temporarily unavailable.'],
    };
    const [code, message] = known[status] ?? ['generalException', 'An error occurred.'];
    return {
      error: {
        code,
        message,
        innerError: { date: '2026-11-23T10:00:00', 'request-id': 'f2c1a6e4-0000-0000-0000-000000000000' },
      },
    };
  }

  protected answer(
    url: URL,
    email: string,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ) {
    const q = url.searchParams;
    if (url.pathname !== '/me/calendarView') return send(404, this.errorBody(404));
    const min = Date.parse(q.get('startDateTime') ?? '');
    const max = Date.parse(q.get('endDateTime') ?? '');
    if (Number.isNaN(min) || Number.isNaN(max)) return send(400, this.errorBody(400));
    const inRange = (this.events.get(email) ?? []).filter(
      (item) => Date.parse(`${item.start.dateTime}Z`) < max && Date.parse(`${item.end.dateTime}Z`) > min,
    );
    const skip = Number(q.get('$skip') ?? 0);
    const size = Math.min(this.pageSize, Number(q.get('$top') ?? 10));
    const more = skip + size < inRange.length;
    const next = new URL(url);
    next.searchParams.set('$skip', String(skip + size));
    send(
      200,
      {
        '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#users('${email}')/calendarView`,
        value: inRange.slice(skip, skip + size).map((item) => ({
          '@odata.etag': 'W/"DwAAABYAAAA="',
          isCancelled: false,
          location: { displayName: '' },
          ...item,
        })),
        ...(more ? { '@odata.nextLink': next.toString() } : {}),
      },
      { 'preference-applied': 'outlook.timezone="UTC"' },
    );
  }
}

/** The owner of a token according to a local issuer's userinfo endpoint (`/dev/idp/<provider>/me`). */
export function issuerOwner(base: string, provider: 'google' | 'microsoft'): Owner {
  return async (token) => {
    const res = await fetch(`${base}/dev/idp/${provider}/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) return null;
    return ((await res.json()) as { email?: string }).email ?? null;
  };
}
