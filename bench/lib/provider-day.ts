// The provider side of the simulated day (issue 31, part 5): one person whose calendar and mail
// are on the loopback Google fake (apps/server/test/helpers/google-fake.ts, a real HTTP server
// speaking Calendar v3 and Gmail v1), walked through 24 simulated hours as simulated-day.ts walks
// its people, counting every request the fake receives. Run from simulated-day.ts; exported for
// the live bench.
//
// Google posts push notifications only to an https address, so with an https PUBLIC_URL the app
// starts an events.watch channel and a Gmail users.watch; the address is not served, so this
// script delivers each notification to the app's hook routes itself (app.inject), with the
// headers or the signed Pub/Sub envelope the fake would post. With a plain-http PUBLIC_URL no
// push starts, which is what the old design saw for everyone.
import type { FastifyInstance } from 'fastify';
import { newId } from '../../apps/server/src/lib/ids';
import { sealToken } from '../../apps/server/src/modules/connections/sealed-tokens';
import { PROVIDER_SCOPES } from '../../apps/server/src/providers/identity/identity';
import { type FakeMessage, GoogleFake, TOKENS } from '../../apps/server/test/helpers/google-fake';
import { MINUTE, seedPeople, simulatedApp, type TextsOutcome, textsOutcome } from './simulated-day';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MAILBOX = 'ada@example.com';
const SERVICE_ACCOUNT = 'gmail-push@relay-bench.iam.gserviceaccount.com';
const TOPIC = 'projects/relay-bench/topics/gmail-push';
/** The person's events (UTC): those with a place get a reminder. */
const EVENTS = [
  { id: 'standup', at: 9 * 60, summary: 'Standup', location: 'Room 4' },
  { id: 'focus', at: 11 * 60, summary: 'Focus time', location: undefined },
  { id: 'lunch', at: 13 * 60 + 10, summary: 'Lunch with Sam', location: '12 High Street' },
  { id: 'dentist', at: 16 * 60 + 30, summary: 'Dentist', location: '3 Harbour Road' },
];

export interface ProviderDayOptions {
  /** 'https': push feeds start; 'http': none can, the periodic look serves the person. */
  publicUrl: 'https' | 'http';
  /** Event changes through the day, each told by a Calendar notification. */
  eventChanges: number;
  /** Mails arriving through the day, each told by a Gmail Pub/Sub push. */
  mails: number;
}

export interface ProviderDayReport extends ProviderDayOptions {
  /** Requests the fake received for the person over the 24 hours (the connect's included). */
  requests: number;
  /** The same, by API, method and path with ids taken out. */
  byPath: Record<string, number>;
  /** Notifications delivered to the hook routes, and what they answered. */
  notifications: { sent: number; statuses: Record<string, number> };
  texts: TextsOutcome;
}

/** `GET calendar /calendars/{id}/events`: a request's path with its ids taken out. */
function pathOf(request: { method: string; api: string | null; path: string }): string {
  const path = request.path
    .replace(/\/calendars\/[^/]+/, '/calendars/{id}')
    .replace(/\/events\/(?!watch$)[^/]+/, '/events/{id}')
    .replace(/\/messages\/[^/]+/, '/messages/{id}')
    .replace(/\/threads\/[^/]+/, '/threads/{id}')
    .replace(/\/calendarList\/[^/]+/, '/calendarList/{id}');
  return `${request.method} ${request.api ?? '?'} ${path}`;
}

function mail(n: number, at: number): FakeMessage {
  const date = new Date(at);
  return {
    // Gmail's ids are hex; the fake refuses others as Gmail does.
    id: (0xa000 + n).toString(16),
    threadId: (0xa000 + n).toString(16),
    labelIds: ['INBOX', 'UNREAD'],
    snippet: `Note ${n}`,
    internalDate: String(at),
    payload: {
      mimeType: 'text/plain',
      headers: [
        { name: 'From', value: `Sender ${n} <sender${n}@example.net>` },
        { name: 'To', value: MAILBOX },
        { name: 'Subject', value: `Note ${n}` },
        { name: 'Date', value: date.toUTCString() },
      ],
      body: { size: 6, data: Buffer.from(`Note ${n}`).toString('base64url') },
    },
  };
}

/** Google's own first midnight (UTC) after now: the fake stamps channels with the real clock. */
export function nextMidnight(now = Date.now()): number {
  return Math.ceil(now / DAY) * DAY;
}

/** An account on a provider's fake, as a sign-in would leave it. */
export interface FakeAccount {
  provider: 'google' | 'microsoft';
  accountId: string;
  email: string;
  token: string;
}

/**
 * Connects the person's account on the fake, as a sign-in would leave it, and tells the
 * connection's lifecycle, so its feeds start as after a real sign-in. The token is good for the
 * whole run: token refreshes are not what the provider day counts.
 */
export async function connectOnFake(
  app: FastifyInstance,
  userId: string,
  at: number,
  account: FakeAccount,
): Promise<void> {
  const id = newId();
  const iso = new Date(at).toISOString();
  const scopes = PROVIDER_SCOPES[account.provider];
  await app.db
    .insertInto('connections')
    .values({
      id,
      user_id: userId,
      provider: account.provider,
      provider_account_id: account.accountId,
      email: account.email,
      name: 'Ada',
      granted_scopes: scopes.requested.join(' '),
      access_token: sealToken(app.secretBox, id, 'access', account.token),
      refresh_token: null,
      expires_at: new Date(at + 30 * DAY).toISOString(),
      status: 'connected',
      status_reason: null,
      created_at: iso,
      updated_at: iso,
      last_used_at: iso,
    })
    .execute();
  await app.db
    .insertInto('connection_services')
    .values(
      Object.keys(scopes.services).map((service) => ({
        connection_id: id,
        service_type: service as 'email' | 'calendar' | 'contacts',
        is_enabled: 1,
        permissions: 'read write',
        metadata: '{}',
        updated_at: iso,
      })),
    )
    .execute();
  const connection = await app.connectionsRepo.findById(id);
  if (!connection) throw new Error('the seeded connection is not there');
  await app.connectionLifecycle.connected(connection);
}

