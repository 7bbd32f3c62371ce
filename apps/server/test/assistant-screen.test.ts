import {
  ZAssistantActionsResponse,
  ZAssistantMessagesResponse,
  ZAssistantSettingsResponse,
  ZDecideApprovalResponse,
  ZPendingApprovalsResponse,
} from '@app/contract/assistant/screen';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistantDeps } from '../src/modules/assistant/deps';
import { DECISIONS_PER_HOUR, SETTINGS_CHANGES_PER_HOUR } from '../src/modules/assistant/screen-routes';
import { segmentsOf } from '../src/providers/sms/segments';
import { assistantPerson, newMobile, textFrom, textsTo, waitForTexts } from './helpers/assistant-person';
import { bearer, signIn } from './helpers/auth';
import { build, usingPostgres } from './helpers/build';
import { freePort } from './helpers/process';
import { scriptedLlm } from './helpers/scripted-llm';

/**
 * The Assistant screen's calls (issue 22) over the app as `npm start` runs it in local mode (the
 * dev outbox for SMS, the local Google issuer and its sample workspace), with a scripted model
 * behind the real OpenAI-compatible adapter, so a test decides what the assistant asks.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
const llm = scriptedLlm();

beforeAll(async () => {
  const llmUrl = await llm.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({
    PUBLIC_URL: base,
    LLM_BASE_URL: llmUrl,
    LLM_MODEL: 'scripted',
    JOBS_POLL_INTERVAL_MS: '50',
    ASSISTANT_RETRY_BASE_MS: '20',
  }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await close();
  await llm.stop();
});
beforeEach(() => llm.script([]));

const call = (method: InjectOptions['method'], url: string, token?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  });

/** A title no sample event has, so the events with it are the ones these tests made. */
const TITLE = 'Harbour lunch with Sam';
const tomorrowNoon = () => `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T12:00`;
const bookLunch = () => ({
  tools: [
    {
      name: 'calendar_create_event',
      arguments: JSON.stringify({ title: TITLE, start: tomorrowNoon(), attendees: ['sam@example.com'] }),
    },
  ],
});

/** Events with that title in the sample workspace, whoever owns them. */
async function lunches(): Promise<number> {
  const rows = await app.db
    .selectFrom('sample_workspace_items')
    .select('data')
    .where('kind', '=', 'event')
    .execute();
  return rows.filter((r) => (JSON.parse(r.data) as { title: string }).title === TITLE).length;
}

/** A person whose assistant asked to book lunch and waits for the YES. */
async function withPendingBooking() {
  const person = await assistantPerson(app, base);
  llm.script([bookLunch()]);
  await textFrom(app, person.phone, 'book lunch with Sam tomorrow at 12');
  const [ask] = await waitForTexts(app, person.phone, 1);
  expect(ask).toMatch(/Reply YES to confirm/);
  const pending = ZPendingApprovalsResponse.parse(
    (await call('GET', '/v1/assistant/approvals', person.token)).json(),
  );
  expect(pending.approvals).toHaveLength(1);
  return { ...person, approval: pending.approvals[0]! };
}

