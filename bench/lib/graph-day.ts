// The provider day of provider-day.ts against the loopback Microsoft Graph fake
// (apps/server/test/helpers/graph-fake.ts): one person's Outlook calendar and mail, 24 simulated
// hours, every request the fake receives counted. Graph checks a subscription's notification URL
// (the validationToken handshake) and posts its notifications there; the https address is not
// served, so while the day runs this process's fetch hands requests for it to the app
// (app.inject): the fake's own handshake and notifications reach the hook route unchanged.
import type { FastifyInstance } from 'fastify';
import { type FakeMessage, GraphFake } from '../../apps/server/test/helpers/graph-fake';
import { connectOnFake, nextMidnight, type ProviderDayOptions, type ProviderDayReport } from './provider-day';
import { MINUTE, seedPeople, simulatedApp, textsOutcome } from './simulated-day';

const OWNER = 'ada@contoso.example';
const TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const EVENTS = [
  { id: 'standup', at: 9 * 60, subject: 'Standup', location: 'Room 4' },
  { id: 'focus', at: 11 * 60, subject: 'Focus time', location: undefined },
  { id: 'lunch', at: 13 * 60 + 10, subject: 'Lunch with Sam', location: '12 High Street' },
  { id: 'dentist', at: 16 * 60 + 30, subject: 'Dentist', location: '3 Harbour Road' },
];

/** Graph's wall-clock form of an instant in UTC (no offset, seven decimals). */
const graphTime = (ms: number) => new Date(ms).toISOString().replace('Z', '0000');

function event(e: (typeof EVENTS)[number], start: number, shift = 0) {
  const at = start + (e.at + shift) * MINUTE;
  return {
    id: e.id,
    subject: e.subject,
    isAllDay: false,
    type: 'singleInstance' as const,
    showAs: 'busy' as const,
    start: { dateTime: graphTime(at), timeZone: 'UTC' },
    end: { dateTime: graphTime(at + 30 * MINUTE), timeZone: 'UTC' },
    ...(e.location ? { location: { displayName: e.location } } : {}),
  };
}

function mail(n: number, at: number): FakeMessage {
  return {
    id: `AAMk-bench-${n}`,
    conversationId: `AAQk-bench-${n}`,
    subject: `Note ${n}`,
    from: { emailAddress: { address: `sender${n}@example.net`, name: `Sender ${n}` } },
    toRecipients: [{ emailAddress: { address: OWNER } }],
    ccRecipients: [],
    bodyPreview: `Note ${n}`,
    html: `<p>Note ${n}</p>`,
    text: `Note ${n}`,
    receivedDateTime: new Date(at).toISOString().replace('.000', ''),
    isRead: false,
    hasAttachments: false,
  };
}

/** Requests for `base` go to the app in process; everything else to the network as before. */
function routeToApp(app: FastifyInstance, base: string): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(base)) return realFetch(input, init);
    const target = new URL(url);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: `${target.pathname}${target.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: Object.entries(res.headers).map(([k, v]) => [k, String(v)]) as [string, string][],
    });
  }) as typeof fetch;
  return () => {
    globalThis.fetch = realFetch;
  };
}

/** One person's day against the Graph fake; the fake's requests counted. */
export async function graphDay(options: ProviderDayOptions): Promise<ProviderDayReport> {
  const fake = await new GraphFake().start();
  // Graph's page sizes, not the fake's 2 that its pagination tests use.
  fake.pageSize = 250;
  fake.owner = { address: OWNER, name: 'Ada' };
  fake.calendars = [{ id: 'cal-default', name: 'Calendar', isDefaultCalendar: true }];
  const start = nextMidnight();
  const publicUrl =
    options.publicUrl === 'https' ? 'https://relay-bench.example' : 'http://relay-bench.example';
  const sim = await simulatedApp(
    { PUBLIC_URL: publicUrl, MICROSOFT_GRAPH_URL: fake.url, ALLOW_STAND_INS: 'true' },
    start,
  );
  const { app } = sim;
  const restore = routeToApp(app, publicUrl);
  const statuses: Record<string, number> = {};
  let sent = 0;
  try {
    fake.events.set(
      'cal-default',
      EVENTS.map((e) => event(e, start)),
    );
    const { expected } = await seedPeople(sim, 1, { calendar: 'none' });
    await connectOnFake(app, expected[0]!.userId, start, {
      provider: 'microsoft',
      accountId: `${TENANT}:bench-ada`,
      email: OWNER,
      token: GraphFake.TOKEN,
    });
    const changesAt = new Map<number, 'event' | 'mail'>();
    for (let k = 0; k < options.eventChanges; k++)
      changesAt.set(8 * 60 + k * Math.floor(480 / options.eventChanges), 'event');
    for (let k = 0; k < options.mails; k++) {
      let minute = 7 * 60 + 3 + k * Math.floor(840 / options.mails);
      while (changesAt.has(minute)) minute++;
      changesAt.set(minute, 'mail');
    }
    let moved = 0;
    let mails = 0;
    for (let m = 0; m <= 24 * 60; m++) {
      const at = start + m * MINUTE;
      await sim.advanceTo(at);
      const change = changesAt.get(m);
      if (!change) continue;
      if (change === 'event') fake.changeEvent(event(EVENTS[1]!, start, 15 * ++moved));
      else fake.deliver(mail(++mails, at));
      for (const subscription of fake.subscriptions.values()) {
        const about = /messages/i.test(subscription.resource) ? 'mail' : 'event';
        if (about !== change) continue;
        const status = await fake.notify(subscription.id, {
          changeType: change === 'mail' ? 'created' : 'updated',
        });
        sent++;
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      await app.jobs.worker.drain();
    }
    const byPath: Record<string, number> = {};
    for (const request of fake.requests) {
      const path = `${request.method} ${request.path.replace(/\/(events|messages|subscriptions|calendars)\/(?!delta$)[^/]+/, '/$1/{id}')}`;
      byPath[path] = (byPath[path] ?? 0) + 1;
    }
    if (process.env.PROVIDER_DAY_TRACE) {
      const failed = await app.db
        .selectFrom('jobs')
        .select(['kind', 'status', 'attempts', 'last_error'])
        .where('last_error', 'is not', null)
        .execute();
      console.error(failed);
    }
    return {
      ...options,
      requests: fake.requests.length,
      byPath,
      notifications: { sent, statuses },
      texts: await textsOutcome(app, expected),
    };
  } finally {
    restore();
    await sim.close();
    await fake.stop();
  }
}
