import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IcloudHomes } from '../../src/providers/icloud/icloud';

export interface FakeDavRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeDavAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const USER = 'someone@icloud.com';
const PASSWORD = 'abcd-efgh-ijkl-mnop';
const CALENDAR = '/calendars/home/';
const TASKS = '/calendars/tasks/';
const BOOK = '/contacts/card/';

const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function multistatus(responses: string[]): FakeDavAnswer {
  return {
    status: 207,
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?>
<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:card="urn:ietf:params:xml:ns:carddav">${responses.join('')}</d:multistatus>`,
  };
}

function response(href: string, props: string): string {
  return `<d:response><d:href>${href}</d:href><d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
}

/**
 * A CalDAV/CardDAV server in the shape of iCloud's, for the failures Radicale cannot be made to
 * give (403, 412, 429, 5xx, a hang, an unreadable answer). It checks each request as a server
 * would (Basic login, Depth, the REPORT's body, If-Match / If-None-Match on writes) and keeps
 * every one it got in `requests`. A rule added with `answer` wins over the ordinary behaviour.
 * Its address book ignores a query's filter, as some servers do.
 */
export class FakeDav {
  url = '';
  readonly user = USER;
  readonly password = PASSWORD;
  readonly requests: FakeDavRequest[] = [];
  /** Calendar objects by path, with their ETags. */
  readonly objects = new Map<string, { text: string; etag: string }>();
  /** vCards by path. */
  readonly cards = new Map<string, string>();
  private rules: { when: (request: FakeDavRequest) => boolean; answer: FakeDavAnswer | 'hang' }[] = [];
  private server: Server | null = null;
  private version = 0;

  readonly calendarPath = CALENDAR;
  readonly bookPath = BOOK;

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request: FakeDavRequest = {
        method: req.method ?? '',
        path: decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.requests.push(request);
      const rule = this.rules.find((r) => r.when(request));
      if (rule?.answer === 'hang') return;
      const answer = rule?.answer ?? this.handle(request);
      res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  /** Where discovery would have found the homes. */
  homes(): IcloudHomes {
    const home = (path: string) => ({
      rootUrl: `${this.url}/`,
      principalUrl: `${this.url}/principal/`,
      homeUrl: `${this.url}${path}`,
    });
    return { caldav: home('/calendars/'), carddav: home('/contacts/') };
  }

  answer(when: (request: FakeDavRequest) => boolean, answer: FakeDavAnswer | 'hang'): void {
    this.rules.push({ when, answer });
  }

  reset(): void {
    this.rules = [];
    this.requests.length = 0;
    this.objects.clear();
    this.cards.clear();
  }

  put(path: string, text: string): string {
    this.version += 1;
    const etag = `"v${this.version}"`;
    this.objects.set(path, { text, etag });
    return etag;
  }

  private handle(request: FakeDavRequest): FakeDavAnswer {
    const login = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
    if (request.headers.authorization !== `Basic ${login}`) {
      return { status: 401, headers: { 'www-authenticate': 'Basic realm="fake"' } };
    }
    const { method, path, headers } = request;
    if (method === 'PROPFIND' && path === '/calendars/' && headers.depth === '1') {
      return multistatus([
        response('/calendars/', '<d:resourcetype><d:collection/></d:resourcetype>'),
        response(
          CALENDAR,
          '<d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>Home</d:displayname><c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>',
        ),
        response(
          TASKS,
          '<d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>Reminders</d:displayname><c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>',
        ),
      ]);
    }
    if (method === 'PROPFIND' && path === '/contacts/' && headers.depth === '1') {
      return multistatus([
        response('/contacts/', '<d:resourcetype><d:collection/></d:resourcetype>'),
        response(BOOK, '<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>'),
      ]);
    }
    if (method === 'PROPFIND' && headers.depth === '0' && [CALENDAR, TASKS, BOOK].includes(path)) {
      return multistatus([response(path, '<d:displayname>Home</d:displayname>')]);
    }
    if (method === 'REPORT' && path === CALENDAR && headers.depth === '1') {
      if (
        !/calendar-query/.test(request.body) ||
        !/time-range start="\d{8}T\d{6}Z" end="\d{8}T\d{6}Z"/.test(request.body)
      ) {
        return { status: 400, body: 'expected a calendar-query with a time-range' };
      }
      return multistatus(
        [...this.objects]
          .filter(([key]) => key.startsWith(CALENDAR))
          .map(([key, object]) =>
            response(
              key,
              `<d:getetag>${xml(object.etag)}</d:getetag><c:calendar-data>${xml(object.text)}</c:calendar-data>`,
            ),
          ),
      );
    }
    if (method === 'REPORT' && path === BOOK && headers.depth === '1') {
      if (!/addressbook-query/.test(request.body) || !/text-match|prop-filter/.test(request.body)) {
        return { status: 400, body: 'expected an addressbook-query with a filter' };
      }
      return multistatus(
        [...this.cards].map(([key, card]) =>
          response(key, `<card:address-data>${xml(card)}</card:address-data>`),
        ),
      );
    }
    const object = this.objects.get(path);
    if (method === 'GET') {
      return object
        ? {
            status: 200,
            headers: { 'content-type': 'text/calendar; charset=utf-8', etag: object.etag },
            body: object.text,
          }
        : { status: 404 };
    }
    if (method === 'PUT' && path.startsWith(CALENDAR)) {
      if (!String(headers['content-type']).startsWith('text/calendar')) return { status: 415 };
      if (headers['if-none-match'] === '*' && object) return { status: 412 };
      if (headers['if-match'] !== undefined && headers['if-match'] !== object?.etag) return { status: 412 };
      if (headers['if-none-match'] === undefined && headers['if-match'] === undefined) {
        return { status: 400, body: 'a write must say If-Match or If-None-Match' };
      }
      const etag = this.put(path, request.body);
      return { status: object ? 204 : 201, headers: { etag } };
    }
    if (method === 'DELETE' && object) {
      if (headers['if-match'] !== object.etag) return { status: 412 };
      this.objects.delete(path);
      return { status: 204 };
    }
    return { status: 404 };
  }
}