describe(`GET and PATCH /v1/assistant/settings on ${usingPostgres ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('answers the defaults, takes the browser zone while none is set, and never overwrites a chosen one', async () => {
    const token = await signIn(app, newMobile('+61419'));
    const first = await call('GET', '/v1/assistant/settings?timeZone=Australia%2FSydney', token);
    expect(first.statusCode, first.body).toBe(200);
    const body = ZAssistantSettingsResponse.parse(first.json());
    expect(body.settings).toEqual({
      paused: false,
      timeZone: 'Australia/Sydney',
      language: 'en',
      quietHours: { start: '22:00', end: '07:00' },
      briefingTime: '07:30',
      reminderLeadMinutes: 15,
      // Help texts are opt-in (issue 31, part 4): all off until the person turns one on.
      helpTexts: { replies: false, important: false, overlaps: false },
    });
    expect(body.phone).toMatch(/^\+61419/);
    const later = (await call('GET', '/v1/assistant/settings?timeZone=Europe%2FLondon', token)).json();
    expect(later.settings.timeZone).toBe('Australia/Sydney');
  });

  it('changes only what is named, and the next GET shows it', async () => {
    const { token } = await assistantPerson(app, base, { google: false, trial: false });
    const changed = await call('PATCH', '/v1/assistant/settings', token, {
      paused: true,
      briefingTime: null,
      quietHours: { start: '21:30', end: '06:45' },
      language: 'zh',
      timeZone: 'America/New_York',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = ZAssistantSettingsResponse.parse(
      (await call('GET', '/v1/assistant/settings', token)).json(),
    );
    expect(again.settings).toEqual({
      paused: true,
      timeZone: 'America/New_York',
      language: 'zh',
      quietHours: { start: '21:30', end: '06:45' },
      briefingTime: null,
      reminderLeadMinutes: 15,
      helpTexts: { replies: false, important: false, overlaps: false },
    });
    await call('PATCH', '/v1/assistant/settings', token, { reminderLeadMinutes: 60, quietHours: null });
    const last = ZAssistantSettingsResponse.parse(
      (await call('GET', '/v1/assistant/settings', token)).json(),
    );
    expect(last.settings).toMatchObject({ paused: true, reminderLeadMinutes: 60, quietHours: null });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { token } = await assistantPerson(app, base, { google: false, trial: false });
    for (const payload of [
      {},
      { briefingTime: '7:30' },
      { briefingTime: '24:00' },
      { reminderLeadMinutes: 7 },
      { quietHours: { start: '22:00' } },
      { timeZone: 'Mars/Olympus' },
      { language: 'fr' },
      { paused: 'yes' },
    ]) {
      const res = await call('PATCH', '/v1/assistant/settings', token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', '/v1/assistant/settings?timeZone=Nowhere', token)).statusCode).toBe(400);
    const settings = (await call('GET', '/v1/assistant/settings', token)).json().settings;
    expect(settings.briefingTime).toBe('07:30');
  });

  it(`allows ${SETTINGS_CHANGES_PER_HOUR} changes an hour per session`, async () => {
    const { token } = await assistantPerson(app, base, { google: false, trial: false });
    for (let i = 0; i < SETTINGS_CHANGES_PER_HOUR; i += 1)
      expect((await call('PATCH', '/v1/assistant/settings', token, { paused: i % 2 === 0 })).statusCode).toBe(
        200,
      );
    const refused = await call('PATCH', '/v1/assistant/settings', token, { paused: false });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('GET /v1/assistant/messages', () => {
  it('pages back through the conversation, oldest first within a page, and shows a cut answer whole', async () => {
    const { phone, token } = await assistantPerson(app, base);
    const long = `${'This is a long answer that goes on. '.repeat(20)}The end.`;
    llm.script([{ text: 'First answer.' }, { text: long }]);
    await textFrom(app, phone, 'hello');
    await waitForTexts(app, phone, 1);
    await textFrom(app, phone, 'tell me more');
    const sent = await waitForTexts(app, phone, 2);
    expect(sent[1]).toContain(`${base}/assistant`);
    expect(sent[1]!.length).toBeLessThan(long.length);

    const all = ZAssistantMessagesResponse.parse((await call('GET', '/v1/assistant/messages', token)).json());
    expect(all.hasMore).toBe(false);
    expect(all.messages.map((m) => [m.direction, m.kind, m.body])).toEqual([
      ['in', 'text', 'hello'],
      ['out', 'reply', 'First answer.'],
      ['in', 'text', 'tell me more'],
      ['out', 'reply', long],
    ]);

    const newest = ZAssistantMessagesResponse.parse(
      (await call('GET', '/v1/assistant/messages?limit=3', token)).json(),
    );
    expect(newest.messages.map((m) => m.body)).toEqual(['First answer.', 'tell me more', long]);
    expect(newest.hasMore).toBe(true);
    const older = ZAssistantMessagesResponse.parse(
      (await call('GET', `/v1/assistant/messages?limit=3&before=${newest.messages[0]!.id}`, token)).json(),
    );
    expect(older.messages.map((m) => m.body)).toEqual(['hello']);
    expect(older.hasMore).toBe(false);
  });

  it('shows whole what the model said beside an approval request when its text had to cut it', async () => {
    const { phone, token } = await assistantPerson(app, base);
    const note = `${'Sam is free then, and so is the room by the harbour. '.repeat(12)}The end.`;
    llm.script([{ ...bookLunch(), text: note }]);
    await textFrom(app, phone, 'book lunch with Sam tomorrow at 12');
    // Two texts (decision 291): what the model said first, then the request for the YES.
    const sent = await waitForTexts(app, phone, 2);
    expect(sent).toHaveLength(2);
    const [said, ask] = sent;
    // The model's words, too long for a text: cut to 3 segments, saying where the rest is.
    expect(said).toMatch(/^Sam is free then/);
    expect(said).not.toContain('The end.');
    expect(segmentsOf(said!).segments).toBeLessThanOrEqual(3);
    expect(said).toContain(`${base}/assistant`);
    // The request is a text of its own, written by code alone: none of the model's words in it,
    // nothing of it cut.
    expect(ask).toMatch(
      /^New event, invitations to sam@example\.com\nNew to you \(not in your contacts or mail you sent\): sam@example\.com\n"Harbour lunch with Sam", [^\n]*12:00[^\n]*\nReply YES to confirm, NO to cancel\.$/,
    );
    expect(ask).not.toContain('Sam is free');
    expect(segmentsOf(ask!).segments).toBeLessThanOrEqual(3);

    // The screen shows the model's words whole (kept as full_body), and the request as sent.
    const { messages } = ZAssistantMessagesResponse.parse(
      (await call('GET', '/v1/assistant/messages', token)).json(),
    );
    expect(messages.filter((m) => m.direction === 'out').map((m) => [m.kind, m.body])).toEqual([
      ['reply', note],
      ['approval', ask],
    ]);
    const rows = await app.db
      .selectFrom('assistant_messages')
      .select(['kind', 'body', 'full_body'])
      .where('phone', '=', phone)
      .where('direction', '=', 'out')
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => [row.kind, row.body, row.full_body])).toEqual([
      ['reply', said, note],
      ['approval', ask, null],
    ]);
  });

  it("shows nobody else's texts, and refuses bad paging with 400", async () => {
    const ana = await assistantPerson(app, base);
    const bob = await assistantPerson(app, base, { google: false });
    llm.script([{ text: 'For Ana only.' }]);
    await textFrom(app, ana.phone, 'secret plans');
    await waitForTexts(app, ana.phone, 1);
    const bobs = ZAssistantMessagesResponse.parse(
      (await call('GET', '/v1/assistant/messages', bob.token)).json(),
    );
    expect(bobs.messages).toEqual([]);
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=ten',
      `before=${'x'.repeat(65)}`,
      'before=',
      'before=%00',
    ])
      expect((await call('GET', `/v1/assistant/messages?${query}`, ana.token)).statusCode, query).toBe(400);
  });
});

describe('approvals on the web', () => {
  it('lists what waits with its details, approves it once, and shows it among the actions', async () => {
    const before = await lunches();
    const { token, approval } = await withPendingBooking();
    expect(approval).toMatchObject({
      kind: 'create_event',
      title: TITLE,
      recipients: ['sam@example.com'],
      status: 'pending',
      decidedVia: null,
    });
    expect(approval.preview).toContain(TITLE);
    expect(approval.when).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(approval.calendar).toMatch(/@example\.com/);

    const approved = await call('POST', `/v1/assistant/approvals/${approval.id}/approve`, token);
    expect(approved.statusCode, approved.body).toBe(200);
    const body = ZDecideApprovalResponse.parse(approved.json());
    expect(body.message).toMatch(/^Done: /);
    expect(body.approval).toMatchObject({ status: 'done', decidedVia: 'web' });
    expect(await lunches()).toBe(before + 1);

    const again = await call('POST', `/v1/assistant/approvals/${approval.id}/approve`, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    expect((await call('POST', `/v1/assistant/approvals/${approval.id}/decline`, token)).statusCode).toBe(
      409,
    );
    expect(await lunches()).toBe(before + 1);

    const pending = ZPendingApprovalsResponse.parse(
      (await call('GET', '/v1/assistant/approvals', token)).json(),
    );
    expect(pending.approvals).toEqual([]);
    const actions = ZAssistantActionsResponse.parse(
      (await call('GET', '/v1/assistant/actions', token)).json(),
    );
    expect(actions.actions).toHaveLength(1);
    expect(actions.actions[0]).toMatchObject({ id: approval.id, status: 'done', decidedVia: 'web' });
    // The calendar the event went into (the sample workspace's is named after its account).
    expect(actions.actions[0]!.calendar).toContain('@example.com');
    expect(actions.hasMore).toBe(false);
  });

  it('declines in the words a NO by text gets, and nothing is created', async () => {
    const before = await lunches();
    const { token, approval } = await withPendingBooking();
    const declined = await call('POST', `/v1/assistant/approvals/${approval.id}/decline`, token);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().message).toBe('Cancelled. Nothing was sent or changed.');
    expect(declined.json().approval).toMatchObject({ status: 'declined', decidedVia: 'web' });
    expect(await lunches()).toBe(before);
    const actions = ZAssistantActionsResponse.parse(
      (await call('GET', '/v1/assistant/actions', token)).json(),
    );
    expect(actions.actions).toEqual([]);
  });

  it('texts the person what was decided on the web, so the thread no longer ends with "Reply YES"', async () => {
    const { phone, token, approval } = await withPendingBooking();
    expect((await call('POST', `/v1/assistant/approvals/${approval.id}/approve`, token)).statusCode).toBe(
      200,
    );
    const texts = await waitForTexts(app, phone, 2);
    expect(texts).toEqual([
      expect.stringMatching(/Reply YES to confirm/),
      `Approved on the web: ${approval.preview.replace(/–/g, '-')}`,
    ]);

    const other = await withPendingBooking();
    expect(
      (await call('POST', `/v1/assistant/approvals/${other.approval.id}/decline`, other.token)).statusCode,
    ).toBe(200);
    expect((await waitForTexts(app, other.phone, 2))[1]).toBe(
      `Declined on the web: ${other.approval.preview.replace(/–/g, '-')}. Nothing was sent or changed.`,
    );
  });

  it("texts a web decision in the person's language", async () => {
    const person = await assistantPerson(app, base, { language: 'zh' });
    llm.script([bookLunch()]);
    await textFrom(app, person.phone, '明天12点和Sam吃午饭');
    const [ask] = await waitForTexts(app, person.phone, 1);
    expect(ask).toMatch(/回复“是”确认，回复“否”取消。$/);
    const pending = ZPendingApprovalsResponse.parse(
      (await call('GET', '/v1/assistant/approvals', person.token)).json(),
    );
    const id = pending.approvals[0]!.id;
    expect((await call('POST', `/v1/assistant/approvals/${id}/approve`, person.token)).statusCode).toBe(200);
    // In Chinese, naming what was approved as its request did (the preview).
    expect((await waitForTexts(app, person.phone, 2))[1]).toMatch(
      /^已在网页上批准：新日程，邀请发给 sam@example\.com\n“Harbour lunch with Sam”，/,
    );
  });

  it('sends nothing about a web decision to a number that said STOP', async () => {
    const { phone, token, approval } = await withPendingBooking();
    await textFrom(app, phone, 'STOP');
    expect((await waitForTexts(app, phone, 2))[1]).toMatch(/unsubscribed/);
    // STOP withdrew the request: the screen finds nothing to approve, and nothing more is sent.
    expect((await call('POST', `/v1/assistant/approvals/${approval.id}/approve`, token)).statusCode).toBe(
      409,
    );
    // Opted out another way (the carrier's list, another instance) while the request waits.
    const quiet = await withPendingBooking();
    await app.db
      .insertInto('sms_opt_outs')
      .values({
        phone_hash: assistantDeps(app).phoneHash(quiet.phone),
        opted_out_at: new Date().toISOString(),
      })
      .execute();
    expect(
      (await call('POST', `/v1/assistant/approvals/${quiet.approval.id}/approve`, quiet.token)).statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    expect(await textsTo(app, quiet.phone)).toHaveLength(1);
    expect(await textsTo(app, phone)).toHaveLength(2);
  });

  it("answers 404 for another person's approval or an unknown one, and 409 for an expired one", async () => {
    const ana = await withPendingBooking();
    const bob = await assistantPerson(app, base, { google: false });
    for (const verb of ['approve', 'decline']) {
      const theirs = await call('POST', `/v1/assistant/approvals/${ana.approval.id}/${verb}`, bob.token);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().error.code).toBe('NOT_FOUND');
      expect((await call('POST', `/v1/assistant/approvals/no-such-id/${verb}`, ana.token)).statusCode).toBe(
        404,
      );
      expect(
        (await call('POST', `/v1/assistant/approvals/${'x'.repeat(65)}/${verb}`, ana.token)).statusCode,
      ).toBe(400);
    }
    expect((await call('GET', '/v1/assistant/approvals', bob.token)).json().approvals).toEqual([]);
    await app.db
      .updateTable('assistant_approvals')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', ana.approval.id)
      .execute();
    expect((await call('GET', '/v1/assistant/approvals', ana.token)).json().approvals).toEqual([]);
    expect(
      (await call('POST', `/v1/assistant/approvals/${ana.approval.id}/approve`, ana.token)).statusCode,
    ).toBe(409);
  });

  it('runs the action once when the web and a text say yes at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const before = await lunches();
      const { phone, token, approval } = await withPendingBooking();
      const [web] = await Promise.all([
        call('POST', `/v1/assistant/approvals/${approval.id}/approve`, token),
        textFrom(app, phone, 'YES'),
      ]);
      expect([200, 409]).toContain(web.statusCode);
      // The text's answer, if it has one, comes from the same decision: Done, or nothing waiting.
      const texts = await waitForTexts(app, phone, web.statusCode === 200 ? 1 : 2);
      expect(texts.filter((t) => t.startsWith('Done: ')).length + (web.statusCode === 200 ? 1 : 0)).toBe(1);
      expect(await lunches()).toBe(before + 1);
      const row = await app.db
        .selectFrom('assistant_approvals')
        .select(['status', 'decided_via'])
        .where('id', '=', approval.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('done');
      expect(row.decided_via).toBe(web.statusCode === 200 ? 'web' : 'sms');
    }
  });

  it(`allows ${DECISIONS_PER_HOUR} approvals (and as many declines) an hour per session`, async () => {
    const { token } = await assistantPerson(app, base, { google: false, trial: false });
    for (let i = 0; i < DECISIONS_PER_HOUR; i += 1)
      expect((await call('POST', '/v1/assistant/approvals/none/approve', token)).statusCode).toBe(404);
    expect((await call('POST', '/v1/assistant/approvals/none/decline', token)).statusCode).toBe(404);
    const refused = await call('POST', '/v1/assistant/approvals/none/approve', token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('GET /v1/assistant/actions', () => {
  it('pages newest first and refuses bad paging with 400', async () => {
    const { phone, token } = await assistantPerson(app, base);
    for (let i = 0; i < 3; i += 1) {
      llm.script([bookLunch()]);
      await textFrom(app, phone, 'book lunch');
      await waitForTexts(app, phone, 2 * i + 1);
      await textFrom(app, phone, 'YES');
      await waitForTexts(app, phone, 2 * i + 2);
    }
    const first = ZAssistantActionsResponse.parse(
      (await call('GET', '/v1/assistant/actions?limit=2', token)).json(),
    );
    expect(first.actions).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    expect(first.actions.every((a) => a.decidedVia === 'sms' && a.status === 'done')).toBe(true);
    expect(first.actions[0]!.createdAt >= first.actions[1]!.createdAt).toBe(true);
    const rest = ZAssistantActionsResponse.parse(
      (await call('GET', `/v1/assistant/actions?limit=2&before=${first.actions[1]!.id}`, token)).json(),
    );
    expect(rest.actions).toHaveLength(1);
    expect(rest.hasMore).toBe(false);
    expect((await call('GET', '/v1/assistant/actions?limit=0', token)).statusCode).toBe(400);
  });
});

describe('without a session', () => {
  it('answers 401 to every call of the screen', async () => {
    for (const [method, url] of [
      ['GET', '/v1/assistant/settings'],
      ['PATCH', '/v1/assistant/settings'],
      ['GET', '/v1/assistant/messages'],
      ['GET', '/v1/assistant/approvals'],
      ['POST', '/v1/assistant/approvals/x/approve'],
      ['POST', '/v1/assistant/approvals/x/decline'],
      ['GET', '/v1/assistant/actions'],
    ] as const) {
      const res = await call(method, url, undefined, method === 'PATCH' ? { paused: true } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', '/v1/assistant/settings', 'not-a-token')).statusCode).toBe(401);
  });
});
