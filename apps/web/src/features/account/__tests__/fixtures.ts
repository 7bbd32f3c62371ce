import type { TSecurityEvent } from '@app/contract/account/activity';
import type { TAccountExport } from '@app/contract/account/export';
import type { TAccountSession } from '@app/contract/account/sessions';
import { fakeApi } from '@/testing/fake-api';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function sessionFixtures(): TAccountSession[] {
  return [
    {
      id: 's-laptop',
      current: false,
      device: { browser: 'Firefox', os: 'Windows', type: 'desktop' },
      method: 'microsoft',
      network: null,
      createdAt: ago(20 * DAY),
      lastSeenAt: ago(10 * DAY),
    },
    {
      id: 's-this',
      current: true,
      device: { browser: 'Chrome', os: 'macOS', type: 'desktop' },
      method: 'phone',
      network: '203.0.113.x',
      createdAt: ago(3 * DAY),
      lastSeenAt: ago(5_000),
    },
    {
      id: 's-phone',
      current: false,
      device: { browser: 'Safari', os: 'iOS', type: 'mobile' },
      method: 'google',
      network: '198.51.100.x',
      createdAt: ago(5 * DAY),
      lastSeenAt: ago(2 * HOUR + 5_000),
    },
  ];
}

const laptop = { browser: 'Chrome', os: 'macOS', type: 'desktop' } as const;

function event(
  id: string,
  kind: TSecurityEvent['kind'],
  at: number,
  detail: Partial<TSecurityEvent> = {},
): TSecurityEvent {
  return { id, kind, createdAt: ago(at), device: null, network: null, ...detail };
}

/** Several kinds, deliberately out of order: the screen sorts them newest first. */
export function eventFixtures(): TSecurityEvent[] {
  return [
    event('e-signin', 'sign_in', 3 * DAY, { method: 'google', device: laptop, network: '203.0.113.x' }),
    event('e-revoked', 'sessions_revoked', 1 * HOUR, { count: 2, device: laptop }),
    event('e-code', 'code_failed', 3 * DAY + HOUR, { network: '198.51.100.x' }),
    event('e-broken', 'connection_broken', 2 * DAY, { provider: 'google', reason: 'grant_revoked' }),
    event('e-plan', 'plan_changed', 1 * DAY, { change: 'subscribed', plan: 'starter', device: laptop }),
    event('e-apple', 'connection_added', 2 * DAY + HOUR, { provider: 'apple' }),
    event('e-export', 'data_exported', 30 * MINUTE, { device: laptop }),
  ];
}

export function exportFixture(): TAccountExport {
  return {
    exportedAt: ago(0),
    profile: {
      id: 'acc-1',
      email: '61412345678@phone.relay.invalid',
      name: 'Ada Lovelace',
      provider: 'phone',
      phoneNumber: '+61412345678',
      language: 'en',
      timeZone: 'Australia/Sydney',
      createdAt: ago(30 * DAY),
    },
    sessions: sessionFixtures(),
    connections: [{ provider: 'google', status: 'connected', scopes: ['email'] }],
    billing: { account: null, subscriptions: [], invoices: [] },
    usage: { events: [], alerts: [] },
    supportMessages: [],
    assistantAccess: [],
    assistant: { messages: [], toolCalls: [], approvals: [] },
    securityEvents: eventFixtures(),
  };
}

export const errorAnswer =
  (status: number, code: string, message = 'diagnostic') =>
  () =>
    Response.json({ error: { code, message } }, { status });

type Answers = NonNullable<Parameters<typeof fakeApi>[0]>;

/**
 * A small account server: the session list shrinks as sessions are signed out, as the real
 * one does. `answers` replace or add any path.
 */
export function serveAccount({
  sessions = sessionFixtures(),
  events = eventFixtures(),
  answers = {},
}: {
  sessions?: TAccountSession[];
  events?: TSecurityEvent[];
  answers?: Answers;
} = {}) {
  let live = [...sessions];
  const revokeOne = Object.fromEntries(
    sessions.map((session) => [
      `/v1/account/sessions/${session.id}`,
      () => {
        live = live.filter((s) => s.id !== session.id);
        return Response.json({ success: true });
      },
    ]),
  );
  const calls = fakeApi({
    '/v1/account/sessions': () => Response.json({ sessions: live }),
    '/v1/account/activity': () => Response.json({ events }),
    '/v1/account/sessions/revoke-others': () => {
      const revoked = live.filter((s) => !s.current).length;
      live = live.filter((s) => s.current);
      return Response.json({ success: true, revoked });
    },
    ...revokeOne,
    ...answers,
  });
  const sent = (path: string, method = 'GET') =>
    calls.filter((c) => c.path === path && (c.init?.method ?? 'GET') === method);
  return { calls, sent };
}
