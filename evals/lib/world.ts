import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLanguage } from '@app/contract/messages';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { type Env, loadConfig } from '../../apps/server/src/config';
import { instantOf } from '../../apps/server/src/lib/zoned-time';
import { assistantDeps } from '../../apps/server/src/modules/assistant/deps';
import { checkFollowUps } from '../../apps/server/src/modules/assistant/follow-ups/check';
import { schedulingChaseJob } from '../../apps/server/src/modules/assistant/scheduling/ask-others';
import { PROOF_COOKIE } from '../../apps/server/src/modules/auth/phone-proof';
import { usageDeps } from '../../apps/server/src/modules/usage/deps';
import { commitAlone, recordUsage } from '../../apps/server/src/modules/usage/record-usage';
import { searchContacts } from '../../apps/server/src/modules/workspace/contacts';
import { workspaceDeps } from '../../apps/server/src/modules/workspace/deps';
import { sampleOwnerOf } from '../../apps/server/src/providers/sample-workspace/owner';
import { eventItem, mailItem } from '../../apps/server/src/providers/sample-workspace/stored';
import { freePort } from '../../apps/server/test/helpers/process';
import { connectGoogle } from './browser';
import { resolveDay } from './days';
import type { SeedEvent, SeedMail } from './scenario';
import { countingModel, type TokenTally } from './token-count';

/** One person of a scenario: signed in by phone, on the trial, with Google connected. */
export interface Person {
  phone: string;
  userId: string;
  email: string;
  /** The key of their sample workspace (see sample-workspace/owner.ts). */
  owner: string;
  language: TLanguage;
  timeZone: string;
  /** Their session, for the calls the web app makes for them (the Assistant screen's settings). */
  token: string;
}

/**
 * The app as `npm start` runs it in local mode, in this process: SQLite in a temp folder, the
 * local Google issuer (over real HTTP, hence the listening port), SMS into the dev outbox, and
 * the model the environment chooses. Scenarios share it; each gets a new person.
 */
export class World {
  /** Each person signs in from their own address, so the per-IP sign-in limits never trip. */
  private ipCounter = randomInt(1, 4_000_000);
  private loopbackCounter = 256;
  /** Numbers given out in this run: a drawn one seen before would meet its own sign-in limits. */
  private readonly phones = new Set<string>();
  /** How far the app's clock runs ahead of the machine's: scenarios let time pass (`happen`). */
  private aheadMs = 0;
  /** What the model was sent and answered, in o200k_base tokens, since the world started. */
  readonly tokens: TokenTally = { input: 0, output: 0, calls: 0 };

  private constructor(
    readonly app: FastifyInstance,
    readonly base: string,
    private readonly dataDir: string,
  ) {}

