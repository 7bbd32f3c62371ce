import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MicrosoftHookPort, microsoftHookRoutes } from '../src/modules/change-feed/microsoft-routes';
import { CursorExpiredError, type FeedChange } from '../src/providers/change-feed/feed-adapter';
import { GraphFeedAdapter } from '../src/providers/change-feed/graph-feed';
import {
  clientStateMatches,
  type GraphNotice,
  graphValidationToken,
  parseGraphNotifications,
} from '../src/providers/change-feed/graph-push';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import { build } from './helpers/build';
import { type FakeEvent, GraphFake } from './helpers/graph-fake';
import { freePort } from './helpers/process';

const account: WorkspaceAccount = {
  connectionId: 'conn-1',
  provider: 'microsoft',
  email: 'ada@contoso.example',
  access: { kind: 'oauth', accessToken: GraphFake.TOKEN },
  timeZone: 'Europe/London',
  language: 'en',
};
const SECRET = 'client-state-secret-1';

function event(id: string, subject: string, day = '2026-12-01'): FakeEvent {
  return {
    id,
    subject,
    isAllDay: false,
    start: { dateTime: `${day}T10:00:00.0000000`, timeZone: 'UTC' },
    end: { dateTime: `${day}T11:00:00.0000000`, timeZone: 'UTC' },
  };
}

/**
 * Our side of the webhook as a loopback server built only from graph-push.ts: the handshake
 * echo, and each notification checked against the secret before it counts.
 */
