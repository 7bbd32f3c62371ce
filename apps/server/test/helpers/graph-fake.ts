import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Microsoft Graph v1.0 for the Outlook adapters: calendars, events, messages and
 * contacts, answered the way Graph answers them and refused the way Graph refuses (its error
 * bodies, its rules on `$search` beside `$filter` and `$orderby`, `$select` applied), so a
 * request Graph would turn down fails here too.
 */

export interface SeenGraphRequest {
  method: string;
  /** The path under /v1.0, e.g. `/me/calendars`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

interface EmailAddress {
  address: string;
  name?: string;
}

export interface FakeCalendar {
  id: string;
  name: string;
  isDefaultCalendar: boolean;
}

/** An event as calendarView answers it with `Prefer: outlook.timezone="UTC"`. */
export interface FakeEvent {
  id: string;
  subject: string;
  isAllDay: boolean;
  isCancelled?: boolean;
  isOrganizer?: boolean;
  showAs?: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
  type?: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster';
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  originalStartTimeZone?: string;
  originalEndTimeZone?: string;
  bodyPreview?: string;
  /** Stored as Outlook stores it; answered as text when the client prefers text. */
  body?: { contentType: 'text' | 'html'; content: string };
  location?: { displayName: string };
  attendees?: { emailAddress: EmailAddress; type: string; status?: { response: string; time?: string } }[];
  organizer?: { emailAddress: EmailAddress };
  /** Set by the client on create only; Graph returns it when it was set. */
  transactionId?: string;
}

export interface FakeMessage {
  id: string;
  conversationId: string;
  subject: string;
  from?: { emailAddress: EmailAddress };
  toRecipients: { emailAddress: EmailAddress }[];
  ccRecipients: { emailAddress: EmailAddress }[];
  bccRecipients?: { emailAddress: EmailAddress }[];
  bodyPreview: string;
  /** The HTML Outlook keeps; the text Graph gives with `outlook.body-content-type="text"`. */
  html: string;
  text: string;
  receivedDateTime: string;
  sentDateTime?: string;
  isRead: boolean;
  isDraft?: boolean;
  hasAttachments: boolean;
  internetMessageId?: string;
  internetMessageHeaders?: { name: string; value: string }[];
  attachments?: {
    id: string;
    name: string;
    contentType: string;
    size: number;
    isInline: boolean;
    contentBytes: string;
  }[];
}

export interface FakeContact {
  id: string;
  displayName: string;
  givenName?: string;
  surname?: string;
  emailAddresses: EmailAddress[];
  businessPhones: string[];
  homePhones: string[];
  mobilePhone: string | null;
  companyName: string | null;
}

/** A busy block of someone in the organisation, as getSchedule lists it (UTC wall-clock times). */
export interface FakeScheduleItem {
  status: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
  start: string;
  end: string;
  subject?: string;
  isPrivate?: boolean;
}

/** Someone getSchedule can answer for, or the error it gives for them. */
export type FakeSchedule =
  | {
      items: FakeScheduleItem[];
      workingHours?: {
        daysOfWeek: string[];
        startTime: string;
        endTime: string;
        timeZone: { name: string; '@odata.type'?: string; bias?: number };
      };
    }
  | { error: { message: string; responseCode: string } };

/** Outlook events and messages: 10 080 minutes at most. */
const MAX_SUBSCRIPTION_MS = 10_080 * 60 * 1000;

export interface FakeSubscription {
  id: string;
  changeType: string;
  notificationUrl: string;
  lifecycleNotificationUrl: string | null;
  resource: string;
  expirationDateTime: string;
  clientState: string | null;
}

interface Forced {
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

const ERROR_CODES: Record<number, [string, string]> = {
  400: ['ErrorInvalidRequest', 'The request is invalid.'],
  401: ['InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'],
  403: ['ErrorAccessDenied', 'Access is denied. Check credentials and try again.'],
  404: ['ErrorItemNotFound', 'The specified object was not found in the store.'],
  429: ['ApplicationThrottled', 'Application is over its MailboxConcurrency limit.'],
  500: ['InternalServerError', 'An internal server error occurred.'],
  503: ['ServiceUnavailable', 'The service is temporarily unavailable.'],
};

export function graphError(status: number, code?: string, message?: string): unknown {
  const [knownCode, knownMessage] = ERROR_CODES[status] ?? ['UnknownError', 'Error'];
  return { error: { code: code ?? knownCode, message: message ?? knownMessage } };
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?$/;

export class GraphFake {
  static readonly TOKEN = 'graph-access-token';
  readonly requests: SeenGraphRequest[] = [];
  calendars: FakeCalendar[] = [];
  /** Events per calendar id. */
  events = new Map<string, FakeEvent[]>();
  messages: FakeMessage[] = [];
  /** Messages sent, in order. */
  sent: FakeMessage[] = [];
  contacts: FakeContact[] = [];
  owner: EmailAddress = { address: 'ada@contoso.example', name: 'Ada Lovelace' };
  /** The most items one page holds, whatever `$top` asks (Graph may answer fewer than asked). */
  pageSize = 2;
  /** Where next links point; another origin plays a Graph that sends us elsewhere. */
  nextLinkBase: string | null = null;
  /** Calendars whose events this token may not read (shared ones, without Calendars.Read.Shared). */
  refusedCalendars = new Set<string>();
  /** Whether a bearer token is good; a test app's local issuer may answer instead. */
  acceptsToken: (token: string) => boolean | Promise<boolean> = (token) => token === GraphFake.TOKEN;
  url = '';
  /**
   * People of the organisation getSchedule answers for, by address (lower case); anyone else is
   * answered with the error Graph gives for an address it cannot resolve in the directory.
   */
  schedules = new Map<string, FakeSchedule>();
  /** Subscriptions made through POST /subscriptions, by id. */
  subscriptions = new Map<string, FakeSubscription>();
  /** Delta tokens below this are refused with 410 syncStateNotFound (Graph forgot the state). */
  staleBefore = 0;
  private changeLog: { resource: 'calendar' | 'mail'; id: string; removed: boolean; seq: number }[] = [];
  private seq = 0;
  private forced: Forced[] = [];
  private server: Server | undefined;
  private counter = 0;

  /** The next request gets this answer instead, whatever it asks. */
  failNext(
    status: number,
    options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): void {
    this.forced.push({ status, ...options });
  }

  seen(method: string, pathPattern: RegExp): SeenGraphRequest[] {
    return this.requests.filter((request) => request.method === method && pathPattern.test(request.path));
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(graphError(500, 'FakeFailure', String(error))));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1.0`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v1\.0/, '');
    let body: unknown = null;
    let unreadable = false;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        unreadable = true;
      }
    }
    const method = req.method ?? 'GET';
    this.requests.push({ method, path, query: url.searchParams, headers: req.headers, body });
    const reply = (answer: Answer) => {
      if (answer.body === undefined) {
        res.writeHead(answer.status, answer.headers ?? {});
        res.end();
        return;
      }
      res.writeHead(answer.status, {
        'content-type': 'application/json; odata.metadata=minimal',
        ...answer.headers,
      });
      res.end(JSON.stringify(answer.body));
    };
    const forced = this.forced.shift();
    if (forced) {
      if (forced.raw !== undefined) {
        res.writeHead(forced.status, { 'content-type': 'application/json', ...forced.headers });
        res.end(forced.raw);
        return;
      }
      return reply({
        status: forced.status,
        body: forced.body ?? graphError(forced.status),
        headers: forced.headers,
      });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !(await this.acceptsToken(bearer))) return reply({ status: 401, body: graphError(401) });
    if (unreadable)
      return reply({
        status: 400,
        body: graphError(400, 'BadRequest', 'Unable to read JSON request payload.'),
      });
    if (!url.pathname.startsWith('/v1.0/'))
      return reply({ status: 404, body: graphError(404, 'BadRequest', 'Invalid version.') });
    // Graph answers 411 to a POST without a length, which fetch gives a bodiless POST.
    if (
      method === 'POST' &&
      req.headers['content-length'] === undefined &&
      req.headers['transfer-encoding'] === undefined
    )
      return reply({ status: 411, body: graphError(400, 'LengthRequired', 'Length Required') });
    if (path === '/subscriptions' && method === 'POST') return reply(await this.createSubscription(body));
    const sub = /^\/subscriptions\/([^/]+)$/.exec(path);
    if (sub) return reply(this.subscription(method, decodeURIComponent(sub[1]!), body));
    reply(this.route(method, path, url.searchParams, body, req.headers));
  }

  private route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    headers: IncomingHttpHeaders,
  ): Answer {
    const prefer = String(headers.prefer ?? '');
    const text = prefer.includes('outlook.body-content-type="text"');
    const routes: [string, RegExp, (ids: string[]) => Answer][] = [
      ['GET', /^\/me\/calendars$/, () => this.page(path, query, this.calendars)],
      ['GET', /^\/me\/calendar$/, () => ok(select(this.defaultCalendar(), query))],
      ['GET', /^\/me\/calendars\/([^/]+)$/, ([id]) => this.calendar(id!, query)],
      [
        'GET',
        /^\/me\/calendars\/([^/]+)\/calendarView$/,
        ([id]) => this.calendarView(id!, path, query, text),
      ],
      ['POST', /^\/me\/events$/, () => this.createEvent(this.defaultCalendar().id, body, text)],
      ['POST', /^\/me\/calendars\/([^/]+)\/events$/, ([id]) => this.createEvent(id!, body, text)],
      [
        '*',
        /^\/me\/events\/([^/]+)(\/calendar|\/cancel)?$/,
        ([id, tail]) => this.event(method, id!, tail!, query, body, text),
      ],
      ['GET', /^\/me\/messages$/, () => this.listMessages(path, query, text)],
      ['POST', /^\/me\/messages$/, () => this.newDraft(body)],
      [
        '*',
        /^\/me\/messages\/([^/]+)(\/attachments|\/createReply|\/send)?$/,
        ([id, tail]) => this.message(method, id!, tail!, path, query, body, text),
      ],
      ['POST', /^\/me\/calendar\/getSchedule$/, () => this.getSchedule(body, prefer)],
      ['GET', /^\/me\/contacts$/, () => this.page(path, query, this.contacts)],
      ['GET', /^\/me\/calendarView\/delta$/, () => this.delta('calendar', path, query, text)],
      ['GET', /^\/me\/mailFolders\('inbox'\)\/messages\/delta$/, () => this.delta('mail', path, query, text)],
    ];
    for (const [verb, pattern, answer] of routes) {
      const match = verb === '*' || verb === method ? pattern.exec(path) : null;
      if (match) return answer(match.slice(1).map((part) => decodeURIComponent(part ?? '')));
    }
    return {
      status: 400,
      body: graphError(400, 'BadRequest', `Resource not found for the segment '${path}'.`),
    };
  }

  /** An event of the default calendar created or changed, as a person would in Outlook: logged for delta. */
  changeEvent(event: FakeEvent): void {
    const calendarId = this.defaultCalendar().id;
    const list = (this.events.get(calendarId) ?? []).filter((entry) => entry.id !== event.id);
    this.events.set(calendarId, [...list, event]);
    this.log('calendar', event.id, false);
  }

  /** An event of the default calendar deleted. */
  removeEvent(id: string): void {
    const calendarId = this.defaultCalendar().id;
    this.events.set(
      calendarId,
      (this.events.get(calendarId) ?? []).filter((entry) => entry.id !== id),
    );
    this.log('calendar', id, true);
  }

  /** A message arriving in the inbox. */
  deliver(message: FakeMessage): void {
    this.messages.push(message);
    this.log('mail', message.id, false);
  }

  /** The delta token a deltaLink carries now: everything logged so far is behind it. */
  get deltaPosition(): number {
    return this.seq;
  }

  /**
   * Posts a change notification (or a lifecycle one) for a subscription to its URL, as Graph
   * does: `{ value: [...] }` with the clientState given at creation. Returns the answer's status.
   */
  async notify(
    subscriptionId: string,
    options: { lifecycleEvent?: string; clientState?: string; changeType?: string } = {},
  ): Promise<number> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`the fake has no subscription ${subscriptionId}`);
    const entry: Record<string, unknown> = {
      subscriptionId,
      subscriptionExpirationDateTime: subscription.expirationDateTime,
      clientState: options.clientState ?? subscription.clientState,
      tenantId: '00000000-0000-0000-0000-000000000000',
    };
    if (options.lifecycleEvent) entry.lifecycleEvent = options.lifecycleEvent;
    else {
      entry.changeType = options.changeType ?? 'updated';
      entry.resource = subscription.resource;
      entry.resourceData = { '@odata.type': '#Microsoft.Graph.Event', id: `item-${this.seq}` };
    }
    const target = options.lifecycleEvent
      ? subscription.lifecycleNotificationUrl
      : subscription.notificationUrl;
    const response = await fetch(target ?? subscription.notificationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: [entry] }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  private log(resource: 'calendar' | 'mail', id: string, removed: boolean): void {
    this.seq += 1;
    this.changeLog.push({ resource, id, removed, seq: this.seq });
  }

  /**
   * Graph's delta: the first round lists what is there, page by page (`$skiptoken` in the next
   * link), and ends with a deltaLink (`$deltatoken`); a later round from it lists what changed
   * since, a deleted item as `{ id, @removed }`. A token Graph no longer holds answers 410.
   */
  private delta(resource: 'calendar' | 'mail', path: string, query: URLSearchParams, text: boolean): Answer {
    const skip = query.get('$skiptoken');
    const deltaToken = query.get('$deltatoken');
    let since: number | null = null;
    let offset = 0;
    if (skip !== null) {
      const [base, at] = skip.split('.');
      since = base === 'all' ? null : Number(base);
      offset = Number(at);
    } else if (deltaToken !== null) since = Number(deltaToken);
    if (since !== null && (!Number.isInteger(since) || since < this.staleBefore))
      return {
        status: 410,
        body: graphError(410, 'syncStateNotFound', 'The sync state generation is not found.'),
      };
    if (resource === 'calendar' && skip === null && deltaToken === null) {
      if (
        Number.isNaN(Date.parse(query.get('startDateTime') ?? '')) ||
        Number.isNaN(Date.parse(query.get('endDateTime') ?? ''))
      )
        return { status: 400, body: graphError(400, 'ErrorInvalidParameter', 'No time window.') };
    }
    const current = (id: string): object | null => {
      if (resource === 'mail') {
        const message = this.messages.find((entry) => entry.id === id && !entry.isDraft);
        return message ? select(answeredMessage(message, text), query) : null;
      }
      const event = (this.events.get(this.defaultCalendar().id) ?? []).find((entry) => entry.id === id);
      return event ? answeredEvent(event, text) : null;
    };
    let items: object[];
    if (since === null) {
      // Messages delta takes one $filter: receivedDateTime ge|gt an instant.
      const filter = query.get('$filter');
      const received = filter === null ? null : /^receivedDateTime (ge|gt) (\S+)$/.exec(filter);
      if (filter !== null && (!received || Number.isNaN(Date.parse(received[2]!)) || resource !== 'mail'))
        return {
          status: 400,
          body: graphError(400, 'ErrorInvalidUrlQueryFilter', 'The filter is not supported.'),
        };
      const from = received ? Date.parse(received[2]!) : Number.NEGATIVE_INFINITY;
      const ids =
        resource === 'mail'
          ? this.messages
              .filter((entry) => !entry.isDraft && Date.parse(entry.receivedDateTime) >= from)
              .map((entry) => entry.id)
          : (this.events.get(this.defaultCalendar().id) ?? []).map((entry) => entry.id);
      items = ids.flatMap((id) => current(id) ?? []);
    } else {
      const latest = new Map<string, boolean>();
      for (const entry of this.changeLog)
        if (entry.resource === resource && entry.seq > since) latest.set(entry.id, entry.removed);
      items = [...latest].flatMap(([id, removed]) => {
        const item = removed ? null : current(id);
        return item ?? (removed ? [{ id, '@removed': { reason: 'deleted' } }] : []);
      });
    }
    const value = items.slice(offset, offset + this.pageSize);
    const answer: Record<string, unknown> = { '@odata.context': `${this.url}/$metadata#${path}`, value };
    const base = `${this.nextLinkBase ?? this.url}${path}`;
    if (offset + this.pageSize < items.length) {
      // Graph keeps the first request's options ($select, $filter, the window) in its links.
      const next = new URLSearchParams(query);
      next.delete('$deltatoken');
      next.set('$skiptoken', `${since ?? 'all'}.${offset + this.pageSize}`);
      answer['@odata.nextLink'] = `${base}?${next.toString()}`;
    } else answer['@odata.deltaLink'] = `${base}?$deltatoken=${this.seq}`;
    return ok(answer);
  }

  /**
   * POST /subscriptions: Graph first posts `?validationToken=` to the notification URL (and to the
   * lifecycle URL) and creates the subscription only when each answers 200 text/plain with the
   * token, within 10 seconds; else 400 ValidationError.
   */
  private async createSubscription(body: unknown): Promise<Answer> {
    const input = body as Partial<FakeSubscription> | null;
    if (
      !input ||
      typeof input.changeType !== 'string' ||
      typeof input.notificationUrl !== 'string' ||
      typeof input.resource !== 'string' ||
      typeof input.expirationDateTime !== 'string'
    )
      return { status: 400, body: graphError(400, 'InvalidRequest', 'A required property is missing.') };
    const expires = Date.parse(input.expirationDateTime);
    if (Number.isNaN(expires) || expires > Date.now() + MAX_SUBSCRIPTION_MS || expires < Date.now())
      return {
        status: 400,
        body: graphError(400, 'InvalidRequest', 'Subscription expiration is out of range.'),
      };
    if (
      input.clientState !== undefined &&
      (typeof input.clientState !== 'string' || input.clientState.length > 128)
    )
      return { status: 400, body: graphError(400, 'InvalidRequest', 'clientState is too long.') };
    for (const target of new Set(
      [input.notificationUrl, input.lifecycleNotificationUrl].filter(Boolean) as string[],
    )) {
      const token = `Validation: Testing client application reachability for subscription Request-Id: ${this.counter + 1}`;
      const url = new URL(target);
      url.searchParams.set('validationToken', token);
      let fine = false;
      try {
        const response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(10_000) });
        const text = await response.text();
        fine =
          response.status === 200 &&
          (response.headers.get('content-type') ?? '').startsWith('text/plain') &&
          text === token;
      } catch {
        fine = false;
      }
      if (!fine)
        return {
          status: 400,
          body: graphError(
            400,
            'ValidationError',
            'Subscription validation request failed. Response must exactly match validationToken query parameter.',
          ),
        };
    }
    this.counter += 1;
    const subscription: FakeSubscription = {
      id: `sub-${this.counter}`,
      changeType: input.changeType,
      notificationUrl: input.notificationUrl,
      lifecycleNotificationUrl: input.lifecycleNotificationUrl ?? null,
      resource: input.resource,
      expirationDateTime: new Date(expires).toISOString(),
      clientState: input.clientState ?? null,
    };
    this.subscriptions.set(subscription.id, subscription);
    return { status: 201, body: subscription };
  }

