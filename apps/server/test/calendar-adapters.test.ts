import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalendarProtocolError,
  CalendarScopeError,
  CalendarUnavailableError,
  TokenRefusedError,
} from '../src/providers/calendar/calendar';
import { GoogleCalendar } from '../src/providers/calendar/google';
import { MicrosoftCalendar } from '../src/providers/calendar/microsoft';

/** The adapters' failure mapping, against a server that answers whatever the test says. */
let answer: (res: import('node:http').ServerResponse) => void = (res) => res.end('{}');
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const range = { timeMin: '2026-12-01T00:00:00Z', timeMax: '2026-12-02T00:00:00Z', maxResults: 10 };
const json = (status: number, body: unknown) => (res: import('node:http').ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe.each([
  ['Google', () => new GoogleCalendar({ baseUrl: url, timeoutMs: 300 })],
  ['Microsoft', () => new MicrosoftCalendar({ baseUrl: url, timeoutMs: 300 })],
])('%s adapter', (_name, make) => {
  it('counts a provider that does not answer in time as unavailable', async () => {
    answer = () => {}; // never answers
    const started = Date.now();
    await expect(make().listEvents('t', range)).rejects.toBeInstanceOf(CalendarUnavailableError);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('counts a closed port as unavailable', async () => {
    const closed = make();
    Object.assign(closed, { options: { baseUrl: 'http://127.0.0.1:1', timeoutMs: 300 } });
    await expect(closed.listEvents('t', range)).rejects.toBeInstanceOf(CalendarUnavailableError);
  });

  it.each([
    [401, TokenRefusedError],
    [403, CalendarScopeError],
    [429, CalendarUnavailableError],
    [502, CalendarUnavailableError],
    [404, CalendarProtocolError],
  ])('maps %i', async (status, kind) => {
    answer = json(status, { error: { code: status, message: 'x' } });
    await expect(make().listEvents('t', range)).rejects.toBeInstanceOf(kind);
  });

  it('refuses an answer that is not JSON', async () => {
    answer = (res) => res.end('<html>proxy error page</html>');
    await expect(make().listEvents('t', range)).rejects.toBeInstanceOf(CalendarProtocolError);
  });
});

it("treats Google's rate-limit 403 as temporary, not as a missing permission", async () => {
  answer = json(403, {
    error: {
      code: 403,
      message: 'Rate Limit Exceeded',
      errors: [{ domain: 'usageLimits', reason: 'rateLimitExceeded' }],
    },
  });
  await expect(
    new GoogleCalendar({ baseUrl: url, timeoutMs: 300 }).listEvents('t', range),
  ).rejects.toBeInstanceOf(CalendarUnavailableError);
});
