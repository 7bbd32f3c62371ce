import type { TOthersBusy } from '@app/contract/workspace/others-free-busy';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GoogleCalendarAdapter } from '../src/providers/calendar/google-calendar';
import { GraphCalendarAdapter } from '../src/providers/calendar/graph-calendar';
import { isProviderError, type ProviderError } from '../src/providers/provider-errors';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import { GoogleFake, TOKENS } from './helpers/google-fake';
import { GraphFake } from './helpers/graph-fake';

/**
 * Other people's free/busy from the providers (issue 32), over real HTTP against the loopback
 * Google Calendar and Microsoft Graph: what each says for a calendar shared with the person, a
 * colleague, a stranger; how a long list and a long range are cut into the calls each allows.
 */
const google = new GoogleFake();
const graph = new GraphFake();
beforeAll(async () => {
  await google.start();
  await graph.start();
});
afterAll(async () => {
  await google.stop();
  await graph.stop();
});

const TIMEOUT_MS = 2000;
const googleCalendar = () =>
  new GoogleCalendarAdapter({ baseUrl: google.calendarUrl, timeoutMs: TIMEOUT_MS });
const graphCalendar = () => new GraphCalendarAdapter({ baseUrl: `${graph.url}/`, timeoutMs: TIMEOUT_MS });

const onGoogle: WorkspaceAccount = {
  connectionId: 'conn-google',
  provider: 'google',
  email: 'me@example.com',
  access: { kind: 'oauth', accessToken: TOKENS.first },
  timeZone: 'Europe/Berlin',
  language: 'en',
};
const onGraph: WorkspaceAccount = {
  connectionId: 'conn-graph',
  provider: 'microsoft',
  email: 'ada@contoso.example',
  access: { kind: 'oauth', accessToken: GraphFake.TOKEN },
  timeZone: 'Europe/Berlin',
  language: 'en',
};

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isProviderError(error)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

const WEEK = { from: '2026-11-30T00:00:00.000Z', to: '2026-12-05T00:00:00.000Z' };