  static async start(env: Env): Promise<World> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'relay-evals-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      // Waiting is most of an eval's time: the queue looks for work every 50 ms, not every second.
      JOBS_POLL_INTERVAL_MS: '50',
      // Briefings, reminders and greetings are not what a scenario checks: started unasked
      // during a scenario they would read as a second reply. The first pass comes after an hour.
      ASSISTANT_SCHEDULE_INTERVAL_MS: '3600000',
      // Each person connects Google from an address of their own (X-Forwarded-For): a run
      // signs up more people than OAuth's 60 an hour from one address.
      TRUST_PROXY: '1',
      ...env,
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
    });
    const app = await buildApp(config);
    const world = new World(app, base, dataDir);
    app.clock.now = () => new Date(Date.now() + world.aheadMs);
    try {
      await app.ready();
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
    // The turns read app.llm.model when they run: from now on every call is counted.
    app.llm.model = countingModel(app.llm.model, world.tokens);
    return world;
  }

  /** The texts to the person after one of theirs, oldest first, read from the store (no rate limit). */
  async textsAfter(person: Person, afterId: string): Promise<string[]> {
    const rows = await this.app.db
      .selectFrom('assistant_messages')
      .select('body')
      .where('phone', '=', person.phone)
      .where('direction', '=', 'out')
      .where('id', '>', afterId)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.body);
  }

  /**
   * Whether the job queue is quiet: no job running and none due within `withinMs` on the app's
   * clock. Every text to a person leaves through a job, so none is on its way then.
   */
  async queueQuiet(withinMs: number): Promise<boolean> {
    const horizon = new Date(this.app.clock.now().getTime() + withinMs).toISOString();
    const busy = await this.app.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .where('run_at', '<=', horizon)
      .executeTakeFirst();
    return !busy;
  }

  /** Lets minutes pass on the app's clock (the queue and every use case read it). */
  advance(minutes: number): void {
    this.aheadMs += minutes * 60_000;
  }

  /**
   * The chase of the person's latest asked scheduling request comes due now: its due time brought
   * forward and its job queued, as two working days passing would, without moving the clock the
   * whole run shares (earlier scenarios' reminders and routines would fire). Nothing when none.
   */
  async chaseNow(person: Person): Promise<void> {
    const { app } = this;
    const row = await app.schedulingRepo.latestAsked(person.userId);
    if (!row) return;
    const now = app.clock.now();
    await app.schedulingRepo.update(row.id, 'asked', { chase_due_at: now.toISOString() }, now.toISOString());
    await app.jobs.enqueue(app.db, schedulingChaseJob, {
      key: `scheduling-chase:${row.id}:${now.toISOString()}`,
      payload: { requestId: row.id },
      runAt: now,
    });
  }

  /** Makes the person's sample workspace move, through the dev route /dev/phone uses. */
  async sampleReply(person: Person, who: string): Promise<void> {
    await this.call({
      method: 'POST',
      url: '/v1/dev/sample/change',
      payload: { phone: person.phone, change: { kind: 'reply', who } },
    });
  }

  /** The first attendee of the latest scheduling request answers it (the dev route /dev/phone uses). */
  /** false: no request of the person waits on answers (a misbehaving model asked none). */
  async schedulingReply(
    person: Person,
    answer: { kind: 'pick'; slot: number } | { kind: 'other_time'; text?: string | undefined },
  ): Promise<boolean> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/v1/dev/sample/scheduling-reply',
      payload: { phone: person.phone, answer },
    });
    if (res.statusCode === 404) return false;
    if (res.statusCode !== 200) throw new Error(`scheduling-reply answered ${res.statusCode}: ${res.body}`);
    return true;
  }

  /** A new mail from a contact, in a thread of its own, through the same dev route. */
  async sampleMail(person: Person, mail: { from: string; subject?: string; text?: string }): Promise<void> {
    await this.call({
      method: 'POST',
      url: '/v1/dev/sample/change',
      payload: {
        phone: person.phone,
        change: {
          kind: 'mail',
          who: mail.from,
          ...(mail.subject ? { subject: mail.subject } : {}),
          ...(mail.text ? { text: mail.text } : {}),
        },
      },
    });
  }

  /** A contact's invitation, at a local time of the person's (`start`, `YYYY-MM-DDTHH:mm`). */
  async sampleInvite(
    person: Person,
    invite: { from: string; title?: string; start: string; minutes: number },
  ): Promise<void> {
    await this.call({
      method: 'POST',
      url: '/v1/dev/sample/change',
      payload: {
        phone: person.phone,
        change: {
          kind: 'invite',
          who: invite.from,
          ...(invite.title ? { title: invite.title } : {}),
          start: instantOf(invite.start, person.timeZone).toISOString(),
          minutes: invite.minutes,
        },
      },
    });
  }

  /**
   * The follow-ups' part of the scheduling pass, once, now (the scenarios' app runs the pass
   * only hourly, so that briefings never read as a second reply).
   */
  async checkFollowUps(): Promise<void> {
    const { app } = this;
    await checkFollowUps(
      {
        ...assistantDeps(app),
        jobs: app.jobs,
        log: app.log,
        db: app.db,
        calendarsFollowed: (userId) => app.changeFeed.calendarsFollowed(userId),
      },
      app.clock.now(),
    );
  }

  async stop(): Promise<void> {
    await this.app.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The model's name as the turns record it (`local stand-in`, `openai-compatible:...`). */
  get modelName(): string {
    return this.app.llm.name;
  }

  private freshLoopback(): string {
    this.loopbackCounter += 1;
    const n = this.loopbackCounter;
    return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
  }

  private freshIp(): string {
    this.ipCounter += 1;
    const n = this.ipCounter;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  private async call(options: InjectOptions, expected = 200) {
    const res = await this.app.inject(options);
    if (res.statusCode !== expected)
      throw new Error(`${options.method} ${options.url} answered ${res.statusCode}: ${res.body}`);
    return res;
  }

  /**
   * A new person, through the same calls a browser makes: a code texted to a new number (read
   * from the dev outbox), the trial, and Google connected through the local issuer. Language and
   * zone are set before the first workspace call, which makes the sample in that language.
   */
  async newPerson(
    language: TLanguage,
    timeZone: string,
    label: string,
    options: { trial?: boolean } = {},
  ): Promise<Person> {
    let phone: string;
    do phone = `+61416${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    while (this.phones.has(phone));
    this.phones.add(phone);
    const ip = this.freshIp();
    await this.call({
      method: 'POST',
      url: '/v1/api/send-verification-code',
      payload: { phoneNumber: phone },
      remoteAddress: ip,
    });
    const [texted] = await this.app.devOutbox.list({ to: phone, limit: 1 });
    const code = /\b(\d{5})\b/.exec(texted?.body ?? '')?.[1];
    if (!code) throw new Error(`no sign-in code was texted to ${phone}`);
    const verified = await this.call({
      method: 'POST',
      url: '/v1/api/verify-code',
      payload: { phoneNumber: phone, code },
      remoteAddress: ip,
    });
    let token: string | undefined = verified.json().sessionToken;
    if (!token) {
      const proof = verified.cookies.find((c) => c.name === PROOF_COOKIE);
      const session = await this.call({
        method: 'POST',
        url: '/v1/auth/phone-session',
        payload: { verifiedPhoneToken: verified.json().verifiedPhoneToken },
        remoteAddress: ip,
        headers: proof ? { cookie: `${proof.name}=${proof.value}` } : {},
      });
      token = session.json().sessionToken as string;
    }
    const auth = { authorization: `Bearer ${token}` };
    const me = await this.call({ method: 'GET', url: '/v1/auth/me', headers: auth });
    const userId = me.json().user.id as string;
    // No screen sets these yet; the repository is what the assistant's own settings tool uses.
    await this.app.usersRepo.update(userId, { language, updated_at: new Date().toISOString() });
    await this.app.usersRepo.setTimeZone(userId, timeZone);
    if (options.trial ?? true)
      await this.call({ method: 'POST', url: '/v1/billing/activate-trial', headers: auth });
    const email = `${label}-${randomInt(0, 1_000_000)}@example.com`;
    await connectGoogle(this.base, token, email, language === 'zh' ? '林小雨' : 'Ada Lovelace', ip);
    const connection = await this.app.db
      .selectFrom('connections')
      .select('provider_account_id')
      .where('user_id', '=', userId)
      .where('provider', '=', 'google')
      .executeTakeFirstOrThrow();
    // The first workspace call makes the sample, as the assistant's first tool call would.
    const { failures } = await searchContacts(workspaceDeps(this.app), {
      userId,
      query: { q: 'a', limit: 1 },
    });
    if (failures.length > 0) throw new Error(`the sample workspace did not open: ${failures[0]!.message}`);
    return {
      phone,
      userId,
      email,
      owner: sampleOwnerOf('google', connection.provider_account_id),
      language,
      timeZone,
      token,
    };
  }

  /** Records the trial's whole allowance as used, as the assistant's turns would have. */
  async useUpAllowance(person: Person): Promise<void> {
    const deps = usageDeps(this.app);
    await recordUsage(
      { ...deps, logAccess: async () => undefined, commit: commitAlone(deps) },
      {
        userId: person.userId,
        tokens: 20_000,
        idempotencyKey: `eval-used-up:${person.userId}`,
        occurredAt: this.app.clock.now().toISOString(),
        log: this.app.log,
      },
    );
  }

  /** Changes the assistant's settings as the Assistant screen does. */
  async changeSettings(person: Person, changes: Record<string, unknown>): Promise<void> {
    const res = await this.call({
      method: 'PATCH',
      url: '/v1/assistant/settings',
      headers: { authorization: `Bearer ${person.token}` },
      payload: changes,
    });
    if (res.statusCode !== 200) throw new Error(`the settings were refused: ${res.body}`);
  }

  /** Adds a scenario's own mails and events to the person's sample workspace. */
  async seed(person: Person, today: string, seed: { mails: SeedMail[]; events: SeedEvent[] }): Promise<void> {
    const now = this.app.clock.now();
    const nowIso = now.toISOString();
    for (const [index, mail] of seed.mails.entries()) {
      const item = mailItem({
        id: `mail-eval-${index}`,
        threadId: `thread-eval-${index}`,
        folder: 'inbox',
        from: { email: mail.from.email, name: mail.from.name ?? null },
        to: [{ email: person.email, name: null }],
        cc: [],
        bcc: [],
        subject: mail.subject,
        text: mail.text,
        date: new Date(now.getTime() - mail.minutesAgo * 60_000).toISOString(),
        unread: mail.unread,
        attachments: [],
        messageId: `<eval-${index}@mail.example.com>`,
        references: [],
      });
      await this.app.sampleWorkspace.put(person.owner, item, nowIso);
    }
    for (const [index, event] of seed.events.entries()) {
      const date = resolveDay(event.on, today);
      const timed = event.at
        ? (() => {
            const start = instantOf(`${date}T${event.at}`, person.timeZone);
            return {
              start: start.toISOString(),
              end: new Date(start.getTime() + event.minutes * 60_000).toISOString(),
            };
          })()
        : null;
      const item = eventItem({
        id: `eval-${index}-${date}`,
        calendarId: 'primary',
        title: event.title,
        start: timed?.start ?? date,
        end: timed?.end ?? resolveDay('+1', date),
        allDay: timed === null,
        timeZone: timed ? person.timeZone : null,
        location: event.location ?? null,
        description: event.description ?? null,
        attendees: event.attendees.map((address) => ({
          email: address,
          name: null,
          response: 'needs_action',
        })),
        organizer: person.email,
        recurring: false,
      });
      await this.app.sampleWorkspace.put(person.owner, item, nowIso);
    }
  }

  /** A text from the person's phone, through the simulated phone's route. */
  async text(person: Person, body: string): Promise<string> {
    const res = await this.call({
      method: 'POST',
      url: '/v1/dev/sms/inbound',
      payload: { from: person.phone, body },
    });
    return res.json().messageId as string;
  }

  /** The person's chat after one of their texts, as the simulated phone shows it. */
  async conversationAfter(
    person: Person,
    afterId: string,
  ): Promise<{ id: string; direction: string; body: string; status: string | null }[]> {
    const res = await this.call({
      method: 'GET',
      url: `/v1/dev/sms/conversation?phone=${encodeURIComponent(person.phone)}&after=${afterId}`,
      // A loopback address of its own per read: the run reads every scenario's chat again at its
      // end, hundreds of reads in a few seconds from one lane, which the per-address limit refused.
      remoteAddress: this.freshLoopback(),
    });
    return res.json().messages;
  }

  /**
   * Waits until a text has been answered (a turn, the gate, or the apology after the last
   * retry marked it) and every reply queued for the number has left. False at the deadline.
   */
  async answered(person: Person, messageId: string, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await this.app.assistantRepo.findMessage(messageId);
      if (row?.turn_id) {
        const queued = await this.app.db
          .selectFrom('assistant_messages')
          .select('id')
          .where('phone', '=', person.phone)
          .where('direction', '=', 'out')
          .where('status', '=', 'queued')
          .executeTakeFirst();
        if (!queued) return true;
      }
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