  private subscription(method: string, id: string, body: unknown): Answer {
    const subscription = this.subscriptions.get(id);
    if (!subscription)
      return { status: 404, body: graphError(404, 'ResourceNotFound', 'The object was not found.') };
    if (method === 'DELETE') {
      this.subscriptions.delete(id);
      return { status: 204 };
    }
    if (method === 'GET') return ok(subscription);
    if (method !== 'PATCH')
      return { status: 405, body: graphError(400, 'BadRequest', 'Method not allowed.') };
    const expires = Date.parse(
      String((body as { expirationDateTime?: unknown } | null)?.expirationDateTime ?? ''),
    );
    if (Number.isNaN(expires) || expires > Date.now() + MAX_SUBSCRIPTION_MS || expires < Date.now())
      return {
        status: 400,
        body: graphError(400, 'InvalidRequest', 'Subscription expiration is out of range.'),
      };
    subscription.expirationDateTime = new Date(expires).toISOString();
    return ok(subscription);
  }

  private calendar(id: string, query: URLSearchParams): Answer {
    const calendar = this.calendars.find((entry) => entry.id === id);
    return calendar ? ok(select(calendar, query)) : notFound();
  }

  private defaultCalendar(): FakeCalendar {
    const calendar = this.calendars.find((entry) => entry.isDefaultCalendar);
    if (!calendar) throw new Error('the fake has no default calendar');
    return calendar;
  }