class Receiver {
  accepted: GraphNotice[] = [];
  refused = 0;
  url = '';
  private server: Server | undefined;
  constructor(private readonly secrets: Map<string, string>) {}
  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
      const token = graphValidationToken(query);
      if (token !== null) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(token);
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {}
      for (const notice of parseGraphNotifications(body)) {
        const secret = this.secrets.get(notice.subscriptionId);
        if (secret && clientStateMatches(secret, notice.clientState)) this.accepted.push(notice);
        else this.refused += 1;
      }
      res.writeHead(202);
      res.end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/hooks/microsoft`;
    return this;
  }
  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe('Graph push verification (pure)', () => {
  it('echoes the validation token and reads nothing else as a handshake', () => {
    expect(graphValidationToken({ validationToken: 'Validation: abc' })).toBe('Validation: abc');
    expect(graphValidationToken({})).toBeNull();
    expect(graphValidationToken({ validationToken: '' })).toBeNull();
  });

  it('reads change and lifecycle notifications, and leaves out unknown shapes', () => {
    const notices = parseGraphNotifications({
      value: [
        { subscriptionId: 's1', clientState: 'c', changeType: 'updated', resource: 'me/events/1' },
        { subscriptionId: 's1', clientState: 'c', lifecycleEvent: 'reauthorizationRequired' },
        { subscriptionId: 's1', clientState: 'c', lifecycleEvent: 'subscriptionRemoved' },
        { subscriptionId: 's1', clientState: 'c', lifecycleEvent: 'missed' },
        { subscriptionId: 's1', clientState: 'c', lifecycleEvent: 'somethingNew' },
        { nothing: true },
      ],
    });
    expect(notices.map((notice) => notice.kind)).toEqual(['changed', 'renew', 'resubscribe', 'missed']);
    expect(parseGraphNotifications('not json')).toEqual([]);
  });

  it('gives the same marker to a repeated delivery and another to another change', () => {
    const one = { subscriptionId: 's1', clientState: 'c', changeType: 'updated', resource: 'me/events/1' };
    const [a] = parseGraphNotifications({ value: [one] });
    const [b] = parseGraphNotifications({ value: [one] });
    const [c] = parseGraphNotifications({ value: [{ ...one, resource: 'me/events/2' }] });
    expect(a!.marker).toBe(b!.marker);
    expect(a!.marker).not.toBe(c!.marker);
  });

  it('accepts only the exact clientState', () => {
    expect(clientStateMatches(SECRET, SECRET)).toBe(true);
    expect(clientStateMatches(SECRET, `${SECRET}x`)).toBe(false);
    expect(clientStateMatches(SECRET, '')).toBe(false);
    expect(clientStateMatches(SECRET, null)).toBe(false);
  });
});

describe('GraphFeedAdapter against a loopback Graph', () => {
  let graph: GraphFake;
  let receiver: Receiver;
  const secrets = new Map<string, string>();
  let adapter: GraphFeedAdapter;

  beforeAll(async () => {
    receiver = await new Receiver(secrets).start();
  });
  afterAll(async () => {
    await receiver.stop();
  });
  beforeEach(async () => {
    graph = await new GraphFake().start();
    graph.calendars = [{ id: 'cal-1', name: 'Calendar', isDefaultCalendar: true }];
    graph.events.set('cal-1', [event('ev-1', 'Standup'), event('ev-2', 'Review'), event('ev-3', 'Lunch')]);
    adapter = new GraphFeedAdapter({ baseUrl: graph.url, timeoutMs: 5000 });
    receiver.accepted = [];
    receiver.refused = 0;
    secrets.clear();
  });
  afterEach(async () => {
    await graph.stop();
  });

  const input = (cursor: string | null = null, externalId: string | null = null) => ({
    channelId: 'chan-1',
    externalId,
    cursor,
    callbackUrl: receiver.url,
    secret: SECRET,
  });

  it('subscribes after the handshake, with the cursor and an expiry under three days', async () => {
    const before = Date.now();
    const subscribed = await adapter.subscribe(account, 'calendar', input());
    const created = graph.subscriptions.get(subscribed.externalId!);
    expect(created).toMatchObject({
      changeType: 'created,updated,deleted',
      resource: '/me/events',
      notificationUrl: receiver.url,
      lifecycleNotificationUrl: receiver.url,
      clientState: SECRET,
    });
    const expires = Date.parse(subscribed.expiresAt!);
    expect(expires).toBeGreaterThan(before + 2 * 24 * 3600_000);
    expect(expires).toBeLessThan(before + 3 * 24 * 3600_000);
    expect(subscribed.cursor).toContain('$deltatoken=');
    // The mailbox follows new messages in the inbox only.
    const mail = await adapter.subscribe(account, 'mail', input());
    expect(graph.subscriptions.get(mail.externalId!)).toMatchObject({
      changeType: 'created',
      resource: "/me/mailFolders('inbox')/messages",
    });
  });

  it('fails to subscribe when our URL does not answer the handshake', async () => {
    await expect(
      adapter.subscribe(account, 'calendar', { ...input(), callbackUrl: `${graph.url}/nowhere` }),
    ).rejects.toMatchObject({ kind: 'rejected' });
    expect(graph.subscriptions.size).toBe(0);
  });

  it('renews before expiry by PATCH, and subscribes again when Graph lost it', async () => {
    const subscribed = await adapter.subscribe(account, 'calendar', input());
    const first = graph.subscriptions.get(subscribed.externalId!)!.expirationDateTime;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renewed = await adapter.renew(account, 'calendar', input(subscribed.cursor, subscribed.externalId));
    expect(renewed.externalId).toBe(subscribed.externalId);
    expect(Date.parse(renewed.expiresAt!)).toBeGreaterThan(Date.parse(first));
    expect(graph.seen('PATCH', /^\/subscriptions\//)).toHaveLength(1);
    graph.subscriptions.clear();
    const again = await adapter.renew(account, 'calendar', input(subscribed.cursor, subscribed.externalId));
    expect(again.externalId).not.toBe(subscribed.externalId);
    expect(graph.subscriptions.has(again.externalId!)).toBe(true);
  });

  it('a disconnect deletes the subscription; one already gone is fine', async () => {
    const subscribed = await adapter.subscribe(account, 'calendar', input());
    await adapter.unsubscribe(account, 'calendar', input(subscribed.cursor, subscribed.externalId));
    expect(graph.subscriptions.size).toBe(0);
    await adapter.unsubscribe(account, 'calendar', input(subscribed.cursor, subscribed.externalId));
  });

  it('syncs through every page: a change, a deletion, from the deltaLink it keeps', async () => {
    const full = await adapter.sync(account, 'calendar', null);
    expect(full.changes).toEqual([{ kind: 'resynced', resource: 'calendar' }]);
    // three events, two a page: the full round followed a next link to the deltaLink
    expect(graph.seen('GET', /calendarView\/delta$/).length).toBe(2);
    graph.changeEvent(event('ev-1', 'Standup moved', '2026-12-02'));
    graph.changeEvent(event('ev-4', 'New one'));
    graph.removeEvent('ev-2');
    const next = await adapter.sync(account, 'calendar', full.cursor);
    const byId = (changes: FeedChange[]) =>
      Object.fromEntries(changes.map((c) => ('eventId' in c ? [c.eventId, c] : ['?', c])));
    const changes = byId(next.changes);
    expect(next.changes).toHaveLength(3);
    expect(changes['ev-1']).toMatchObject({
      kind: 'event.changed',
      event: { title: 'Standup moved', start: '2026-12-02T10:00:00.000Z', calendarId: 'cal-1' },
    });
    expect(changes['ev-4']).toMatchObject({ kind: 'event.changed', event: { title: 'New one' } });
    expect(changes['ev-2']).toEqual({ kind: 'event.cancelled', eventId: 'ev-2' });
    // Nothing since: an empty round, the same position.
    const quiet = await adapter.sync(account, 'calendar', next.cursor);
    expect(quiet.changes).toEqual([]);
  });

  it('reports a new inbox message as mail.arrived', async () => {
    const full = await adapter.sync(account, 'mail', null);
    // The full round asks only for what arrived since a day ago (delta's one $filter).
    const first = graph.seen('GET', /messages\/delta$/)[0]!;
    expect(first.query.get('$filter')).toMatch(/^receivedDateTime ge \d{4}-/);
    graph.deliver({
      id: 'msg-1',
      conversationId: 'conv-1',
      subject: 'Hello',
      from: { emailAddress: { address: 'bob@example.com', name: 'Bob' } },
      toRecipients: [{ emailAddress: { address: 'ada@contoso.example' } }],
      ccRecipients: [],
      bodyPreview: 'Hi Ada',
      html: '<p>Hi Ada</p>',
      text: 'Hi Ada',
      receivedDateTime: '2026-11-28T09:00:00Z',
      isRead: false,
      hasAttachments: false,
    });
    const next = await adapter.sync(account, 'mail', full.cursor);
    expect(next.changes).toEqual([
      expect.objectContaining({
        kind: 'mail.arrived',
        message: expect.objectContaining({ id: 'msg-1', subject: 'Hello', unread: true }),
      }),
    ]);
  });

  it('a stale deltaLink is a CursorExpiredError, and a full sync takes its place', async () => {
    const full = await adapter.sync(account, 'calendar', null);
    graph.changeEvent(event('ev-1', 'Changed'));
    graph.staleBefore = graph.deltaPosition + 1;
    await expect(adapter.sync(account, 'calendar', full.cursor)).rejects.toBeInstanceOf(CursorExpiredError);
    const again = await adapter.sync(account, 'calendar', null);
    expect(again.changes).toEqual([{ kind: 'resynced', resource: 'calendar' }]);
  });

  it('notifications reach our URL; forged and unknown ones are refused, duplicates share a marker', async () => {
    const subscribed = await adapter.subscribe(account, 'calendar', input());
    const id = subscribed.externalId!;
    secrets.set(id, SECRET);
    expect(await graph.notify(id)).toBe(202);
    expect(await graph.notify(id)).toBe(202);
    expect(receiver.accepted).toHaveLength(2);
    expect(receiver.accepted[0]!.marker).toBe(receiver.accepted[1]!.marker);
    await graph.notify(id, { clientState: 'forged' });
    secrets.delete(id);
    await graph.notify(id);
    expect(receiver.refused).toBe(2);
    expect(receiver.accepted).toHaveLength(2);
    secrets.set(id, SECRET);
    for (const lifecycleEvent of ['reauthorizationRequired', 'subscriptionRemoved', 'missed'])
      await graph.notify(id, { lifecycleEvent });
    expect(receiver.accepted.slice(2).map((notice) => notice.kind)).toEqual([
      'renew',
      'resubscribe',
      'missed',
    ]);
  });
});

describe('the Microsoft feed in the workspace adapters', () => {
  it('is there for a real Graph and absent for the sample workspace', async () => {
    const real = await build({ MICROSOFT_GRAPH_URL: 'http://127.0.0.1:9/v1.0' });
    try {
      expect(real.app.workspaceAdapters.feeds.microsoft).toBeInstanceOf(GraphFeedAdapter);
      expect(real.app.workspaceAdapters.feeds.microsoft!.push).toBe(true);
    } finally {
      await real.close();
    }
    const local = await build();
    try {
      expect(local.app.workspaceAdapters.local).toContain('microsoft');
      expect(local.app.workspaceAdapters.feeds.microsoft).toBeUndefined();
    } finally {
      await local.close();
    }
  });
});

describe('POST /v1/hooks/microsoft', () => {
  let graph: GraphFake;
  let close: () => Promise<void>;
  let base: string;
  const adapter = () => new GraphFeedAdapter({ baseUrl: graph.url, timeoutMs: 5000 });
  /** The core's part, played here: the subscription kept, each job's work done at once, deduplicated by marker. */
  const kept = new Map<string, { id: string; secret: string; cursor: string }>();
  const jobs = new Set<string>();
  const done: string[] = [];
  const changes: FeedChange[] = [];
  const port: MicrosoftHookPort = {
    verify: async (externalId, clientState) => {
      const entry = kept.get(externalId);
      return entry && clientStateMatches(entry.secret, clientState) ? { subscriptionId: entry.id } : null;
    },
    notify: async (subscriptionId, marker) => {
      if (jobs.has(marker)) return;
      jobs.add(marker);
      done.push(`sync ${subscriptionId}`);
      const entry = [...kept.values()].find((value) => value.id === subscriptionId)!;
      const synced = await adapter().sync(account, 'calendar', entry.cursor);
      entry.cursor = synced.cursor;
      changes.push(...synced.changes);
    },
    renew: async (subscriptionId) => void done.push(`renew ${subscriptionId}`),
    resubscribe: async (subscriptionId) => void done.push(`resubscribe ${subscriptionId}`),
  };

  beforeAll(async () => {
    graph = await new GraphFake().start();
    graph.calendars = [{ id: 'cal-1', name: 'Calendar', isDefaultCalendar: true }];
    graph.events.set('cal-1', [event('ev-1', 'Standup')]);
    const listen = await freePort();
    base = `http://127.0.0.1:${listen}`;
    // The route over this test's port, beside the app's own (which answers from the database).
    const built = await build({ PUBLIC_URL: base }, (app) => {
      void app.register(async (scope) => microsoftHookRoutes(scope, port), { prefix: '/test-hooks' });
    });
    close = built.close;
    await built.app.listen({ port: listen, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await close();
    await graph.stop();
  });

