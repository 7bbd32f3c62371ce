import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, migrateToLatest } from '../src/db/database';
import { DevOutbox } from '../src/providers/dev-outbox/repo';
import { IcloudAuthError } from '../src/providers/icloud/icloud';
import { LocalIcloud } from '../src/providers/icloud/local';
import { LocalCalendarAdapter } from '../src/providers/sample-workspace/calendar';
import { sampleOwnerResolver } from '../src/providers/sample-workspace/owner';
import { SampleWorkspaceRepo } from '../src/providers/sample-workspace/repo';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import { bearer, freshIp, post, signIn } from './helpers/auth';
import { testConfig, useApp } from './helpers/build';

const APP_PASSWORD = 'abcd-efgh-ijkl-mnop';
/** Thursday 26 November 2026, 07:00 in Sydney. */
const NOW = new Date('2026-11-25T20:00:00.000Z');
const HAN = /\p{Script=Han}/u;
const sydneyTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Australia/Sydney',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

describe('LocalIcloud', () => {
  const icloud = new LocalIcloud();

  it('lets in any Apple ID with an app-specific password’s shape, one calendar and one address book', async () => {
    const found = await icloud.discover({ appleId: 'Ada@iCloud.example.com', password: APP_PASSWORD });
    expect(found.calendars).toEqual([expect.objectContaining({ name: 'Home' })]);
    expect(found.addressBooks).toEqual([expect.objectContaining({ name: 'Contacts' })]);
    expect(found.homes.caldav.homeUrl).toMatch(/^http:\/\/localhost\/dev\/dav\/ada%40icloud\.example\.com\//);
  });

  it('refuses any other password as iCloud refuses a wrong one', async () => {
    for (const password of ['wrong', 'ABCD-EFGH-IJKL-MNOP', 'abcd-efgh-ijkl-mno1', 'abcdefghijklmnop', '']) {
      await expect(icloud.discover({ appleId: 'ada@icloud.example.com', password })).rejects.toBeInstanceOf(
        IcloudAuthError,
      );
    }
  });
});

/** What the workspace reads for a connected local Apple ID: the sample calendar behind it. */
describe('the local Apple calendar', () => {
  let cleanup: () => Promise<void>;
  let db: Db;
  let calendar: LocalCalendarAdapter;

  beforeAll(async () => {
    const made = testConfig();
    cleanup = made.cleanup;
    db = createDb(made.config.database);
    await migrateToLatest(db, made.config.database);
    calendar = new LocalCalendarAdapter({
      store: new SampleWorkspaceRepo(db),
      identify: sampleOwnerResolver('http://127.0.0.1:1', 1000),
      outbox: new DevOutbox(db),
      clock: { now: () => NOW },
    });
  });
  afterAll(async () => {
    await db.destroy();
    await cleanup();
  });

  const wang = async (password: string): Promise<WorkspaceAccount> => {
    const { homes } = await new LocalIcloud().discover({
      appleId: 'wang@icloud.example.com',
      password: APP_PASSWORD,
    });
    return {
      connectionId: 'conn-wang',
      provider: 'apple',
      email: 'wang@icloud.example.com',
      access: { kind: 'dav', appleId: 'wang@icloud.example.com', password, homes },
      timeZone: 'Australia/Sydney',
      language: 'zh',
    };
  };
  const range = { from: '2026-11-25T13:00:00.000Z', to: '2026-11-26T13:00:00.000Z', limit: 50 };

  it('lists the Apple ID’s sample events in the range, by start, in the holder’s language and zone', async () => {
    const events = await calendar.listEvents(await wang(APP_PASSWORD), range);
    // Thursday the 26th in Sydney: the stand-up at 09:30 there, then the video call at 11:00.
    expect(events.map((e) => [e.title, sydneyTime(e.start)])).toEqual([
      ['团队站会', '09:30'],
      ['与张伟视频通话', '11:00'],
    ]);
    expect(events[0]).toMatchObject({ calendar: 'Home', allDay: false, location: null });
    for (const event of events) expect(event.title).toMatch(HAN);
  });

  it('refuses a password of another shape as iCloud refuses a revoked one', async () => {
    await expect(calendar.listEvents(await wang('wrong'), range)).rejects.toMatchObject({
      kind: 'token_refused',
    });
  });
});

describe('the local Apple stand-in in the app', () => {
  const server = useApp();
  let phones = 0;
  const newPhone = () => {
    phones += 1;
    return `+61413${String(Date.now() % 10_000).padStart(4, '0')}${String(phones).padStart(2, '0')}`;
  };

  it('is named in the stand-in banner, and its sends are readable at the dev outbox', async () => {
    const config = (await server.app.inject({ method: 'GET', url: '/v1/config' })).json();
    expect(config.standIns).toContain('apple');
    expect((await server.app.inject({ method: 'GET', url: '/v1/dev/outbox' })).statusCode).toBe(200);
  });

  it('connects with a password of the right shape, lists sample events, and forgets them with the account', async () => {
    const { app } = server;
    const token = await signIn(app, newPhone());
    const connect = (appPassword: string) =>
      post(
        app,
        '/v1/apple/connect',
        { appleId: 'Grace@iCloud.example.com', appPassword },
        { headers: bearer(token), remoteAddress: freshIp() },
      );
    const refused = await connect('wrong-password-1234');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('APPLE_AUTH_FAILED');
    const connected = await connect(APP_PASSWORD.toUpperCase().replace(/-/g, ' '));
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({
      calendars: [{ name: 'Home' }],
      addressBooks: [{ name: 'Contacts' }],
    });

    const now = Date.now();
    const query = new URLSearchParams({
      timeMin: new Date(now - 4 * 86_400_000).toISOString(),
      timeMax: new Date(now + 5 * 86_400_000).toISOString(),
    });
    const listed = await app.inject({
      method: 'GET',
      url: `/v1/apple/events?${query}`,
      headers: bearer(token),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const titles = listed.json().events.map((e: { title: string }) => e.title);
    expect(titles).toContain('Team stand-up');
    expect(titles).toContain('Team offsite');
    expect(await app.sampleWorkspace.isSeeded('apple:grace@icloud.example.com')).toBe(true);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/v1/account',
      headers: bearer(token),
      payload: { confirm: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await app.sampleWorkspace.isSeeded('apple:grace@icloud.example.com')).toBe(false);
    expect(await app.sampleWorkspace.list('apple:grace@icloud.example.com', 'event')).toEqual([]);
  });
});