/** One person's day against the Google fake; the fake's requests counted. */
export async function providerDay(options: ProviderDayOptions): Promise<ProviderDayReport> {
  const fake = await new GoogleFake().start();
  // Google's page sizes (events.list up to 250), not the fake's 2 that its pagination tests use.
  fake.pageSize = 250;
  fake.gmailAddress = MAILBOX;
  fake.calendars.push({ id: MAILBOX, summary: 'Ada', timeZone: 'UTC', accessRole: 'owner', primary: true });
  const start = nextMidnight();
  const publicUrl =
    options.publicUrl === 'https' ? 'https://relay-bench.example' : 'http://relay-bench.example';
  const sim = await simulatedApp(
    {
      PUBLIC_URL: publicUrl,
      GOOGLE_CALENDAR_API_URL: fake.calendarUrl,
      GMAIL_API_URL: fake.gmailUrl,
      GOOGLE_PEOPLE_API_URL: fake.peopleUrl,
      GOOGLE_PUBSUB_TOPIC: TOPIC,
      GOOGLE_PUBSUB_AUDIENCE: `${publicUrl}/v1/hooks/google/gmail`,
      GOOGLE_PUBSUB_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
      GOOGLE_JWKS_URL: fake.jwksUrl,
      // An https address is not a loopback one; the other services stay on their stand-ins.
      ALLOW_STAND_INS: 'true',
    },
    start,
  );
  const { app } = sim;
  const statuses: Record<string, number> = {};
  let sent = 0;
  const count = (status: number) => {
    sent++;
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  try {
    for (const e of EVENTS)
      fake.putEvent(MAILBOX, {
        id: e.id,
        status: 'confirmed',
        summary: e.summary,
        ...(e.location ? { location: e.location } : {}),
        start: { dateTime: new Date(start + e.at * MINUTE).toISOString() },
        end: { dateTime: new Date(start + (e.at + 30) * MINUTE).toISOString() },
      });
    // One person in UTC (person 0 of the ZONES cycle), no calendar of the sample workspace.
    const { expected } = await seedPeople(sim, 1, { calendar: 'none' });
    const person = expected[0]!;
    await connectOnFake(app, person.userId, start, {
      provider: 'google',
      accountId: 'google-bench-ada',
      email: MAILBOX,
      token: TOKENS.first,
    });

    // The changes: event changes spread over the working day (the focus block moved by 15
    // minutes each time, so the reminders expected stay the same), mails every so often.
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
      if (change === 'event') {
        moved++;
        const focus = EVENTS[1]!;
        fake.putEvent(MAILBOX, {
          id: focus.id,
          status: 'confirmed',
          summary: focus.summary,
          start: { dateTime: new Date(start + (focus.at + 15 * moved) * MINUTE).toISOString() },
          end: { dateTime: new Date(start + (focus.at + 15 * moved + 30) * MINUTE).toISOString() },
        });
        for (const channel of fake.liveChannels(MAILBOX)) {
          channel.messageNumber += 1;
          const res = await app.inject({
            method: 'POST',
            url: '/v1/hooks/google/calendar',
            headers: {
              'x-goog-channel-id': channel.id,
              'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
              'x-goog-resource-id': channel.resourceId,
              'x-goog-resource-uri': `${fake.calendarUrl}/calendars/${encodeURIComponent(MAILBOX)}/events?alt=json`,
              'x-goog-resource-state': 'exists',
              'x-goog-message-number': String(channel.messageNumber),
              ...(channel.token !== undefined ? { 'x-goog-channel-token': channel.token } : {}),
            },
          });
          count(res.statusCode);
        }
      } else if (change === 'mail') {
        mails++;
        fake.deliver(mail(mails, at));
        if (fake.gmailWatch) {
          const token = await fake.pushToken({
            audience: `${publicUrl}/v1/hooks/google/gmail`,
            email: SERVICE_ACCOUNT,
          });
          const messageId = `push-${mails}`;
          const res = await app.inject({
            method: 'POST',
            url: '/v1/hooks/google/gmail',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            payload: JSON.stringify({
              message: {
                data: Buffer.from(
                  JSON.stringify({ emailAddress: MAILBOX, historyId: fake.historyId }),
                ).toString('base64'),
                messageId,
                message_id: messageId,
                publishTime: new Date(at).toISOString(),
              },
              subscription: 'projects/relay-bench/subscriptions/gmail-push',
            }),
          });
          count(res.statusCode);
        }
      }
      // A notification's sync job runs in the minute it arrived.
      if (change) await app.jobs.worker.drain();
    }
    if (process.env.PROVIDER_DAY_TRACE) {
      for (const r of fake.requests) console.error(r.method, r.api, r.path, r.query.toString());
      const failed = await app.db
        .selectFrom('jobs')
        .select(['kind', 'status', 'attempts', 'last_error'])
        .where('last_error', 'is not', null)
        .execute();
      console.error(failed);
    }
    const byPath: Record<string, number> = {};
    for (const request of fake.requests) byPath[pathOf(request)] = (byPath[pathOf(request)] ?? 0) + 1;
    return {
      ...options,
      requests: fake.requests.length,
      byPath,
      notifications: { sent, statuses },
      texts: await textsOutcome(app, expected),
    };
  } finally {
    await sim.close();
    await fake.stop();
  }
}
