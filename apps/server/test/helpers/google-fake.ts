import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/**
 * One loopback server answering the three Google APIs the workspace adapters use (Calendar v3,
 * Gmail v1, People v1) the way Google does: it checks the bearer token, each API's scope, the
 * query parameters and bodies Google requires, and answers with Google's shapes and error bodies.
 */

/** Tokens the fake accepts; any other is refused with 401. */
export const TOKENS = { first: 'ya29.first-account', second: 'ya29.second-account' } as const;

type Api = 'calendar' | 'gmail' | 'people';

export interface SeenRequest {
  method: string;
  api: Api | null;
  /** The path below the API's base (`/users/me/calendarList`), segments decoded. */
  path: string;
  query: URLSearchParams;
  authorization: string;
  contentType: string | undefined;
  body: unknown;
}

export interface FakeCalendar {
  id: string;
  summary: string;
  summaryOverride?: string;
  timeZone: string;
  accessRole: 'owner' | 'writer' | 'reader' | 'freeBusyReader';
  primary?: boolean;
}

type When = { date?: string; dateTime?: string; timeZone?: string };
export interface FakeEvent {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start?: When;
  end?: When;
  recurringEventId?: string;
  organizer?: { email: string; self?: boolean };
  attendees?: {
    email: string;
    displayName?: string;
    responseStatus: string;
    organizer?: boolean;
    optional?: boolean;
  }[];
}

export interface FakePart {
  partId?: string;
  mimeType: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { size: number; data?: string; attachmentId?: string };
  parts?: FakePart[];
}

export interface FakeMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  snippet: string;
  internalDate: string;
  payload: FakePart;
}

export interface FakePerson {
  resourceName: string;
  names?: { displayName: string; metadata?: { primary?: boolean } }[];
  emailAddresses?: { value: string; metadata?: { primary?: boolean } }[];
  phoneNumbers?: { value: string; canonicalForm?: string }[];
  organizations?: { name: string }[];
}

export interface Outgoing {
  kind: 'draft' | 'send';
  /** The JSON body as received. */
  body: { raw?: string; threadId?: string; message?: { raw?: string; threadId?: string } };
  /** The RFC 5322 message `raw` carried, decoded. */
  mime: string;
}

export interface Failure {
  status: number;
  body?: unknown;
  /** Sent as is instead of `body`, for answers that are not JSON. */
  text?: string;
  headers?: Record<string, string>;
}

/** A push channel made by events.watch (developers.google.com/calendar/api/guides/push). */
export interface FakeChannel {
  id: string;
  resourceId: string;
  calendarId: string;
  address: string;
  token: string | undefined;
  expiration: number;
  stopped: boolean;
  /** X-Goog-Message-Number of the last notification sent on it. */
  messageNumber: number;
}

/** What Pub/Sub's push puts in its OIDC token; the defaults are a correct push. */
export interface PushToken {
  audience: string;
  email: string;
  emailVerified?: boolean;
  issuer?: string;
  /** Signed with a key the JWKS does not serve. */
  foreignKey?: boolean;
  /** No Authorization header at all. */
  unsigned?: boolean;
  /** Issued two hours ago and lapsed an hour ago. */
  expired?: boolean;
}

type Send = (status: number, body?: unknown, headers?: Record<string, string>) => void;

const BASES: Record<string, Api> = {
  '/calendar/v3': 'calendar',
  '/gmail/v1': 'gmail',
  '/people/v1': 'people',
};

const STATUS_TEXT: Record<number, [string, string, string]> = {
  400: ['INVALID_ARGUMENT', 'badRequest', 'Bad Request'],
  401: ['UNAUTHENTICATED', 'authError', 'Request had invalid authentication credentials.'],
  403: ['PERMISSION_DENIED', 'insufficientPermissions', 'Request had insufficient authentication scopes.'],
  404: ['NOT_FOUND', 'notFound', 'Requested entity was not found.'],
  409: ['ALREADY_EXISTS', 'duplicate', 'The requested identifier already exists.'],
  410: ['NOT_FOUND', 'deleted', 'Resource has been deleted'],
  429: ['RESOURCE_EXHAUSTED', 'rateLimitExceeded', 'Rate Limit Exceeded'],
  500: ['INTERNAL', 'backendError', 'Backend Error'],
  503: ['UNAVAILABLE', 'backendError', 'The service is currently unavailable.'],
};

/** Google's error body (the v1 `errors` list and the newer `status`). */
export function googleError(code: number, reason?: string, message?: string): unknown {
  const [status, defaultReason, defaultMessage] = STATUS_TEXT[code] ?? ['UNKNOWN', 'unknown', 'Error'];
  const text = message ?? defaultMessage;
  return {
    error: {
      code,
      message: text,
      errors: [{ message: text, domain: 'global', reason: reason ?? defaultReason }],
      status,
    },
  };
}

export class GoogleFake {
  readonly requests: SeenRequest[] = [];
  /** The APIs whose scope the tokens carry. */
  readonly granted = new Set<Api>(['calendar', 'gmail', 'people']);
  /** At most this many items a page, whatever the client asked for (Google may do the same). */
  pageSize = 2;

