import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { othersFreeBusy } from '../src/modules/workspace/calendar';
import { workspaceDeps } from '../src/modules/workspace/deps';
import { bearer, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { issuerOwner } from './helpers/calendar-fakes';
import { GoogleFake } from './helpers/google-fake';
import { GraphFake } from './helpers/graph-fake';
import { authorize } from './helpers/oauth-flow';
import { freePort } from './helpers/process';

/**
 * Others' free/busy across every calendar account of a person (issue 32): the use case asks
 * each account's provider at once, over real HTTP to the loopback Google and Graph, with the
 * connection layer's tokens and refreshes, and merges what they say per address.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
const google = new GoogleFake();
const graph = new GraphFake();
/** Hits on the local Microsoft issuer's token endpoint (code exchanges and refreshes). */
let microsoftTokenHits = 0;

beforeAll(async () => {
  await google.start();
  await graph.start();
  google.acceptsToken = async (token) => (await issuerOwner(base, 'google')(token)) !== null;
  graph.acceptsToken = async (token) => (await issuerOwner(base, 'microsoft')(token)) !== null;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build(
    { PUBLIC_URL: base, GOOGLE_CALENDAR_API_URL: google.calendarUrl, MICROSOFT_GRAPH_URL: `${graph.url}/` },
    (app) =>
      app.addHook('onRequest', async (request) => {
        if (request.method === 'POST' && request.url.startsWith('/dev/idp/microsoft/token'))
          microsoftTokenHits += 1;
      }),
  ));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await close();
  await google.stop();
  await graph.stop();
});

const WEEK = { from: '2026-11-30T00:00:00.000Z', to: '2026-12-05T00:00:00.000Z' };
const LONDON_HOURS = {
  daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  startTime: '09:00:00.0000000',
  endTime: '17:30:00.0000000',
  timeZone: { name: 'GMT Standard Time' },
};

beforeEach(() => {
  google.busy.clear();
  google.requests.length = 0;
  graph.schedules.clear();
  graph.requests.length = 0;
  // Priya's calendar is shared with the person's Google account; Graph does not know her.
  google.busy.set('priya@example.com', [{ start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z' }]);
  // Alex is a colleague in the Microsoft organisation; Google knows no calendar of his.
  graph.schedules.set('alex@contoso.example', {
    items: [{ status: 'busy', start: '2026-12-02T13:00:00', end: '2026-12-02T14:00:00' }],
    workingHours: LONDON_HOURS,
  });
  // Mei is seen by both, each knowing a different meeting.
  google.busy.set('mei@contoso.example', [{ start: '2026-12-03T09:00:00Z', end: '2026-12-03T10:00:00Z' }]);
  graph.schedules.set('mei@contoso.example', {
    items: [{ status: 'tentative', start: '2026-12-03T09:30:00', end: '2026-12-03T11:00:00' }],
    workingHours: LONDON_HOURS,
  });
});

let counter = 0;
/** A person who connected a Google and a Microsoft account through the local issuers. */
async function personWithBoth() {
  counter += 1;
  const phone = `+61414${String(Date.now() % 10_000).padStart(4, '0')}${String(counter).padStart(2, '0')}`;
  const token = await signIn(app, phone);
  for (const slug of ['google', 'azure'] as const) {
    const connected = await authorize(
      base,
      slug,
      { email: `${slug}${counter}-${Date.now()}@example.com` },
      { token },
    );
    expect(connected.params.get('success')).toBe('true');
  }
  const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
  return me.user.id as string;
}

describe('othersFreeBusy across the person’s accounts', () => {
  it('merges what each provider knows: known beats unknown, busy time joined, working hours kept', async () => {
    const userId = await personWithBoth();
    const { people, failures } = await othersFreeBusy(workspaceDeps(app), {
      userId,
      ...WEEK,
      emails: [
        'priya@example.com',
        'Alex@Contoso.example',
        'mei@contoso.example',
        'PRIYA@example.com',
        'x@example.net',
      ],
    });

    expect(failures).toEqual([]);
    expect(people).toEqual({
      'priya@example.com': { busy: [{ start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z' }] },
      'Alex@Contoso.example': {
        busy: [{ start: '2026-12-02T13:00:00.000Z', end: '2026-12-02T14:00:00.000Z' }],
        workingHours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:30', zone: 'Europe/London' },
      },
      'mei@contoso.example': {
        busy: [{ start: '2026-12-03T09:00:00.000Z', end: '2026-12-03T11:00:00.000Z' }],
        workingHours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:30', zone: 'Europe/London' },
      },
      // Google: not shared; Graph: not in the organisation. The more telling reason wins.
      'x@example.net': { unknown: 'outside_organisation' },
    });
    // Each provider asked once, for each address once.
    const googleItems = google
      .requestsTo('calendar')
      .filter((request) => request.path === '/freeBusy')
      .map((request) => (request.body as { items: { id: string }[] }).items.map((item) => item.id));
    expect(googleItems).toEqual([
      ['priya@example.com', 'Alex@Contoso.example', 'mei@contoso.example', 'x@example.net'],
    ]);
    expect(graph.seen('POST', /getSchedule$/)).toHaveLength(1);
  });

  it('meets a 401 from Graph with one refresh and one retry', async () => {
    const userId = await personWithBoth();
    graph.failNext(401);
    const before = microsoftTokenHits;
    const { people, failures } = await othersFreeBusy(workspaceDeps(app), {
      userId,
      ...WEEK,
      emails: ['alex@contoso.example'],
    });
    expect(failures).toEqual([]);
    expect(people['alex@contoso.example']).toMatchObject({ workingHours: { zone: 'Europe/London' } });
    expect(microsoftTokenHits - before).toBe(1);
    const calls = graph.seen('POST', /getSchedule$/);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.authorization).not.toBe(calls[0]!.headers.authorization);
  });

  it('leaves the people of an account that fails unknown, names the failure, and keeps the rest', async () => {
    const userId = await personWithBoth();
    graph.failNext(503);
    const { people, failures } = await othersFreeBusy(workspaceDeps(app), {
      userId,
      ...WEEK,
      emails: ['priya@example.com', 'alex@contoso.example'],
    });
    expect(people).toEqual({
      'priya@example.com': { busy: [{ start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z' }] },
      'alex@contoso.example': { unknown: 'unavailable' },
    });
    expect(failures.map((failure) => [failure.code, failure.details?.provider])).toEqual([
      ['unavailable', 'microsoft'],
    ]);
  });
});