  /** One page of a collection: `$top` (at most pageSize), `$skip` in the next link as Graph writes it. */
  private page(path: string, query: URLSearchParams, items: object[]): Answer {
    const top = Math.min(Number(query.get('$top') ?? 10), this.pageSize);
    const skip = Number(query.get('$skip') ?? 0);
    if (!Number.isInteger(top) || top < 1)
      return { status: 400, body: graphError(400, 'ErrorInvalidParameter') };
    const value = items.slice(skip, skip + top).map((item) => select(item, query));
    const answer: Record<string, unknown> = { '@odata.context': `${this.url}/$metadata#${path}`, value };
    if (skip + top < items.length) {
      const next = new URLSearchParams(query);
      next.set('$skip', String(skip + top));
      answer['@odata.nextLink'] = `${this.nextLinkBase ?? this.url}${path}?${next.toString()}`;
    }
    return ok(answer);
  }

  /**
   * calendar: getSchedule. At most 20 schedules and 62 days (ErrorTimeIntervalTooBig), an
   * availabilityViewInterval of 5 to 1440 minutes; times read and answered in UTC only (the
   * fake knows no other zone, and says so with a 400). Each schedule answers its items overlapping
   * the window, the availabilityView over them and its working hours; an unknown address its
   * error, in a 200 like the rest.
   */
  private getSchedule(body: unknown, prefer: string): Answer {
    const request = body as {
      schedules?: unknown;
      startTime?: { dateTime?: string; timeZone?: string };
      endTime?: { dateTime?: string; timeZone?: string };
      availabilityViewInterval?: unknown;
    } | null;
    const bad = (code: string, message: string): Answer => ({
      status: 400,
      body: graphError(400, code, message),
    });
    if (!request || !Array.isArray(request.schedules) || request.schedules.some((s) => typeof s !== 'string'))
      return bad('ErrorInvalidParameter', 'Schedules is required.');
    if (request.schedules.length > 20) return bad('ErrorInvalidParameter', 'Too many schedules; 20 at most.');
    const interval = request.availabilityViewInterval ?? 30;
    if (interval === null) return { status: 500, body: graphError(500) };
    if (typeof interval !== 'number' || interval < 5 || interval > 1440)
      return bad('ErrorInvalidParameter', 'availabilityViewInterval must be between 5 and 1440.');
    const instant = (when: { dateTime?: string; timeZone?: string } | undefined): number | null => {
      if (!when?.dateTime || !LOCAL_DATE_TIME.test(when.dateTime)) return null;
      if ((when.timeZone ?? '').toUpperCase() !== 'UTC') return null;
      return Date.parse(`${when.dateTime.slice(0, 23)}Z`);
    };
    const from = instant(request.startTime);
    const to = instant(request.endTime);
    if (from === null || to === null) return bad('ErrorInvalidTimeZone', 'The fake reads UTC times only.');
    if (to <= from) return bad('ErrorInvalidParameter', 'The end time must come after the start time.');
    const days = Math.ceil((to - from) / 86_400_000);
    if (days > 62)
      return bad(
        'ErrorTimeIntervalTooBig',
        `The requested time duration specified for FreeBusyViewOptions.TimeWindow is too long. The allowed limit = 62 days; the actual limit = ${days} days.`,
      );
    const zone = /outlook\.timezone="([^"]+)"/.exec(prefer)?.[1] ?? 'UTC';
    if (zone.toUpperCase() !== 'UTC') return bad('ErrorInvalidTimeZone', 'The fake answers in UTC only.');
    const utc = (text: string) => Date.parse(`${text.slice(0, 23)}Z`);
    const wall = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}.0000000`;
    const codes: Record<FakeScheduleItem['status'], string> = {
      free: '0',
      tentative: '1',
      busy: '2',
      oof: '3',
      workingElsewhere: '4',
      unknown: '2',
    };
    const value = (request.schedules as string[]).map((address) => {
      const schedule = this.schedules.get(address.toLowerCase());
      if (!schedule)
        return {
          scheduleId: address,
          error: {
            message: `Unable to resolve e-mail address ${address} to an Active Directory object.`,
            responseCode: '5009',
          },
        };
      if ('error' in schedule) return { scheduleId: address, error: schedule.error };
      const items = schedule.items.filter((item) => utc(item.start) < to && utc(item.end) > from);
      const slots = Math.ceil((to - from) / (interval * 60_000));
      let view = '';
      for (let i = 0; i < slots; i += 1) {
        const slotStart = from + i * interval * 60_000;
        const slotEnd = slotStart + interval * 60_000;
        const here = items.filter((item) => utc(item.start) < slotEnd && utc(item.end) > slotStart);
        view += here.reduce((code, item) => (codes[item.status] > code ? codes[item.status] : code), '0');
      }
      return {
        scheduleId: address,
        availabilityView: view,
        scheduleItems: items.map((item) => ({
          isPrivate: item.isPrivate ?? false,
          status: item.status,
          ...(item.subject ? { subject: item.subject } : {}),
          start: { dateTime: wall(utc(item.start)), timeZone: 'UTC' },
          end: { dateTime: wall(utc(item.end)), timeZone: 'UTC' },
        })),
        ...(schedule.workingHours ? { workingHours: schedule.workingHours } : {}),
      };
    });
    return ok({
      '@odata.context':
        'https://graph.microsoft.com/v1.0/$metadata#Collection(microsoft.graph.scheduleInformation)',
      value,
    });
  }

  private calendarView(calendarId: string, path: string, query: URLSearchParams, text: boolean): Answer {
    if (!this.calendars.some((calendar) => calendar.id === calendarId)) return notFound();
    if (this.refusedCalendars.has(calendarId)) return { status: 403, body: graphError(403) };
    const from = Date.parse(query.get('startDateTime') ?? '');
    const to = Date.parse(query.get('endDateTime') ?? '');
    if (Number.isNaN(from) || Number.isNaN(to))
      return {
        status: 400,
        body: graphError(
          400,
          'ErrorInvalidParameter',
          "This request requires a time window specified by the query string parameters 'StartDateTime' and 'EndDateTime'.",
        ),
      };
    if (query.has('$orderby') && query.get('$orderby') !== 'start/dateTime')
      return { status: 400, body: graphError(400, 'ErrorInvalidProperty') };
    const utc = (value: { dateTime: string }) => Date.parse(`${value.dateTime.slice(0, 23)}Z`);
    const overlapping = (this.events.get(calendarId) ?? [])
      .filter((event) => utc(event.start) < to && utc(event.end) > from)
      .sort((a, b) => utc(a.start) - utc(b.start))
      .map((event) => answeredEvent(event, text));
    return this.page(path, query, overlapping);
  }

  private createEvent(calendarId: string, body: unknown, text: boolean): Answer {
    if (!this.calendars.some((calendar) => calendar.id === calendarId)) return notFound();
    const problem = eventProblem(body, true);
    if (problem) return { status: 400, body: graphError(400, 'ErrorInvalidRequest', problem) };
    const fields = body as Partial<FakeEvent> & { transactionId?: unknown };
    // `transactionId`, as Graph documents it: a repeat of a create the server already made
    // answers that event instead of making a second one.
    const transactionId = typeof fields.transactionId === 'string' ? fields.transactionId : null;
    const repeat =
      transactionId === null
        ? undefined
        : [...this.events.values()].flat().find((event) => event.transactionId === transactionId);
    if (repeat) return { status: 201, body: answeredEvent(repeat, text) };
    this.counter += 1;
    // Graph answers the times as written, in the zone given, when the Prefer header names none
    // other than UTC and the event was written elsewhere; the adapter must read either.
    const event: FakeEvent = {
      id: `AAMkAD-created-${this.counter}`,
      subject: fields.subject ?? '',
      isAllDay: fields.isAllDay ?? false,
      isOrganizer: true,
      showAs: fields.showAs ?? 'busy',
      type: 'singleInstance',
      start: fields.start!,
      end: fields.end!,
      originalStartTimeZone: fields.start!.timeZone,
      originalEndTimeZone: fields.end!.timeZone,
      body: fields.body
        ? { contentType: fields.body.contentType === 'html' ? 'html' : 'text', content: fields.body.content }
        : undefined,
      bodyPreview: fields.body?.content.slice(0, 255) ?? '',
      location: fields.location ?? { displayName: '' },
      attendees: (fields.attendees ?? []).map((attendee) => ({ ...attendee, status: { response: 'none' } })),
      organizer: { emailAddress: this.owner },
      ...(transactionId === null ? {} : { transactionId }),
    };
    this.events.set(calendarId, [...(this.events.get(calendarId) ?? []), event]);
    return { status: 201, body: answeredEvent(event, text) };
  }

  private event(
    method: string,
    id: string,
    tail: string,
    query: URLSearchParams,
    body: unknown,
    text: boolean,
  ): Answer {
    const calendarId = [...this.events].find(([, events]) => events.some((event) => event.id === id))?.[0];
    const list = calendarId ? this.events.get(calendarId)! : [];
    const event = list.find((entry) => entry.id === id);
    if (!event || !calendarId) return notFound();
    if (method === 'GET' && tail === '/calendar')
      return ok(select(this.calendars.find((calendar) => calendar.id === calendarId)!, query));
    if (method === 'GET' && tail === '') return ok(select(answeredEvent(event, text), query));
    if (method === 'PATCH' && tail === '') {
      const problem = eventProblem(body, false);
      if (problem) return { status: 400, body: graphError(400, 'ErrorInvalidRequest', problem) };
      Object.assign(event, body);
      if ((body as Partial<FakeEvent>).start) event.originalStartTimeZone = event.start.timeZone;
      return ok(answeredEvent(event, text));
    }
    if (method === 'DELETE' && tail === '') {
      this.events.set(
        calendarId,
        list.filter((entry) => entry !== event),
      );
      return { status: 204 };
    }
    if (method === 'POST' && tail === '/cancel') {
      if (!event.isOrganizer)
        return {
          status: 400,
          body: graphError(
            400,
            'ErrorAccessDenied',
            "Your request can't be completed. You need to be an organizer to cancel a meeting.",
          ),
        };
      this.events.set(
        calendarId,
        list.filter((entry) => entry !== event),
      );
      return { status: 202 };
    }
    return { status: 405, body: graphError(405, 'MethodNotAllowed') };
  }

  private listMessages(path: string, query: URLSearchParams, text: boolean): Answer {
    const search = query.get('$search');
    const filter = query.get('$filter');
    const orderby = query.get('$orderby');
    let found = this.messages;
    if (search !== null) {
      if (orderby !== null)
        return {
          status: 400,
          body: graphError(
            400,
            'ErrorInvalidParameter',
            "The query parameter '$orderBy' is not supported with '$search'.",
          ),
        };
      if (filter !== null)
        return {
          status: 400,
          body: graphError(
            400,
            'ErrorInvalidParameter',
            "The query parameter '$filter' is not supported with '$search'.",
          ),
        };
      const kql = /^"(.*)"$/s.exec(search)?.[1];
      if (kql === undefined || kql.includes('"'))
        return {
          status: 400,
          body: graphError(400, 'BadRequest', "Syntax error: character '\"' is not valid."),
        };
      const terms = kqlTerms(kql);
      if (!terms) return { status: 400, body: graphError(400, 'BadRequest', 'Invalid KQL.') };
      found = found.filter((message) => terms.every((term) => term(message)));
      found.sort((a, b) => Date.parse(b.receivedDateTime) - Date.parse(a.receivedDateTime));
    } else {
      found = this.messages;
      if (filter !== null) {
        const clauses = filter.split(' and ');
        const tests = clauses.map(filterClause);
        if (tests.some((test) => test === null))
          return {
            status: 400,
            body: graphError(
              400,
              'ErrorInvalidUrlQueryFilter',
              'The query filter contains one or more invalid nodes.',
            ),
          };
        found = found.filter((message) => tests.every((test) => test!(message)));
        // Graph refuses to order by a property the filter does not start with.
        if (orderby !== null && !clauses[0]!.startsWith(`${orderby.split(' ')[0]} `))
          return {
            status: 400,
            body: graphError(
              400,
              'InefficientFilter',
              'The restriction or sort order is too complex for this operation.',
            ),
          };
      }
      if (orderby !== null) {
        if (orderby !== 'receivedDateTime desc')
          return { status: 400, body: graphError(400, 'ErrorInvalidProperty') };
        found = [...found].sort((a, b) => Date.parse(b.receivedDateTime) - Date.parse(a.receivedDateTime));
      }
    }
    return this.page(
      path,
      query,
      found.map((message) => answeredMessage(message, text)),
    );
  }

  private newDraft(body: unknown): Answer {
    const problem = messageProblem(body);
    if (problem) return { status: 400, body: graphError(400, 'ErrorInvalidRequest', problem) };
    const fields = body as {
      subject?: string;
      body?: { content: string };
      toRecipients?: [];
      ccRecipients?: [];
      bccRecipients?: [];
    };
    this.counter += 1;
    const draft: FakeMessage = {
      id: `AAMkAD-draft-${this.counter}`,
      conversationId: `AAQkAD-conversation-${this.counter}`,
      subject: fields.subject ?? '',
      from: { emailAddress: this.owner },
      toRecipients: fields.toRecipients ?? [],
      ccRecipients: fields.ccRecipients ?? [],
      bccRecipients: fields.bccRecipients ?? [],
      bodyPreview: (fields.body?.content ?? '').slice(0, 255),
      html: `<html><body>${fields.body?.content ?? ''}</body></html>`,
      text: fields.body?.content ?? '',
      receivedDateTime: '2026-11-20T10:00:00Z',
      isRead: true,
      isDraft: true,
      hasAttachments: false,
    };
    this.messages.push(draft);
    return { status: 201, body: answeredMessage(draft, false) };
  }

  private message(
    method: string,
    id: string,
    tail: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    text: boolean,
  ): Answer {
    const message = this.messages.find((entry) => entry.id === id);
    if (!message) return notFound();
    if (method === 'GET' && tail === '') return ok(select(answeredMessage(message, text), query));
    if (method === 'GET' && tail === '/attachments') return this.page(path, query, message.attachments ?? []);
    if (method === 'POST' && tail === '/createReply') {
      this.counter += 1;
      const draft: FakeMessage = {
        id: `AAMkAD-reply-${this.counter}`,
        conversationId: message.conversationId,
        subject: `RE: ${message.subject}`,
        from: { emailAddress: this.owner },
        toRecipients: message.from ? [message.from] : [],
        ccRecipients: [],
        bccRecipients: [],
        bodyPreview: '',
        html: `<html><body><hr><b>From:</b> ${message.from?.emailAddress.address}${message.html}</body></html>`,
        text: `From: ${message.from?.emailAddress.address}\n${message.text}`,
        receivedDateTime: '2026-11-20T10:00:00Z',
        isRead: true,
        isDraft: true,
        hasAttachments: false,
        internetMessageHeaders: [{ name: 'In-Reply-To', value: message.internetMessageId ?? '' }],
      };
      this.messages.push(draft);
      return { status: 201, body: answeredMessage(draft, false) };
    }
    if (method === 'PATCH' && tail === '') {
      if (!message.isDraft)
        return { status: 400, body: graphError(400, 'ErrorInvalidRequest', 'Only drafts can be changed.') };
      const problem = messageProblem(body);
      if (problem) return { status: 400, body: graphError(400, 'ErrorInvalidRequest', problem) };
      const fields = body as Partial<FakeMessage> & { body?: { content: string } };
      if (fields.subject !== undefined) message.subject = fields.subject;
      if (fields.toRecipients) message.toRecipients = fields.toRecipients;
      if (fields.ccRecipients) message.ccRecipients = fields.ccRecipients;
      if (fields.bccRecipients) message.bccRecipients = fields.bccRecipients;
      if (fields.body) {
        message.text = fields.body.content;
        message.html = `<html><body>${fields.body.content}</body></html>`;
      }
      return ok(answeredMessage(message, text));
    }
    if (method === 'POST' && tail === '/send') {
      if (!message.isDraft)
        return { status: 400, body: graphError(400, 'ErrorInvalidRequest', 'Only drafts can be sent.') };
      if (
        message.toRecipients.length + message.ccRecipients.length + (message.bccRecipients?.length ?? 0) ===
        0
      )
        return {
          status: 400,
          body: graphError(400, 'ErrorInvalidRecipients', 'At least one recipient is required.'),
        };
      message.isDraft = false;
      message.sentDateTime = '2026-11-20T10:01:00Z';
      this.sent.push(message);
      return { status: 202 };
    }
    return { status: 405, body: graphError(405, 'MethodNotAllowed') };
  }
}

function ok(body: unknown): Answer {
  return { status: 200, body };
}

function notFound(): Answer {
  return { status: 404, body: graphError(404) };
}

/** `$select` as Graph applies it: the fields named, plus id and the etag. */
function select(item: object, query: URLSearchParams): object {
  const fields = query.get('$select');
  if (!fields) return item;
  const wanted = new Set(['id', ...fields.split(',')]);
  const entries = Object.entries(item).filter(([name]) => wanted.has(name));
  return Object.fromEntries([['@odata.etag', 'W/"DwAAABYAAAA"'], ...entries]);
}

function answeredEvent(event: FakeEvent, text: boolean): object {
  const body = event.body ?? { contentType: 'text', content: '' };
  const content =
    text && body.contentType === 'html'
      ? body.content.replace(/<[^>]+>/g, '').trim()
      : !text && body.contentType === 'text'
        ? `<html><body>${body.content}</body></html>`
        : body.content;
  return {
    isCancelled: false,
    showAs: 'busy',
    type: 'singleInstance',
    isOrganizer: false,
    attendees: [],
    location: { displayName: '' },
    ...event,
    body: { contentType: text ? 'text' : 'html', content },
  };
}

function answeredMessage(message: FakeMessage, text: boolean): object {
  const { html, text: plain, attachments: _attachments, ...rest } = message;
  return {
    isDraft: false,
    bccRecipients: [],
    internetMessageHeaders: undefined,
    ...rest,
    body: text ? { contentType: 'text', content: plain } : { contentType: 'html', content: html },
  };
}

/** What Graph would refuse in an event body; null when it is fine. */
function eventProblem(body: unknown, creating: boolean): string | null {
  if (typeof body !== 'object' || body === null) return 'The request body is empty.';
  const fields = body as Record<string, unknown>;
  const known = ['subject', 'body', 'location', 'start', 'end', 'isAllDay', 'attendees', 'showAs'];
  // The create's `transactionId` cannot be changed afterwards (Graph's event resource).
  if (creating) known.push('transactionId');
  const unknown = Object.keys(fields).find((name) => !known.includes(name));
  if (unknown) return `The property '${unknown}' does not exist on type 'microsoft.graph.event'.`;
  if (creating && (fields.start === undefined || fields.end === undefined))
    return 'Start and end are required.';
  // The freeBusyStatus enumeration, as Graph's event resource documents `showAs`.
  if (
    fields.showAs !== undefined &&
    !['free', 'tentative', 'busy', 'oof', 'workingElsewhere', 'unknown'].includes(String(fields.showAs))
  )
    return `Requested value '${String(fields.showAs)}' was not found.`;
  for (const name of ['start', 'end'] as const) {
    const when = fields[name] as { dateTime?: unknown; timeZone?: unknown } | undefined;
    if (when === undefined) continue;
    if (typeof when.dateTime !== 'string' || !LOCAL_DATE_TIME.test(when.dateTime))
      return `${name}.dateTime must be a date and time without an offset.`;
    if (typeof when.timeZone !== 'string' || !when.timeZone) return `${name}.timeZone is required.`;
    if (fields.isAllDay === true && !/T00:00(:00(\.0+)?)?$/.test(when.dateTime))
      return 'An all-day event must start and end at midnight.';
  }
  if (fields.body !== undefined) {
    const content = fields.body as { contentType?: unknown; content?: unknown };
    if (
      !['text', 'html'].includes(String(content.contentType).toLowerCase()) ||
      typeof content.content !== 'string'
    )
      return 'body must be an itemBody.';
  }
  if (
    fields.location !== undefined &&
    typeof (fields.location as { displayName?: unknown }).displayName !== 'string'
  )
    return 'location must be a location.';
  if (fields.attendees !== undefined && !recipientsOk(fields.attendees))
    return 'attendees must be attendees.';
  return null;
}

function messageProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'The request body is empty.';
  const fields = body as Record<string, unknown>;
  const known = ['subject', 'body', 'toRecipients', 'ccRecipients', 'bccRecipients'];
  const unknown = Object.keys(fields).find((name) => !known.includes(name));
  if (unknown) return `The property '${unknown}' does not exist on type 'microsoft.graph.message'.`;
  for (const name of ['toRecipients', 'ccRecipients', 'bccRecipients'])
    if (fields[name] !== undefined && !recipientsOk(fields[name])) return `${name} must be recipients.`;
  if (fields.body !== undefined) {
    const content = fields.body as { contentType?: unknown; content?: unknown };
    if (
      !['text', 'html'].includes(String(content.contentType).toLowerCase()) ||
      typeof content.content !== 'string'
    )
      return 'body must be an itemBody.';
  }
  return null;
}

function recipientsOk(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        typeof (entry as { emailAddress?: { address?: unknown } })?.emailAddress?.address === 'string',
    )
  );
}

/** One `$filter` clause of the few the fake knows, as a test; null for any other. */
function filterClause(clause: string): ((message: FakeMessage) => boolean) | null {
  const dated = /^receivedDateTime (ge|lt) (\S+)$/.exec(clause);
  if (dated) {
    const at = Date.parse(dated[2]!);
    if (Number.isNaN(at)) return null;
    return dated[1] === 'ge'
      ? (message) => Date.parse(message.receivedDateTime) >= at
      : (message) => Date.parse(message.receivedDateTime) < at;
  }
  const read = /^isRead eq (true|false)$/.exec(clause);
  if (read) {
    const wanted = read[1] === 'true';
    return (message) => message.isRead === wanted;
  }
  const conversation = /^conversationId eq '((?:[^']|'')*)'$/.exec(clause);
  if (conversation) {
    const id = conversation[1]!.replaceAll("''", "'");
    return (message) => message.conversationId === id;
  }
  return null;
}

/** The KQL the fake understands: `prop:value`, `prop:'a phrase'`, `received>=date`, `received<date`, bare words. */
function kqlTerms(kql: string): ((message: FakeMessage) => boolean)[] | null {
  const tokens = kql.match(/[\w>=<]+:?'[^']*'|\S+/g) ?? [];
  const terms: ((message: FakeMessage) => boolean)[] = [];
  const has = (haystack: (string | undefined)[], needle: string) =>
    haystack.some((value) => value?.toLowerCase().includes(needle.toLowerCase()));
  const who = (entries: { emailAddress: EmailAddress }[] | undefined) =>
    (entries ?? []).flatMap((entry) => [entry.emailAddress.address, entry.emailAddress.name]);
  for (const token of tokens) {
    const received = /^received(>=|<)(\d{4}-\d{2}-\d{2})$/.exec(token);
    if (received) {
      const at = Date.parse(`${received[2]}T00:00:00Z`);
      terms.push(
        received[1] === '>='
          ? (message) => Date.parse(message.receivedDateTime) >= at
          : (message) => Date.parse(message.receivedDateTime) < at,
      );
      continue;
    }
    const property = /^(\w+):(?:'([^']*)'|(\S+))$/.exec(token);
    if (property) {
      const value = property[2] ?? property[3]!;
      if (property[1] === 'from')
        terms.push((message) => has(who(message.from ? [message.from] : []), value));
      else if (property[1] === 'to') terms.push((message) => has(who(message.toRecipients), value));
      else if (property[1] === 'subject') terms.push((message) => has([message.subject], value));
      else return null;
      continue;
    }
    const word = token.replace(/^'|'$/g, '');
    terms.push((message) =>
      has([message.subject, message.text, ...who(message.from ? [message.from] : [])], word),
    );
  }
  return terms;
}