  readonly calendars: FakeCalendar[] = [];
  readonly events = new Map<string, FakeEvent[]>();
  /**
   * Busy blocks per calendar id, as free/busy reports them: the person's own calendars, and
   * other people's by their address when their calendar is shared with the person. Any other
   * id is answered `notFound`, as Google does for a calendar the person may not see.
   */
  readonly busy = new Map<string, { start: string; end: string }[]>();
  /** Google Groups by address: free/busy expands one to its members' calendars. */
  readonly groups = new Map<string, string[]>();
  private readonly deletedEvents = new Set<string>();
  private nextEvent = 1;

  readonly messages = new Map<string, FakeMessage>();
  /** The ids the next message list answers (Gmail's search is Google's); null: every message, newest first. */
  listAnswer: string[] | null = null;
  readonly outgoing: Outgoing[] = [];
  private nextMessage = 0x9000;

  readonly people: FakePerson[] = [];
  /** What each token's search finds: the contacts as they were at its last warm-up (Google's cache). */
  private readonly contactCache = new Map<string, FakePerson[]>();

  /** Calendar push: channels by id, and the change log events.list's syncToken reads. */
  readonly channels = new Map<string, FakeChannel>();
  /** The change sequence at which each event (`calendarId/eventId`) last changed. */
  private readonly changedAt = new Map<string, number>();
  private changeSeq = 100;
  /** Sync tokens at or below this sequence are answered 410 GONE (Google's token expiry). */
  syncTokenFloor = 0;
  private nextResource = 1;

  /** Gmail push: the mailbox's address, its history and the watch. */
  gmailAddress = 'ada@example.com';
  historyId = 5000;
  /** startHistoryId below this is answered 404 (Gmail keeps history about a week). */
  historyFloor = 0;
  private readonly history: { id: number; messageId: string }[] = [];
  gmailWatch: { topicName: string; labelIds: string[]; labelFilterBehavior?: string } | null = null;
  /** Made on first use: RSA key generation is slow, and most tests never push to Gmail. */
  private keyPairs: {
    own: ReturnType<typeof generateKeyPair>;
    foreign: ReturnType<typeof generateKeyPair>;
  } | null = null;
  private get keys() {
    this.keyPairs ??= { own: generateKeyPair('RS256'), foreign: generateKeyPair('RS256') };
    return this.keyPairs.own;
  }
  private get foreignKeys() {
    void this.keys;
    return this.keyPairs!.foreign;
  }
  private pubsubMessage = 1;

  private readonly failures: (Failure | 'hang')[] = [];
  private server: Server | undefined;
  url = '';
  /** Whether a bearer token is good; a test app's local issuer may answer instead. */
  acceptsToken: (token: string) => boolean | Promise<boolean> = (token) =>
    (Object.values(TOKENS) as string[]).includes(token);

  get calendarUrl(): string {
    return `${this.url}/calendar/v3`;
  }
  get gmailUrl(): string {
    return `${this.url}/gmail/v1`;
  }
  get peopleUrl(): string {
    return `${this.url}/people/v1`;
  }
  /** The JWKS the fake signs Pub/Sub push tokens with (Google's `oauth2/v3/certs`). */
  get jwksUrl(): string {
    return `${this.url}/oauth2/v3/certs`;
  }

  /** An event created or changed in the fake, logged for the next incremental sync. */
  putEvent(calendarId: string, event: FakeEvent): void {
    const events = this.events.get(calendarId) ?? [];
    const index = events.findIndex((existing) => existing.id === event.id);
    if (index >= 0) events[index] = event;
    else events.push(event);
    this.events.set(calendarId, events);
    this.changedAt.set(`${calendarId}/${event.id}`, ++this.changeSeq);
  }

  /** An event deleted in the fake; an incremental sync reports it cancelled. */
  removeEvent(calendarId: string, eventId: string): void {
    const events = this.events.get(calendarId) ?? [];
    const index = events.findIndex((existing) => existing.id === eventId);
    if (index >= 0) events.splice(index, 1);
    this.deletedEvents.add(`${calendarId}/${eventId}`);
    this.changedAt.set(`${calendarId}/${eventId}`, ++this.changeSeq);
  }

  /** Every sync token handed out so far now answers 410. */
  expireSyncTokens(): void {
    this.syncTokenFloor = this.changeSeq;
    this.changeSeq += 1;
  }

  /** The live channels on a calendar. */
  liveChannels(calendarId?: string): FakeChannel[] {
    return [...this.channels.values()].filter(
      (channel) => !channel.stopped && (calendarId === undefined || channel.calendarId === calendarId),
    );
  }

  /**
   * Posts a notification on a channel the way Google does: an empty body and the X-Goog-*
   * headers; `state` 'sync' is the handshake. `override` forges or replays headers.
   */
  async notifyChannel(
    channel: FakeChannel,
    state: 'sync' | 'exists' | 'not_exists' = 'exists',
    override: Record<string, string> = {},
  ): Promise<number> {
    channel.messageNumber += 1;
    const headers: Record<string, string> = {
      'x-goog-channel-id': channel.id,
      'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
      'x-goog-resource-id': channel.resourceId,
      'x-goog-resource-uri': `${this.calendarUrl}/calendars/${encodeURIComponent(channel.calendarId)}/events?alt=json`,
      'x-goog-resource-state': state,
      'x-goog-message-number': String(channel.messageNumber),
      ...(channel.token !== undefined ? { 'x-goog-channel-token': channel.token } : {}),
      ...override,
    };
    const response = await fetch(channel.address, { method: 'POST', headers });
    await response.arrayBuffer();
    return response.status;
  }