  it('answers the handshake with the token as text/plain', async () => {
    const response = await fetch(
      `${base}/test-hooks/microsoft?validationToken=${encodeURIComponent('Validation: a+b c')}`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('Validation: a+b c');
  });

  it("is the app's own route too: the handshake answered, a notification for no subscription stored nowhere", async () => {
    const handshake = await fetch(`${base}/v1/hooks/microsoft?validationToken=abc%20123`, { method: 'POST' });
    expect(handshake.status).toBe(200);
    expect(await handshake.text()).toBe('abc 123');
    const unknown = await fetch(`${base}/v1/hooks/microsoft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        value: [{ subscriptionId: 'nobody', clientState: 'guess', changeType: 'updated' }],
      }),
    });
    expect(unknown.status).toBe(202);
  });

  it('end to end: an event changed in Graph, a notification, a delta, the change; forged ones do nothing', async () => {
    const subscribed = await adapter().subscribe(account, 'calendar', {
      channelId: 'chan-1',
      externalId: null,
      cursor: null,
      callbackUrl: `${base}/test-hooks/microsoft`,
      secret: SECRET,
    });
    kept.set(subscribed.externalId!, { id: 'our-sub-1', secret: SECRET, cursor: subscribed.cursor });
    graph.changeEvent(event('ev-1', 'Standup moved', '2026-12-03'));
    expect(await graph.notify(subscribed.externalId!)).toBe(202);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'event.changed',
        eventId: 'ev-1',
        event: expect.objectContaining({ title: 'Standup moved' }),
      }),
    ]);
    // The same delivery again: one job, no second sync.
    expect(await graph.notify(subscribed.externalId!)).toBe(202);
    expect(done).toEqual(['sync our-sub-1']);
    // Forged: a wrong clientState, and an id we never made; answered alike, nothing done.
    expect(await graph.notify(subscribed.externalId!, { clientState: 'guess' })).toBe(202);
    const forged = await fetch(`${base}/test-hooks/microsoft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        value: [{ subscriptionId: 'not-ours', clientState: SECRET, changeType: 'updated' }],
      }),
    });
    expect(forged.status).toBe(202);
    expect(done).toEqual(['sync our-sub-1']);
    // Lifecycle events.
    for (const lifecycleEvent of ['reauthorizationRequired', 'subscriptionRemoved', 'missed'])
      expect(await graph.notify(subscribed.externalId!, { lifecycleEvent })).toBe(202);
    expect(done.slice(1)).toEqual(['renew our-sub-1', 'resubscribe our-sub-1', 'sync our-sub-1']);
  });
});
