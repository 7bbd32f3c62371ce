import type { TKnownBusy, TOthersBusy } from '@app/contract/workspace/others-free-busy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, migrateToLatest } from '../src/db/database';
import { DevOutbox } from '../src/providers/dev-outbox/repo';
import { LocalCalendarAdapter } from '../src/providers/sample-workspace/calendar';
import { SampleWorkspaceRepo } from '../src/providers/sample-workspace/repo';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import { testConfig } from './helpers/build';

/**
 * The sample people's own days (issue 32): on `npm start` the assistant can find a time with
 * Priya or Daniel because the stand-in answers others' free/busy as a provider would, the same
 * on every call, in their own zones, and unknown for anyone else.
 */
/** Thursday 26 November 2026, 07:00 in Sydney (AEDT, UTC+11). */
const NOW = new Date('2026-11-25T20:00:00.000Z');
const SYDNEY = 'Australia/Sydney';
/** Monday 30 November to Saturday 5 December, UTC: no sample meeting with Priya in it. */
const NEXT_WEEK = { from: '2026-11-30T00:00:00.000Z', to: '2026-12-05T00:00:00.000Z' };

let config: ReturnType<typeof testConfig>['config'];
let cleanup: () => Promise<void>;
let db: Db;
let store: SampleWorkspaceRepo;
let outbox: DevOutbox;

beforeAll(async () => {
  ({ config, cleanup } = testConfig());
  db = createDb(config.database);
  await migrateToLatest(db, config.database);
  store = new SampleWorkspaceRepo(db);
  outbox = new DevOutbox(db);
});
afterAll(async () => {
  await db.destroy();
  await cleanup();
});

const owners = new Map<string, string>();
let people = 0;
function person(overrides: Partial<WorkspaceAccount> = {}): WorkspaceAccount {
  people += 1;
  const token = `token-${people}-${Math.random().toString(36).slice(2)}`;
  owners.set(token, `google:sub-${token}`);
  return {
    connectionId: `conn-${people}`,
    provider: 'google',
    email: `ada-${people}@example.com`,
    access: { kind: 'oauth', accessToken: token },
    timeZone: SYDNEY,
    language: 'en',
    ...overrides,
  };
}
const identify = async (account: WorkspaceAccount) =>
  account.access.kind === 'oauth' ? (owners.get(account.access.accessToken) ?? null) : null;
const calendar = () => new LocalCalendarAdapter({ store, outbox, identify, clock: { now: () => NOW } });

function known(answer: TOthersBusy | undefined): TKnownBusy {
  if (!answer || !('busy' in answer))
    throw new Error(`expected known busy time, got ${JSON.stringify(answer)}`);
  return answer;
}

/** Weekday (Mon…Sun) and HH:MM an instant shows in a zone. */
function wall(iso: string, zone: string): { weekday: string; time: string; date: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: part('weekday'),
    time: `${part('hour')}:${part('minute')}`,
    date: `${part('year')}-${part('month')}-${part('day')}`,
  };
}

describe('the sample people’s free/busy', () => {
  it('gives Priya a few blocks each working day inside her London hours, the same on every call', async () => {
    const account = person();
    const ask = () =>
      calendar().othersFreeBusy(account, { ...NEXT_WEEK, emails: ['priya.natarajan@example.com'] });
    const priya = known((await ask())['priya.natarajan@example.com']);

    expect(priya.workingHours).toEqual({
      days: [1, 2, 3, 4, 5],
      start: '09:00',
      end: '17:30',
      zone: 'Europe/London',
    });
    expect(priya.busy.length).toBeGreaterThanOrEqual(5);
    const perDay = new Map<string, number>();
    for (const block of priya.busy) {
      const start = wall(block.start, 'Europe/London');
      const end = wall(block.end, 'Europe/London');
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(start.weekday);
      expect(end.date).toBe(start.date);
      expect(start.time >= '09:00' && end.time <= '17:30').toBe(true);
      expect(Date.parse(block.end) - Date.parse(block.start)).toBeGreaterThanOrEqual(30 * 60_000);
      perDay.set(start.date, (perDay.get(start.date) ?? 0) + 1);
    }
    expect([...perDay.values()].every((count) => count >= 1 && count <= 3)).toBe(true);
    // Asked again, and through another adapter: the same week.
    expect(known((await ask())['priya.natarajan@example.com'])).toEqual(priya);
    // Another owner's Priya has a week of her own.
    const elsewhere = await calendar().othersFreeBusy(person(), {
      ...NEXT_WEEK,
      emails: ['priya.natarajan@example.com'],
    });
    expect(known(elsewhere['priya.natarajan@example.com']).busy).not.toEqual(priya.busy);
  });

  it('puts Daniel in New York and the others where the owner lives', async () => {
    const answer = await calendar().othersFreeBusy(person(), {
      ...NEXT_WEEK,
      emails: ['daniel.weber@example.net', 'sam.okafor@example.org'],
    });
    expect(known(answer['daniel.weber@example.net']).workingHours?.zone).toBe('America/New_York');
    expect(known(answer['sam.okafor@example.org']).workingHours).toEqual({
      days: [1, 2, 3, 4, 5],
      start: '09:00',
      end: '17:00',
      zone: SYDNEY,
    });
    for (const block of known(answer['daniel.weber@example.net']).busy) {
      const start = wall(block.start, 'America/New_York');
      expect(start.time >= '08:30').toBe(true);
    }
  });

  it('counts the owner’s meetings Priya is invited to as her busy time', async () => {
    // The seeded project review: Friday 27 November, 14:00 to 15:00 in Sydney, Priya accepted.
    const review = { start: '2026-11-27T03:00:00.000Z', end: '2026-11-27T04:00:00.000Z' };
    const answer = await calendar().othersFreeBusy(person(), {
      from: '2026-11-27T02:00:00.000Z',
      to: '2026-11-27T05:00:00.000Z',
      emails: ['priya.natarajan@example.com', 'jonas@example.org'],
    });
    // Friday 02:00 to 05:00 UTC is night in London and Stockholm: only the meeting is there.
    expect(known(answer['priya.natarajan@example.com']).busy).toEqual([review]);
    expect(known(answer['jonas@example.org']).busy).toEqual([]);
  });

  it('knows the people of a Chinese sample by their addresses there', async () => {
    const answer = await calendar().othersFreeBusy(person({ language: 'zh' }), {
      ...NEXT_WEEK,
      emails: ['wang.fang@example.com'],
    });
    expect(known(answer['wang.fang@example.com']).workingHours?.zone).toBe('Europe/London');
  });

  it('does not know anyone else, each stand-in saying it as its provider does', async () => {
    const emails = ['stranger@example.net', 'reception@example.org'];
    expect(await calendar().othersFreeBusy(person(), { ...NEXT_WEEK, emails })).toEqual({
      'stranger@example.net': { unknown: 'not_found' },
      'reception@example.org': { unknown: 'not_found' },
    });
    expect(
      await calendar().othersFreeBusy(person({ provider: 'microsoft' }), {
        ...NEXT_WEEK,
        emails: emails.slice(0, 1),
      }),
    ).toEqual({ 'stranger@example.net': { unknown: 'outside_organisation' } });
    // iCloud shows no one's time, sample people included.
    expect(
      await calendar().othersFreeBusy(person({ provider: 'apple' }), {
        ...NEXT_WEEK,
        emails: ['priya.natarajan@example.com'],
      }),
    ).toEqual({ 'priya.natarajan@example.com': { unknown: 'not_supported' } });
  });
});