  /** Notifies every live channel on the calendar; the statuses answered. */
  async notifyCalendar(calendarId: string): Promise<number[]> {
    const statuses: number[] = [];
    for (const channel of this.liveChannels(calendarId)) statuses.push(await this.notifyChannel(channel));
    return statuses;
  }

  /** A message arrived in INBOX: stored, and a messageAdded record in the history. */
  deliver(message: FakeMessage): void {
    this.messages.set(message.id, message);
    this.historyId += 1;
    this.history.push({ id: this.historyId, messageId: message.id });
  }

  /** The OIDC token Pub/Sub's authenticated push sends, signed with the fake's key. */
  async pushToken(claims: PushToken): Promise<string> {
    const { privateKey } = await (claims.foreignKey ? this.foreignKeys : this.keys);
    return new SignJWT({ email: claims.email, email_verified: claims.emailVerified ?? true })
      .setProtectedHeader({ alg: 'RS256', kid: claims.foreignKey ? 'foreign' : 'fake-google', typ: 'JWT' })
      .setIssuer(claims.issuer ?? 'https://accounts.google.com')
      .setAudience(claims.audience)
      .setSubject('109876543210987654321')
      .setIssuedAt(claims.expired ? '2h ago' : undefined)
      .setExpirationTime(claims.expired ? '1h ago' : '1h')
      .sign(privateKey);
  }

