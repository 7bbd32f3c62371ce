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

/**
 * A Microsoft Graph event as Outlook stores it: wall-clock times in the zone it was written in
 * (a Windows name, as Outlook writes them, or UTC). calendarView answers it in the zone the
 * request's `Prefer: outlook.timezone` asks for, its own zone kept in originalStartTimeZone.
 */
export interface GraphItem {
  id: string;
  subject: string;
  isAllDay: boolean;
  isCancelled?: boolean;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
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

/**
 * Google Calendar API v3: `GET /users/me/calendarList`, one calendar per person (their primary,
 * its id and name their email, as Google names it), and `GET /calendars/{id}/events` (paging by
 * nextPageToken).
 */
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
    const path = decodeURIComponent(url.pathname);
    if (path === '/users/me/calendarList') {
      return send(200, {
        kind: 'calendar#calendarList',
        etag: '"p32ofplf5q6gu20o"',
        items: [
          {
            kind: 'calendar#calendarListEntry',
            id: email,
            summary: email,
            timeZone: 'UTC',
            accessRole: 'owner',
            primary: true,
            defaultReminders: [{ method: 'popup', minutes: 10 }],
          },
        ],
      });
    }
    if (path !== `/calendars/${email}/events` && path !== '/calendars/primary/events')
      return send(404, this.errorBody(404));
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

/**
 * Microsoft Graph: `GET /me/calendars`, one calendar per person (named by their email), and
 * `GET /me/calendars/{id}/calendarView` (paging by @odata.nextLink).
 */
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

  /** Graph's calendar ids are opaque; this one is the person's own and no one else's. */
  calendarIdOf(email: string): string {
    return `AAMkAGI2-${Buffer.from(email).toString('base64url')}`;
  }

  protected answer(
    url: URL,
    email: string,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
    req: IncomingMessage,
  ) {
    const q = url.searchParams;
    const calendarId = this.calendarIdOf(email);
    if (url.pathname === '/me/calendars') {
      return send(200, {
        '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#users('${email}')/calendars`,
        value: [{ id: calendarId, name: email, isDefaultCalendar: true, canEdit: true }],
      });
    }
    if (url.pathname !== `/me/calendars/${calendarId}/calendarView`) return send(404, this.errorBody(404));
    const min = Date.parse(q.get('startDateTime') ?? '');
    const max = Date.parse(q.get('endDateTime') ?? '');
    if (Number.isNaN(min) || Number.isNaN(max)) return send(400, this.errorBody(400));
    const inUtc = /outlook\.timezone="UTC"/.test(String(req.headers.prefer ?? ''));
    const inRange = (this.events.get(email) ?? [])
      .map((item) => answeredIn(item, inUtc))
      .filter(
        ({ item }) => Date.parse(`${utcOf(item.start)}Z`) < max && Date.parse(`${utcOf(item.end)}Z`) > min,
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
        value: inRange.slice(skip, skip + size).map(({ item, zone }) => ({
          '@odata.etag': 'W/"DwAAABYAAAA="',
          isCancelled: false,
          location: { displayName: '' },
          type: 'singleInstance',
          originalStartTimeZone: zone,
          originalEndTimeZone: zone,
          ...item,
        })),
        ...(more ? { '@odata.nextLink': next.toString() } : {}),
      },
      inUtc ? { 'preference-applied': 'outlook.timezone="UTC"' } : {},
    );
  }
}

/** The Windows zone names the fake's events are written in, and the IANA zone each one is. */
const WINDOWS_ZONES: Record<string, string> = {
  UTC: 'UTC',
  'W. Europe Standard Time': 'Europe/Berlin',
  'AUS Eastern Standard Time': 'Australia/Sydney',
};

/** An event as calendarView answers it: in UTC when asked, else in its own zone. */
function answeredIn(stored: GraphItem, inUtc: boolean): { item: GraphItem; zone: string } {
  const zone = stored.start.timeZone;
  if (!inUtc || stored.isAllDay || zone === 'UTC') return { item: stored, zone };
  const toUtc = (when: GraphItem['start']) => ({ dateTime: utcOf(when), timeZone: 'UTC' });
  return { item: { ...stored, start: toUtc(stored.start), end: toUtc(stored.end) }, zone };
}

/** Graph's wall-clock time in a Windows zone as the same instant in UTC, written as Graph writes it. */
function utcOf(when: { dateTime: string; timeZone: string }): string {
  const iana = WINDOWS_ZONES[when.timeZone];
  if (!iana) throw new Error(`the fake does not know the zone ${when.timeZone}`);
  const wall = Date.parse(`${when.dateTime.slice(0, 19)}Z`);
  // The zone's offset at the instant: found from a guess, then corrected once across a change.
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: iana,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    const local = Date.UTC(
      +parts.year!,
      +parts.month! - 1,
      +parts.day!,
      +parts.hour!,
      +parts.minute!,
      +parts.second!,
    );
    return local - instant;
  };
  const instant = wall - offsetAt(wall - offsetAt(wall));
  return `${new Date(instant).toISOString().slice(0, 19)}.0000000`;
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