describe('Google: others by freebusy.query', () => {
  beforeEach(() => {
    google.requests.length = 0;
    google.busy.clear();
    google.groups.clear();
  });

  it('knows the busy time of a calendar shared with the person, and no one else’s', async () => {
    google.busy.set('priya@example.com', [
      { start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z' },
      { start: '2026-12-01T09:30:00Z', end: '2026-12-01T11:00:00Z' },
      { start: '2026-12-04T23:00:00Z', end: '2026-12-05T02:00:00Z' },
    ]);
    google.busy.set('sam@example.org', []);

    const answer = await googleCalendar().othersFreeBusy(onGoogle, {
      ...WEEK,
      emails: ['Priya@Example.com', 'sam@example.org', 'stranger@example.net'],
    });

    expect(answer).toEqual({
      'Priya@Example.com': {
        busy: [
          { start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T11:00:00.000Z' },
          { start: '2026-12-04T23:00:00.000Z', end: '2026-12-05T00:00:00.000Z' },
        ],
      },
      'sam@example.org': { busy: [] },
      'stranger@example.net': { unknown: 'not_found' },
    } satisfies Record<string, TOthersBusy>);
    const [query, ...more] = google.requestsTo('calendar').filter((request) => request.path === '/freeBusy');
    expect(more).toEqual([]);
    expect(query?.body).toEqual({
      timeMin: WEEK.from,
      timeMax: WEEK.to,
      calendarExpansionMax: 50,
      groupExpansionMax: 100,
      items: [{ id: 'Priya@Example.com' }, { id: 'sam@example.org' }, { id: 'stranger@example.net' }],
    });
  });

  it('asks 50 addresses and 90 days a call at most, and joins the answers', async () => {
    const emails = Array.from({ length: 120 }, (_, i) => `person${i}@example.com`);
    for (const email of emails.slice(0, 110)) google.busy.set(email, []);
    google.busy.set('person7@example.com', [
      // Across the cut between the two windows: one block in the answer.
      { start: '2027-02-28T22:00:00Z', end: '2027-03-01T02:00:00Z' },
    ]);
    const range = { from: '2026-12-01T00:00:00.000Z', to: '2027-03-11T00:00:00.000Z' };

    const answer = await googleCalendar().othersFreeBusy(onGoogle, { ...range, emails });

    const queries = google.requestsTo('calendar').filter((request) => request.path === '/freeBusy');
    const bodies = queries.map(
      (request) => request.body as { timeMin: string; timeMax: string; items: unknown[] },
    );
    expect(bodies.map((body) => body.items.length).sort((a, b) => a - b)).toEqual([20, 20, 50, 50, 50, 50]);
    expect([...new Set(bodies.map((body) => `${body.timeMin} ${body.timeMax}`))].sort()).toEqual([
      '2026-12-01T00:00:00.000Z 2027-03-01T00:00:00.000Z',
      '2027-03-01T00:00:00.000Z 2027-03-11T00:00:00.000Z',
    ]);
    expect(answer['person7@example.com']).toEqual({
      busy: [{ start: '2027-02-28T22:00:00.000Z', end: '2027-03-01T02:00:00.000Z' }],
    });
    expect(answer['person0@example.com']).toEqual({ busy: [] });
    expect(answer['person115@example.com']).toEqual({ unknown: 'not_found' });
    expect(Object.keys(answer)).toHaveLength(120);
  });

  it('reads a group as its members together; a group too big to expand is unknown', async () => {
    google.groups.set('team@example.com', ['ann@example.com', 'bob@example.com']);
    google.groups.set(
      'everyone@example.com',
      Array.from({ length: 101 }, (_, i) => `e${i}@example.com`),
    );
    google.busy.set('ann@example.com', [{ start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z' }]);
    google.busy.set('bob@example.com', [{ start: '2026-12-01T10:00:00Z', end: '2026-12-01T10:30:00Z' }]);

    const answer = await googleCalendar().othersFreeBusy(onGoogle, {
      ...WEEK,
      emails: ['team@example.com', 'everyone@example.com'],
    });

    expect(answer).toEqual({
      'team@example.com': { busy: [{ start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:30:00.000Z' }] },
      'everyone@example.com': { unknown: 'unavailable' },
    });
  });

  it('a refused token is token_refused, for the connection layer to refresh', async () => {
    const expired: WorkspaceAccount = { ...onGoogle, access: { kind: 'oauth', accessToken: 'ya29.expired' } };
    const error = await failure(
      googleCalendar().othersFreeBusy(expired, { ...WEEK, emails: ['a@example.com'] }),
    );
    expect([error.kind, error.status]).toEqual(['token_refused', 401]);
  });
});

const PACIFIC_HOURS = {
  daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  startTime: '08:00:00.0000000',
  endTime: '17:00:00.0000000',
  timeZone: { name: 'Pacific Standard Time' },
};

describe('Microsoft Graph: others by getSchedule', () => {
  beforeEach(() => {
    graph.requests.length = 0;
    graph.schedules.clear();
  });

  it('counts busy, tentative and out of office as busy, reads working hours, and says why for the rest', async () => {
    graph.schedules.set('alex@contoso.example', {
      items: [
        { status: 'busy', start: '2026-12-01T17:00:00', end: '2026-12-01T18:00:00', subject: 'Planning' },
        { status: 'tentative', start: '2026-12-01T18:00:00', end: '2026-12-01T18:30:00' },
        { status: 'oof', start: '2026-12-03T00:00:00', end: '2026-12-04T00:00:00' },
        { status: 'free', start: '2026-12-02T17:00:00', end: '2026-12-02T18:00:00' },
        { status: 'workingElsewhere', start: '2026-12-02T19:00:00', end: '2026-12-02T20:00:00' },
      ],
      workingHours: PACIFIC_HOURS,
    });
    graph.schedules.set('megan@contoso.example', {
      items: [],
      workingHours: {
        ...PACIFIC_HOURS,
        daysOfWeek: ['sunday', 'monday'],
        endTime: '00:00:00.0000000',
        timeZone: {
          name: 'Customized Time Zone',
          '@odata.type': '#microsoft.graph.customTimeZone',
          bias: 480,
        },
      },
    });
    graph.schedules.set('ceo@contoso.example', {
      error: { message: 'Access is denied.', responseCode: 'ErrorNoFreeBusyAccess' },
    });

    const answer = await graphCalendar().othersFreeBusy(onGraph, {
      ...WEEK,
      emails: ['Alex@Contoso.example', 'megan@contoso.example', 'ceo@contoso.example', 'priya@example.com'],
    });

    expect(answer).toEqual({
      'Alex@Contoso.example': {
        busy: [
          { start: '2026-12-01T17:00:00.000Z', end: '2026-12-01T18:30:00.000Z' },
          { start: '2026-12-03T00:00:00.000Z', end: '2026-12-04T00:00:00.000Z' },
        ],
        workingHours: { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00', zone: 'America/Los_Angeles' },
      },
      // A custom zone cannot be named: the hours are left out rather than read in the wrong zone.
      'megan@contoso.example': { busy: [] },
      'ceo@contoso.example': { unknown: 'no_permission' },
      'priya@example.com': { unknown: 'outside_organisation' },
    } satisfies Record<string, TOthersBusy>);
    const [call, ...more] = graph.seen('POST', /^\/me\/calendar\/getSchedule$/);
    expect(more).toEqual([]);
    expect(call?.headers.prefer).toContain('outlook.timezone="UTC"');
    expect(call?.body).toEqual({
      schedules: [
        'Alex@Contoso.example',
        'megan@contoso.example',
        'ceo@contoso.example',
        'priya@example.com',
      ],
      startTime: { dateTime: '2026-11-30T00:00:00', timeZone: 'UTC' },
      endTime: { dateTime: '2026-12-05T00:00:00', timeZone: 'UTC' },
      availabilityViewInterval: 30,
    });
  });

  it('asks 20 schedules and 62 days a call at most, and joins the answers', async () => {
    const emails = Array.from({ length: 45 }, (_, i) => `p${i}@contoso.example`);
    for (const email of emails) graph.schedules.set(email, { items: [], workingHours: PACIFIC_HOURS });
    graph.schedules.set('p44@contoso.example', {
      items: [{ status: 'busy', start: '2027-01-31T23:00:00', end: '2027-02-01T01:00:00' }],
    });
    const range = { from: '2026-12-01T00:00:00.000Z', to: '2027-02-10T00:00:00.000Z' };

    const answer = await graphCalendar().othersFreeBusy(onGraph, { ...range, emails });

    const calls = graph.seen('POST', /^\/me\/calendar\/getSchedule$/);
    const bodies = calls.map(
      (request) => request.body as { schedules: string[]; startTime: { dateTime: string } },
    );
    expect(bodies.map((body) => body.schedules.length).sort((a, b) => a - b)).toEqual([5, 5, 20, 20, 20, 20]);
    expect([...new Set(bodies.map((body) => body.startTime.dateTime))].sort()).toEqual([
      '2026-12-01T00:00:00',
      '2027-02-01T00:00:00',
    ]);
    expect(answer['p44@contoso.example']).toEqual({
      busy: [{ start: '2027-01-31T23:00:00.000Z', end: '2027-02-01T01:00:00.000Z' }],
    });
    expect(answer['p0@contoso.example']).toMatchObject({
      busy: [],
      workingHours: { zone: 'America/Los_Angeles' },
    });
  });

  it('a refused token is token_refused, for the connection layer to refresh', async () => {
    const expired: WorkspaceAccount = { ...onGraph, access: { kind: 'oauth', accessToken: 'expired' } };
    const error = await failure(
      graphCalendar().othersFreeBusy(expired, { ...WEEK, emails: ['a@contoso.example'] }),
    );
    expect([error.kind, error.status]).toEqual(['token_refused', 401]);
  });

  it('a whole call refused (a personal account) fails the account, not one person', async () => {
    graph.failNext(403, { body: { error: { code: 'ErrorAccessDenied', message: 'Access is denied.' } } });
    const error = await failure(
      graphCalendar().othersFreeBusy(onGraph, { ...WEEK, emails: ['a@contoso.example'] }),
    );
    expect(error.kind).toBe('scope_missing');
  });
});

describe('Google: moving a meeting others are invited to', () => {
  beforeEach(() => {
    google.requests.length = 0;
    google.calendars.splice(0, google.calendars.length, {
      id: 'me@example.com',
      summary: 'me@example.com',
      timeZone: 'Europe/Berlin',
      accessRole: 'owner',
      primary: true,
    });
    google.events.clear();
  });

  it('sends only the new times, with sendUpdates=all, and keeps who is invited', async () => {
    const adapter = googleCalendar();
    const created = await adapter.createEvent(onGoogle, {
      title: 'Planning with Priya',
      when: {
        allDay: false,
        start: '2026-12-01T14:00:00.000Z',
        end: '2026-12-01T14:30:00.000Z',
        timeZone: 'Europe/Berlin',
      },
      location: null,
      description: null,
      attendees: ['priya@example.com'],
      sendUpdates: true,
      calendarId: null,
    });
    google.requests.length = 0;

    const moved = await adapter.updateEvent(onGoogle, created.id, {
      when: {
        allDay: false,
        start: '2026-12-02T09:00:00.000Z',
        end: '2026-12-02T09:30:00.000Z',
        timeZone: 'Europe/Berlin',
      },
      sendUpdates: true,
    });

    const patch = google.requestsTo('calendar').find((request) => request.method === 'PATCH')!;
    expect(patch.query.get('sendUpdates')).toBe('all');
    // Nothing but the times (the date cleared, as a PATCH must): the attendees stay as they are.
    expect(patch.body).toEqual({
      start: { dateTime: '2026-12-02T09:00:00.000Z', timeZone: 'Europe/Berlin', date: null },
      end: { dateTime: '2026-12-02T09:30:00.000Z', timeZone: 'Europe/Berlin', date: null },
    });
    expect(moved).toMatchObject({
      start: '2026-12-02T09:00:00.000Z',
      end: '2026-12-02T09:30:00.000Z',
      attendees: [{ email: 'priya@example.com', response: 'needs_action' }],
    });
  });
});