  /**
   * Pub/Sub's push of a Gmail notification to `address`: the JSON envelope with the base64
   * data `{emailAddress, historyId}` and, unless unsigned, `Authorization: Bearer <OIDC token>`.
   * `messageId` repeats a delivery as Pub/Sub's redelivery does.
   */
  async pushGmail(
    address: string,
    claims: PushToken,
    options: { messageId?: string; historyId?: number; emailAddress?: string } = {},
  ): Promise<{ status: number; messageId: string }> {
    const messageId = options.messageId ?? String(this.pubsubMessage++);
    const data = {
      emailAddress: options.emailAddress ?? this.gmailAddress,
      historyId: options.historyId ?? this.historyId,
    };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!claims.unsigned) headers.authorization = `Bearer ${await this.pushToken(claims)}`;
    const response = await fetch(address, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        message: {
          data: Buffer.from(JSON.stringify(data)).toString('base64'),
          messageId,
          message_id: messageId,
          publishTime: new Date().toISOString(),
        },
        subscription: 'projects/fake-project/subscriptions/gmail-push',
      }),
    });
    await response.arrayBuffer();
    return { status: response.status, messageId };
  }

  /** The next request, whatever it asks, is answered with this. */
  failNext(failure: Failure | 'hang'): void {
    this.failures.push(failure);
  }

  requestsTo(api: Api): SeenRequest[] {
    return this.requests.filter((request) => request.api === api);
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
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const contentType = req.headers['content-type'];
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const base = Object.keys(BASES).find((prefix) => url.pathname.startsWith(`${prefix}/`));
    const api = base ? BASES[base]! : null;
    const path = decodeURIComponent(base ? url.pathname.slice(base.length) : url.pathname);
    const authorization = String(req.headers.authorization ?? '');
    this.requests.push({
      method: req.method ?? 'GET',
      api,
      path,
      query: url.searchParams,
      authorization,
      contentType,
      body,
    });

    const send: Send = (status, answer, headers = {}) => {
      if (answer === undefined) {
        res.writeHead(status, headers);
        res.end();
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(JSON.stringify(answer));
    };
    if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') {
      const key: JWK = await exportJWK((await this.keys).publicKey);
      return send(200, { keys: [{ ...key, kid: 'fake-google', alg: 'RS256', use: 'sig' }] });
    }
    const forced = this.failures.shift();
    if (forced === 'hang') return;
    if (forced) {
      if (forced.text !== undefined) {
        res.writeHead(forced.status, { 'content-type': 'text/html', ...forced.headers });
        res.end(forced.text);
        return;
      }
      return send(forced.status, forced.body ?? googleError(forced.status), forced.headers);
    }
    const token = /^Bearer (\S+)$/.exec(authorization)?.[1] ?? '';
    if (!(await this.acceptsToken(token)))
      return send(401, googleError(401), {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/"',
      });
    if (!api) return send(404, googleError(404));
    if (!this.granted.has(api)) return send(403, googleError(403));
    if (
      (req.method === 'POST' || req.method === 'PATCH') &&
      text.length > 0 &&
      !String(contentType).startsWith('application/json')
    )
      return send(
        400,
        googleError(400, 'parseError', 'This API does not support parsing form-encoded input.'),
      );
    const segments = (base ? url.pathname.slice(base.length) : url.pathname)
      .split('/')
      .slice(1)
      .map(decodeURIComponent);
    const method = req.method ?? 'GET';
    if (api === 'calendar') return this.calendarApi(method, segments, url.searchParams, body, send);
    if (api === 'gmail') return this.gmailApi(method, segments, url.searchParams, body, send);
    return this.peopleApi(method, segments, url.searchParams, token, send);
  }

  // --- Calendar v3 ---------------------------------------------------------------------------

  private calendarApi(method: string, s: string[], q: URLSearchParams, body: unknown, send: Send) {
    const bad = (message: string) => send(400, googleError(400, 'invalid', message));
    if (method === 'GET' && s.join('/') === 'users/me/calendarList') {
      const roles = ['freeBusyReader', 'reader', 'writer', 'owner'];
      const min = roles.indexOf(q.get('minAccessRole') ?? 'freeBusyReader');
      const visible = this.calendars.filter((calendar) => roles.indexOf(calendar.accessRole) >= min);
      return send(200, {
        kind: 'calendar#calendarList',
        etag: '"p32g9nb5bt6fva0g"',
        ...this.page(visible, q, 250, (calendar) => ({ kind: 'calendar#calendarListEntry', ...calendar })),
      });
    }
    if (method === 'GET' && s.length === 4 && s.slice(0, 3).join('/') === 'users/me/calendarList') {
      const calendar = this.calendar(s[3]!);
      return calendar
        ? send(200, { kind: 'calendar#calendarListEntry', ...calendar })
        : send(404, googleError(404));
    }
    if (method === 'POST' && s.join('/') === 'freeBusy') return this.freeBusy(body, send);
    if (method === 'POST' && s.join('/') === 'channels/stop') return this.stopChannel(body, send);
    if (s[0] !== 'calendars' || s[2] !== 'events' || s.length > 4) return send(404, googleError(404));
    const calendar = this.calendar(s[1]!);
    if (!calendar || calendar.accessRole === 'freeBusyReader') return send(404, googleError(404));
    const events = this.events.get(calendar.id) ?? [];
    this.events.set(calendar.id, events);
    const sendUpdates = q.get('sendUpdates');
    if (sendUpdates !== null && !['all', 'externalOnly', 'none'].includes(sendUpdates))
      return bad('Invalid value for sendUpdates');
    const writable = calendar.accessRole === 'owner' || calendar.accessRole === 'writer';
    const readOnly = () =>
      send(403, googleError(403, 'requiredAccessLevel', 'You need to have writer access to this calendar.'));
    const shown = (event: FakeEvent) => this.withOffsets(event, calendar);

    if (s.length === 4 && s[3] === 'watch' && method === 'POST') return this.watch(calendar, body, send);
    if (s.length === 3 && method === 'GET' && (q.has('syncToken') || !q.has('timeMin')))
      return this.syncList(calendar, q, send);
    if (s.length === 3 && method === 'GET') {
      const min = Date.parse(q.get('timeMin') ?? '');
      const max = Date.parse(q.get('timeMax') ?? '');
      if (Number.isNaN(min) || Number.isNaN(max))
        return bad('timeMin and timeMax must be RFC3339 timestamps');
      if (q.get('orderBy') === 'startTime' && q.get('singleEvents') !== 'true')
        return bad('The requested ordering is not available for the particular query.');
      const inRange = events
        .filter((event) => startOf(event) < max && endOf(event) > min)
        .sort((a, b) => startOf(a) - startOf(b));
      return send(200, {
        kind: 'calendar#events',
        summary: calendar.summary,
        timeZone: calendar.timeZone,
        accessRole: calendar.accessRole,
        ...this.page(inRange, q, 2500, (event) => ({
          kind: 'calendar#event',
          status: 'confirmed',
          ...shown(event),
        })),
      });
    }
    if (s.length === 3 && method === 'POST') {
      if (!writable) return readOnly();
      const input = body as Partial<FakeEvent> & Record<string, unknown>;
      // A client-chosen id, as events.insert documents it: base32hex (a-v, 0-9), 5-1024 long,
      // unique in the calendar even after the event was deleted (409 duplicate).
      if (input.id !== undefined) {
        if (typeof input.id !== 'string' || !/^[a-v0-9]{5,1024}$/.test(input.id))
          return bad('Invalid resource id value.');
        if (
          events.some((event) => event.id === input.id) ||
          this.deletedEvents.has(`${calendar.id}/${input.id}`)
        )
          return send(409, googleError(409, 'duplicate', 'The requested identifier already exists.'));
      }
      const event: FakeEvent = {
        id: `ev${this.nextEvent++}x`,
        status: 'confirmed',
        organizer: { email: calendar.id, self: true },
        ...input,
        attendees: input.attendees?.map((attendee) => ({
          responseStatus: 'needsAction',
          ...(attendee as object),
        })) as FakeEvent['attendees'],
      };
      const problem = checkTimes(event);
      if (problem) return bad(problem);
      events.push(event);
      this.changedAt.set(`${calendar.id}/${event.id}`, ++this.changeSeq);
      return send(200, { kind: 'calendar#event', ...shown(event) });
    }
    const index = events.findIndex((event) => event.id === s[3]);
    const key = `${calendar.id}/${s[3]}`;
    if (index < 0)
      return this.deletedEvents.has(key) ? send(410, googleError(410)) : send(404, googleError(404));
    const event = events[index]!;
    if (method === 'GET') return send(200, { kind: 'calendar#event', ...shown(event) });
    if (method === 'DELETE') {
      if (!writable) return readOnly();
      events.splice(index, 1);
      this.deletedEvents.add(key);
      this.changedAt.set(key, ++this.changeSeq);
      return send(204);
    }
    if (method === 'PATCH') {
      if (!writable) return readOnly();
      const patched = patch(event, body as Record<string, unknown>);
      const problem = checkTimes(patched);
      if (problem) return bad(problem);
      events[index] = patched;
      this.changedAt.set(key, ++this.changeSeq);
      return send(200, { kind: 'calendar#event', ...shown(patched) });
    }
    return send(404, googleError(404));
  }

  /** events.watch: a channel on the calendar; Google then posts the 'sync' handshake on it. */
  private watch(calendar: FakeCalendar, body: unknown, send: Send) {
    const request = (body ?? {}) as {
      id?: unknown;
      type?: unknown;
      address?: unknown;
      token?: unknown;
      params?: { ttl?: unknown };
    };
    if (typeof request.id !== 'string' || !/^[A-Za-z0-9\-_+/=]{1,64}$/.test(request.id))
      return send(400, googleError(400, 'invalid', 'Invalid channel id'));
    if (request.type !== 'web_hook' && request.type !== 'webhook')
      return send(400, googleError(400, 'invalid', 'Invalid channel type'));
    if (typeof request.address !== 'string' || !/^https?:\/\//.test(request.address))
      return send(400, googleError(400, 'invalid', 'Invalid address'));
    const existing = this.channels.get(request.id);
    if (existing && !existing.stopped && existing.expiration > Date.now())
      return send(400, googleError(400, 'channelIdNotUnique', `Channel id ${request.id} not unique`));
    const ttl = Math.min(Number(request.params?.ttl ?? 604800), 604800);
    const channel: FakeChannel = {
      id: request.id,
      resourceId: `res-${calendar.id.replace(/\W/g, '')}-${this.nextResource++}`,
      calendarId: calendar.id,
      address: request.address,
      token: typeof request.token === 'string' ? request.token : undefined,
      expiration: Date.now() + ttl * 1000,
      stopped: false,
      messageNumber: 0,
    };
    this.channels.set(channel.id, channel);
    send(200, {
      kind: 'api#channel',
      id: channel.id,
      resourceId: channel.resourceId,
      resourceUri: `${this.calendarUrl}/calendars/${encodeURIComponent(calendar.id)}/events?alt=json`,
      ...(channel.token !== undefined ? { token: channel.token } : {}),
      expiration: String(channel.expiration),
    });
    // The handshake follows the answer; a callback not listening is Google's problem, not ours.
    setTimeout(() => void this.notifyChannel(channel, 'sync').catch(() => undefined), 0);
  }

  /** channels.stop: by id and resourceId both; an unknown pair is 404. */
  private stopChannel(body: unknown, send: Send) {
    const request = (body ?? {}) as { id?: unknown; resourceId?: unknown };
    const channel = typeof request.id === 'string' ? this.channels.get(request.id) : undefined;
    if (!channel || channel.resourceId !== request.resourceId || channel.stopped)
      return send(404, googleError(404, 'notFound', `Channel '${String(request.id)}' not found for project`));
    channel.stopped = true;
    send(204);
  }

  /**
   * events.list as a sync: without syncToken every event and a nextSyncToken on the last page;
   * with one, what changed after it (deleted events as `status: cancelled`), 410 for an expired one.
   */
  private syncList(calendar: FakeCalendar, q: URLSearchParams, send: Send) {
    for (const name of ['timeMin', 'timeMax', 'orderBy', 'q', 'updatedMin'])
      if (q.has('syncToken') && q.has(name))
        return send(400, googleError(400, 'invalid', `${name} is not compatible with syncToken`));
    const token = q.get('syncToken');
    let since = -1;
    if (token !== null) {
      const match = /^CP(\d+)$/.exec(token);
      if (!match || Number(match[1]) <= this.syncTokenFloor)
        return send(
          410,
          googleError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.'),
        );
      since = Number(match[1]);
    }
    const seq = this.changeSeq;
    const events = this.events.get(calendar.id) ?? [];
    const live = new Map(events.map((event) => [event.id, event]));
    const changed: FakeEvent[] =
      token === null
        ? events
        : [...this.changedAt.entries()]
            .filter(([key, at]) => key.startsWith(`${calendar.id}/`) && at > since)
            .sort((a, b) => a[1] - b[1])
            .map(([key]) => {
              const id = key.slice(calendar.id.length + 1);
              return live.get(id) ?? { id, status: 'cancelled' as const };
            });
    const page = this.page(changed, q, 2500, (event) =>
      event.status === 'cancelled' && !event.start
        ? { kind: 'calendar#event', id: event.id, status: 'cancelled' }
        : { kind: 'calendar#event', status: 'confirmed', ...this.withOffsets(event, calendar) },
    ) as { nextPageToken?: string };
    send(200, {
      kind: 'calendar#events',
      summary: calendar.summary,
      timeZone: calendar.timeZone,
      ...page,
      ...(page.nextPageToken ? {} : { nextSyncToken: `CP${seq}` }),
    });
  }

  private calendar(id: string): FakeCalendar | undefined {
    return this.calendars.find((calendar) => calendar.id === id || (id === 'primary' && calendar.primary));
  }

  /**
   * freebusy.query: at most 50 items (`tooManyCalendarsRequested`), 90 days (`timeRangeTooLong`);
   * a group expanded to at most `groupExpansionMax` members (100 at most, `groupTooBig` past
   * it), each member's calendar answered beside the others.
   */
  private freeBusy(body: unknown, send: Send) {
    const request = body as {
      timeMin?: string;
      timeMax?: string;
      items?: { id: string }[];
      groupExpansionMax?: number;
      calendarExpansionMax?: number;
    };
    const min = Date.parse(request.timeMin ?? '');
    const max = Date.parse(request.timeMax ?? '');
    if (Number.isNaN(min) || Number.isNaN(max) || !Array.isArray(request.items))
      return send(400, googleError(400, 'badRequest', 'Missing timeMin, timeMax or items'));
    if (max <= min)
      return send(400, googleError(400, 'timeRangeEmpty', 'The specified time range is empty.'));
    if (max - min > 90 * 86_400_000)
      return send(400, googleError(400, 'timeRangeTooLong', 'The requested time range is too long.'));
    if ((request.groupExpansionMax ?? 0) > 100 || (request.calendarExpansionMax ?? 0) > 50)
      return send(400, googleError(400, 'invalid', 'Invalid expansion maximum.'));
    if (request.items.length > 50) return send(400, googleError(400, 'tooManyCalendarsRequested'));
    const answerFor = (id: string) => {
      const busy = this.busy.get(id.toLowerCase()) ?? this.busy.get(id);
      if (!busy) return { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
      const within = busy
        .filter((slot) => Date.parse(slot.start) < max && Date.parse(slot.end) > min)
        .map((slot) => ({
          start: new Date(Math.max(min, Date.parse(slot.start))).toISOString().replace('.000Z', 'Z'),
          end: new Date(Math.min(max, Date.parse(slot.end))).toISOString().replace('.000Z', 'Z'),
        }));
      return { busy: within };
    };
    const calendars: Record<string, unknown> = {};
    const groups: Record<string, unknown> = {};
    for (const { id } of request.items) {
      const members = this.groups.get(id.toLowerCase());
      if (!members) {
        calendars[id] = answerFor(id);
        continue;
      }
      if (members.length > (request.groupExpansionMax ?? 100)) {
        groups[id] = { errors: [{ domain: 'global', reason: 'groupTooBig' }] };
        continue;
      }
      groups[id] = { calendars: members };
      for (const member of members) calendars[member] = answerFor(member);
    }
    send(200, {
      kind: 'calendar#freeBusy',
      timeMin: request.timeMin,
      timeMax: request.timeMax,
      ...(Object.keys(groups).length > 0 ? { groups } : {}),
      calendars,
    });
  }

  /** Google writes a timed event's times as wall-clock time with the offset of its zone. */
  private withOffsets(event: FakeEvent, calendar: FakeCalendar): FakeEvent {
    const local = (when: When | undefined): When | undefined => {
      if (!when?.dateTime) return when;
      return { ...when, dateTime: withOffset(Date.parse(when.dateTime), when.timeZone ?? calendar.timeZone) };
    };
    return { ...event, start: local(event.start), end: local(event.end) };
  }

  /** A page of `items` by Google's rules: `maxResults` (at most `max`) and `pageToken`. */
  private page<T>(items: T[], q: URLSearchParams, max: number, shape: (item: T) => object): object {
    const asked = Number(q.get('maxResults') ?? max);
    const offset = Number(q.get('pageToken') ?? 0);
    const size = Math.min(this.pageSize, asked, max);
    const more = offset + size < items.length;
    return {
      items: items.slice(offset, offset + size).map(shape),
      ...(more ? { nextPageToken: String(offset + size) } : {}),
    };
  }

  // --- Gmail v1 ------------------------------------------------------------------------------

  private gmailApi(method: string, s: string[], q: URLSearchParams, body: unknown, send: Send) {
    if (s[0] !== 'users' || s[1] !== 'me') return send(404, googleError(404));
    const [, , collection, id, extra] = s;
    if (method === 'POST' && collection === 'watch' && id === undefined) {
      const request = (body ?? {}) as {
        topicName?: unknown;
        labelIds?: unknown;
        labelFilterBehavior?: unknown;
      };
      if (
        typeof request.topicName !== 'string' ||
        !/^projects\/[^/]+\/topics\/[^/]+$/.test(request.topicName)
      )
        return send(400, googleError(400, 'invalidArgument', 'Invalid topicName'));
      this.gmailWatch = {
        topicName: request.topicName,
        labelIds: Array.isArray(request.labelIds) ? (request.labelIds as string[]) : [],
        ...(typeof request.labelFilterBehavior === 'string'
          ? { labelFilterBehavior: request.labelFilterBehavior }
          : {}),
      };
      return send(200, { historyId: String(this.historyId), expiration: String(Date.now() + 7 * 86400_000) });
    }
    if (method === 'POST' && collection === 'stop' && id === undefined) {
      this.gmailWatch = null;
      return send(204);
    }
    if (method === 'GET' && collection === 'profile' && id === undefined)
      return send(200, {
        emailAddress: this.gmailAddress,
        messagesTotal: this.messages.size,
        threadsTotal: this.messages.size,
        historyId: String(this.historyId),
      });
    if (method === 'GET' && collection === 'history' && id === undefined) {
      const start = Number(q.get('startHistoryId'));
      if (!q.get('startHistoryId') || !Number.isFinite(start))
        return send(400, googleError(400, 'invalidArgument', 'Missing startHistoryId'));
      if (start < this.historyFloor) return send(404, googleError(404));
      const label = q.get('labelId');
      const records = this.history
        .filter((record) => record.id > start)
        .filter((record) => !label || this.messages.get(record.messageId)?.labelIds.includes(label))
        .map((record) => ({
          id: String(record.id),
          messages: [{ id: record.messageId, threadId: this.messages.get(record.messageId)?.threadId }],
          messagesAdded: [
            {
              message: {
                id: record.messageId,
                threadId: this.messages.get(record.messageId)?.threadId,
                labelIds: this.messages.get(record.messageId)?.labelIds,
              },
            },
          ],
        }));
      const page = this.page(records, q, 500, (record) => record) as {
        items: unknown[];
        nextPageToken?: string;
      };
      return send(200, {
        ...(page.items.length > 0 ? { history: page.items } : {}),
        ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
        historyId: String(this.historyId),
      });
    }
    if (method === 'GET' && collection === 'messages' && id === undefined) {
      const asked = Number(q.get('maxResults') ?? 100);
      if (!(asked >= 1 && asked <= 500)) return send(400, googleError(400, 'invalidArgument'));
      const all = [...this.messages.values()].sort((a, b) => Number(b.internalDate) - Number(a.internalDate));
      const ids = this.listAnswer ?? all.map((message) => message.id);
      const listed = ids.slice(0, asked).map((listedId) => ({
        id: listedId,
        threadId: this.messages.get(listedId)?.threadId ?? listedId,
      }));
      return send(200, {
        ...(listed.length > 0 ? { messages: listed } : {}),
        resultSizeEstimate: listed.length,
      });
    }
    if (method === 'GET' && (collection === 'messages' || collection === 'threads') && id && !extra) {
      if (!/^[0-9a-f]+$/.test(id)) return send(400, googleError(400, 'invalidArgument', 'Invalid id value'));
      const format = q.get('format') ?? 'full';
      if (!['minimal', 'full', 'raw', 'metadata'].includes(format)) return send(400, googleError(400));
      if (format === 'metadata' && collection === 'messages') {
        const message = this.messages.get(id);
        if (!message) return send(404, googleError(404));
        const wanted = q.getAll('metadataHeaders').map((name) => name.toLowerCase());
        const headers = (message.payload.headers ?? []).filter(
          (header) => wanted.length === 0 || wanted.includes(header.name.toLowerCase()),
        );
        const { payload, ...rest } = message;
        return send(200, {
          ...rest,
          historyId: String(this.historyId),
          payload: { mimeType: payload.mimeType, headers },
        });
      }
      if (format !== 'full') return send(500, 'the fake answers format=full only');
      const mask = q.get('fields');
      const shaped = (value: object) => (mask ? applyFields(value, parseFields(mask)) : value);
      if (collection === 'messages') {
        const message = this.messages.get(id);
        return message ? send(200, shaped(message)) : send(404, googleError(404));
      }
      const messages = [...this.messages.values()]
        .filter((message) => message.threadId === id)
        .sort((a, b) => Number(a.internalDate) - Number(b.internalDate));
      if (messages.length === 0) return send(404, googleError(404));
      return send(200, shaped({ id, historyId: '12345', messages }));
    }
    const isDraft = method === 'POST' && collection === 'drafts' && id === undefined;
    const isSend = method === 'POST' && collection === 'messages' && id === 'send' && !extra;
    if (isDraft || isSend) {
      const request = body as Outgoing['body'];
      const carried = isDraft ? request.message : request;
      const raw = carried?.raw;
      if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(raw))
        return send(
          400,
          googleError(
            400,
            'invalidArgument',
            "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
          ),
        );
      const mime = Buffer.from(raw, 'base64url').toString('utf8');
      if (isSend && !/^(To|Cc|Bcc):/im.test(mime.split('\r\n\r\n')[0] ?? ''))
        return send(400, googleError(400, 'invalidArgument', 'Recipient address required'));
      this.outgoing.push({ kind: isDraft ? 'draft' : 'send', body: request, mime });
      const newId = (this.nextMessage++).toString(16).padStart(16, '0');
      const threadId = carried?.threadId ?? newId;
      const message = { id: newId, threadId, labelIds: [isDraft ? 'DRAFT' : 'SENT'] };
      return send(200, isDraft ? { id: `r-${newId}`, message } : message);
    }
    return send(404, googleError(404));
  }

  // --- People v1 -----------------------------------------------------------------------------

  private peopleApi(method: string, s: string[], q: URLSearchParams, token: string, send: Send) {
    if (method !== 'GET' || s.join('/') !== 'people:searchContacts') return send(404, googleError(404));
    const readMask = (q.get('readMask') ?? '').split(',').filter(Boolean);
    const known = ['names', 'emailAddresses', 'phoneNumbers', 'organizations', 'nicknames', 'photos'];
    if (readMask.length === 0 || readMask.some((field) => !known.includes(field)))
      return send(400, googleError(400, 'badRequest', 'Invalid readMask'));
    const pageSize = Number(q.get('pageSize') ?? 10);
    if (!(pageSize >= 1 && pageSize <= 30))
      return send(400, googleError(400, 'badRequest', 'Invalid pageSize'));
    const query = q.get('query');
    if (query === null) return send(400, googleError(400, 'badRequest', 'query is required'));
    if (query === '') {
      this.contactCache.set(token, structuredClone(this.people));
      return send(200, {});
    }
    const needle = query.toLowerCase();
    const digits = query.replace(/\D/g, '');
    const found = (this.contactCache.get(token) ?? []).filter((person) => {
      const words = [
        ...(person.names ?? []).flatMap((name) => name.displayName.toLowerCase().split(/\s+/)),
        ...(person.emailAddresses ?? []).map((email) => email.value.toLowerCase()),
        ...(person.organizations ?? []).map((org) => org.name.toLowerCase()),
      ];
      const phones = (person.phoneNumbers ?? []).flatMap((phone) => [
        phone.value.replace(/\D/g, ''),
        (phone.canonicalForm ?? '').replace(/\D/g, ''),
      ]);
      return (
        words.some((word) => word.startsWith(needle)) ||
        (digits.length >= 3 && phones.some((phone) => phone.includes(digits)))
      );
    });
    const masked = (person: FakePerson) => ({
      resourceName: person.resourceName,
      etag: '%EgUBAi43PRoEAQIFByIMNFZ3cmxhaFRrUUk9',
      ...Object.fromEntries(
        readMask.flatMap((field) => (field in person ? [[field, person[field as keyof FakePerson]]] : [])),
      ),
    });
    const results = found.slice(0, pageSize).map((person) => ({ person: masked(person) }));
    send(200, results.length > 0 ? { results } : {});
  }
}

function startOf(event: FakeEvent): number {
  return Date.parse(event.start?.dateTime ?? `${event.start?.date}T00:00:00Z`);
}

function endOf(event: FakeEvent): number {
  return Date.parse(event.end?.dateTime ?? `${event.end?.date}T00:00:00Z`);
}

/** What Calendar v3 refuses in an event's times. */
function checkTimes(event: FakeEvent): string | null {
  for (const when of [event.start, event.end]) {
    if (!when) return 'Missing end time.';
    const forms = [when.date, when.dateTime].filter((value) => value !== undefined && value !== null);
    if (forms.length !== 1) return 'Invalid start time.';
    if (when.dateTime !== undefined && Number.isNaN(Date.parse(when.dateTime))) return 'Invalid start time.';
    if (when.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(when.date)) return 'Invalid start time.';
    if (when.timeZone !== undefined) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: when.timeZone });
      } catch {
        return `Invalid time zone definition for start time.`;
      }
    }
  }
  if (Boolean(event.start?.date) !== Boolean(event.end?.date))
    return 'Start and end must both be dates or times.';
  if (endOf(event) <= startOf(event)) return 'The specified time range is empty.';
  return null;
}

/** Calendar v3's patch semantics: fields given replace, null removes, start and end merge. */
function patch(event: FakeEvent, body: Record<string, unknown>): FakeEvent {
  const merged: Record<string, unknown> = { ...event };
  for (const [name, value] of Object.entries(body)) {
    if (value === null) delete merged[name];
    else if ((name === 'start' || name === 'end') && typeof value === 'object') {
      const when: Record<string, unknown> = { ...(merged[name] as object) };
      for (const [field, part] of Object.entries(value as object)) {
        if (part === null) delete when[field];
        else when[field] = part;
      }
      merged[name] = when;
    } else if (name === 'attendees' && Array.isArray(value)) {
      // An attendee sent without an answer is asked again.
      merged[name] = value.map((attendee) => ({ responseStatus: 'needsAction', ...attendee }));
    } else merged[name] = value;
  }
  return merged as unknown as FakeEvent;
}

/** `2026-12-01T09:30:00+11:00`: an instant as wall-clock time in a zone, with its offset. */
function withOffset(instant: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const wall = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offsetMinutes = Math.round((Date.parse(`${wall}Z`) - instant) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

type FieldMask = Map<string, FieldMask | null>;

/** Google's partial-response `fields` syntax: `a,b(c,d(e))`. */
function parseFields(mask: string): FieldMask {
  let at = 0;
  const list = (): FieldMask => {
    const fields: FieldMask = new Map();
    while (at < mask.length && mask[at] !== ')') {
      const name = /^[A-Za-z0-9_]+/.exec(mask.slice(at))?.[0];
      if (!name) throw new Error(`bad fields mask at ${at}: ${mask}`);
      at += name.length;
      let sub: FieldMask | null = null;
      if (mask[at] === '(') {
        at += 1;
        sub = list();
        if (mask[at] !== ')') throw new Error(`unclosed fields mask: ${mask}`);
        at += 1;
      }
      fields.set(name, sub);
      if (mask[at] === ',') at += 1;
    }
    return fields;
  };
  return list();
}

function applyFields(value: unknown, mask: FieldMask): unknown {
  if (Array.isArray(value)) return value.map((item) => applyFields(item, mask));
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [name, sub] of mask) {
    const field = (value as Record<string, unknown>)[name];
    if (field !== undefined) kept[name] = sub ? applyFields(field, sub) : field;
  }
  return kept;
}

/** A message as a test reads it back: headers (unfolded, by lower-case name) and the decoded body. */
export function parseMime(mime: string): { headers: Map<string, string>; body: string; rawHeaders: string } {
  const split = mime.indexOf('\r\n\r\n');
  const rawHeaders = mime.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of rawHeaders.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoded = mime.slice(split + 4);
  const body =
    headers.get('content-transfer-encoding')?.toLowerCase() === 'base64'
      ? Buffer.from(encoded.replace(/\r\n/g, ''), 'base64').toString('utf8')
      : encoded;
  return { headers, body, rawHeaders };
}

/** RFC 2047 B-encoded UTF-8 words, decoded; the space between two adjacent words goes. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, data: string) => Buffer.from(data, 'base64').toString('utf8'));
}
