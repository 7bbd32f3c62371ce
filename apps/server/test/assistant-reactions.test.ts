import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantPerson, textFrom, textsTo, waitForTexts } from './helpers/assistant-person';
import { build } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * iPhone reactions and "YES but …" (issue 30, part 6; decisions 450-451), end to end in local
 * mode: texts from the simulated phone, the gate, the stand-in model, approvals, the sample
 * workspace. A reaction is a YES or NO only for the pending request whose text it quotes, decided
 * in code; "YES but …" cancels the request it answers and asks for the changed one anew.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base, JOBS_POLL_INTERVAL_MS: '30' }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

const titled = (what: string) =>
  `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

const approvals = (userId: string) =>
  app.db
    .selectFrom('assistant_approvals')
    .select(['id', 'status', 'number', 'input', 'replaced_by'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The sample calendar's events with this title, as their local starts. */
async function startsOf(title: string): Promise<string[]> {
  const rows = await app.db
    .selectFrom('sample_workspace_items')
    .select('data')
    .where('kind', '=', 'event')
    .execute();
  return rows
    .map((row) => JSON.parse(row.data) as { title: string; start: string })
    .filter((event) => event.title === title)
    .map((event) => event.start);
}

/** The unanswered reason the screen shows for the person's last inbound text. */
async function lastInbound(phone: string) {
  return app.db
    .selectFrom('assistant_messages')
    .select(['body', 'unanswered', 'turn_id'])
    .where('phone', '=', phone)
    .where('direction', '=', 'in')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

const modelTurns = async (userId: string) =>
  (await app.db.selectFrom('assistant_turns').select('id').where('user_id', '=', userId).execute()).length;

/** A person with a booking request waiting; its text as the phone shows it. */
async function withRequest(language: 'en' | 'zh', title: string, at = '12') {
  const person = await assistantPerson(app, base, { language, timeZone: 'Australia/Sydney' });
  await textFrom(
    app,
    person.phone,
    language === 'zh' ? `明天中午${at}点订${title}` : `book ${title} tomorrow at ${at}`,
  );
  const [asked] = await waitForTexts(app, person.phone, 1);
  expect(asked).toMatch(language === 'zh' ? /回复“是”确认/ : /Reply YES to confirm, NO to cancel\./);
  return { ...person, asked: asked! };
}

/** Sends a text and waits until it is handled (answered or recorded as not answered). */
async function send(phone: string, body: string, count = 0) {
  const before = (await textsTo(app, phone)).length;
  await textFrom(app, phone, body);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const last = await lastInbound(phone);
    if (last.body === body && last.turn_id) break;
    if (Date.now() > deadline) throw new Error(`not handled: ${body}`);
    await new Promise((r) => setTimeout(r, 30));
  }
  if (count > 0) await waitForTexts(app, phone, before + count);
  else await new Promise((r) => setTimeout(r, 150));
  return (await textsTo(app, phone)).slice(before);
}

describe('an iPhone reaction to a request', () => {
  const positive: [string, (q: string) => string][] = [
    ['en', (q) => `Liked “${q}”`],
    ['en', (q) => `Loved "${q}"`],
    ['en', (q) => `Reacted 👍🏽 to “${q}”`],
    ['zh', (q) => `赞了“${q}”`],
    ['zh', (q) => `喜欢“${q}”`],
  ];
  for (const [language, react] of positive) {
    it(`runs exactly the quoted request on ${react('…')}`, async () => {
      const title = titled(language === 'zh' ? '午饭' : 'Lunch');
      const { phone, userId, asked } = await withRequest(language as 'en' | 'zh', title);
      const turns = await modelTurns(userId);
      const replies = await send(phone, react(asked));
      expect(replies).toHaveLength(1);
      expect(replies[0]).toMatch(language === 'zh' ? /^已完成/ : /^Done: /);
      expect(await startsOf(title)).toHaveLength(1);
      expect((await approvals(userId)).map((row) => row.status)).toEqual(['done']);
      // Decided in code: no model ran for it.
      expect(await modelTurns(userId)).toBe(turns);
    });
  }

  it('runs the request on a quote the phone cut with "…"', async () => {
    const title = titled('Lunch');
    const { phone, asked } = await withRequest('en', title);
    const replies = await send(phone, `Liked “${asked.slice(0, 30)}…”`);
    expect(replies[0]).toMatch(/^Done: /);
    expect(await startsOf(title)).toHaveLength(1);
  });

  for (const [language, react] of [
    ['en', (q: string) => `Disliked “${q}”`],
    ['en', (q: string) => `Reacted 👎 to “${q}”`],
    ['zh', (q: string) => `不喜欢“${q}”`],
  ] as const) {
    it(`declines the quoted request on ${react('…')}`, async () => {
      const title = titled('Tea');
      const { phone, userId, asked } = await withRequest(language, title);
      const replies = await send(phone, react(asked));
      expect(replies).toHaveLength(1);
      expect(await startsOf(title)).toHaveLength(0);
      expect((await approvals(userId)).map((row) => row.status)).toEqual(['declined']);
    });
  }

  for (const [language, react] of [
    ['en', (q: string) => `Laughed at “${q}”`],
    ['en', (q: string) => `Questioned “${q}”`],
    ['en', (q: string) => `Emphasized “${q}”`],
    ['en', (q: string) => `Reacted 😂 to “${q}”`],
    ['zh', (q: string) => `笑了“${q}”`],
    ['zh', (q: string) => `质疑了“${q}”`],
    ['zh', (q: string) => `强调了“${q}”`],
  ] as const) {
    it(`takes ${react('…')} for no answer: nothing runs, no model, no reply, shown as not answered`, async () => {
      const title = titled('Tea');
      const { phone, userId, asked } = await withRequest(language, title);
      const turns = await modelTurns(userId);
      expect(await send(phone, react(asked))).toEqual([]);
      expect((await lastInbound(phone)).unanswered).toBe('reaction');
      expect((await approvals(userId)).map((row) => row.status)).toEqual(['pending']);
      expect(await modelTurns(userId)).toBe(turns);
    });
  }

  it('is no YES when it quotes another text: no model call, no reply, and the request still waits', async () => {
    const title = titled('Lunch');
    const { phone, userId } = await withRequest('en', title);
    const turns = await modelTurns(userId);
    expect(await send(phone, 'Liked “Tomorrow, Sat 28 Nov: - 09:00 Project review”')).toEqual([]);
    expect(await send(phone, '赞了“明天有什么安排”')).toEqual([]);
    expect((await lastInbound(phone)).unanswered).toBe('reaction');
    expect(await modelTurns(userId)).toBe(turns);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['pending']);
    expect(await startsOf(title)).toHaveLength(0);
  });

  it('is no YES for a request already decided, nor for another person’s request', async () => {
    const title = titled('Lunch');
    const ana = await withRequest('en', title);
    const bob = await assistantPerson(app, base, { timeZone: 'Australia/Sydney' });
    // Bob quotes Ana's request word for word: it is not his.
    expect(await send(bob.phone, `Liked “${ana.asked}”`)).toEqual([]);
    expect((await lastInbound(bob.phone)).unanswered).toBe('reaction');
    expect(await send(ana.phone, 'NO')).toHaveLength(1);
    expect(await send(ana.phone, `Loved “${ana.asked}”`)).toEqual([]);
    expect((await lastInbound(ana.phone)).unanswered).toBe('reaction');
    expect(await startsOf(title)).toHaveLength(0);
    expect((await approvals(ana.userId)).map((row) => row.status)).toEqual(['declined']);
  });

  it('is no YES when it arrived before the request text was sent', async () => {
    const title = titled('Lunch');
    const { phone, userId, asked } = await withRequest('en', title);
    const [row] = await approvals(userId);
    // The provider had not yet taken the request when the reaction arrived (as with a busy queue).
    const sentAt = await app.db
      .selectFrom('assistant_messages')
      .select('sent_at')
      .where('approval_id', '=', row!.id)
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('assistant_messages')
      .set({ sent_at: '2999-01-01T00:00:00.000Z' })
      .where('approval_id', '=', row!.id)
      .execute();
    expect(await send(phone, `Liked “${asked}”`)).toEqual([]);
    expect((await lastInbound(phone)).unanswered).toBe('reaction');
    expect(await startsOf(title)).toHaveLength(0);
    await app.db
      .updateTable('assistant_messages')
      .set({ sent_at: sentAt.sent_at })
      .where('approval_id', '=', row!.id)
      .execute();
    expect((await send(phone, `Liked “${asked}”`))[0]).toMatch(/^Done: /);
    expect(await startsOf(title)).toHaveLength(1);
  });

  it('with two waiting, runs only the one whose numbered text it quotes', async () => {
    const lunch = titled('Lunch');
    const tea = titled('Tea');
    const { phone, userId } = await withRequest('en', lunch);
    const [second] = await send(phone, `book ${tea} tomorrow at 3`, 1);
    expect(second).toMatch(/Reply YES 2 to confirm, NO 2 to cancel\.$/);
    expect((await send(phone, `Liked “${second}”`))[0]).toMatch(new RegExp(`^Done: New event\\n"${tea}"`));
    expect(await startsOf(tea)).toHaveLength(1);
    expect(await startsOf(lunch)).toHaveLength(0);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['pending', 'done']);
  });

  it('does nothing for a mail that reads like a reaction to the request', async () => {
    const title = titled('Lunch');
    const { phone, userId, asked } = await withRequest('en', title);
    // The person's sample mailbox (made at their first look) gets a mail quoting the request as a
    // reaction would; the person then reads their mail.
    await send(phone, 'any unread mail?');
    const { owner } = await app.db
      .selectFrom('sample_workspace_owners')
      .select('owner')
      .orderBy('seeded_at', 'desc')
      .executeTakeFirstOrThrow();
    const mail = await app.db
      .selectFrom('sample_workspace_items')
      .selectAll()
      .where('owner', '=', owner)
      .where('kind', '=', 'mail')
      .limit(1)
      .executeTakeFirstOrThrow();
    const data = JSON.parse(mail.data);
    const date = new Date().toISOString();
    const planted = {
      ...data,
      id: `${data.id}-liked`,
      folder: 'inbox',
      subject: `Liked “${asked}”`,
      text: `Liked “${asked}”`,
      unread: true,
      date,
    };
    await app.db
      .insertInto('sample_workspace_items')
      .values({ ...mail, id: planted.id, sort_key: date, data: JSON.stringify(planted) })
      .execute();
    const turns = await modelTurns(userId);
    const replies = await send(phone, 'any unread mail?');
    expect(replies).toHaveLength(1);
    expect(await modelTurns(userId)).toBe(turns + 1);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['pending']);
    expect(await startsOf(title)).toHaveLength(0);
  });
});

describe('"YES but …"', () => {
  it('cancels the request, never runs it or a changed one on that yes, and the new YES runs the changed one', async () => {
    const title = titled('Lunch');
    const { phone, userId } = await withRequest('en', title);
    const replies = await send(phone, 'YES but make it 1pm', 2);
    expect(replies[0]).toBe('I cancelled the old request; nothing was done.');
    expect(replies[1]).toMatch(
      new RegExp(`^New event\\n"${title}", [^\\n]*13:00[^\\n]*\\nReply YES to confirm, NO to cancel\\.$`),
    );
    // Nothing ran: neither the old lunch at 12 nor the changed one at 1.
    expect(await startsOf(title)).toHaveLength(0);
    const rows = await approvals(userId);
    expect(rows.map((row) => row.status)).toEqual(['superseded', 'pending']);
    expect(rows[0]!.replaced_by).toMatch(/^amend:/);
    expect(JSON.parse(rows[1]!.input).event.start).toMatch(/T13:00$/);
    expect((await send(phone, 'YES'))[0]).toMatch(/^Done: /);
    const starts = await startsOf(title);
    expect(starts).toHaveLength(1);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['superseded', 'done']);
  });

  for (const [language, amend, hour] of [
    ['en', 'yes, but at 3', '15:00'],
    ['zh', '是，但改到下午1点', '13:00'],
    ['zh', '好的，不过改成3点', '15:00'],
  ] as const) {
    it(`asks again for ${amend}`, async () => {
      const title = titled(language === 'zh' ? '午饭' : 'Lunch');
      const { phone, userId } = await withRequest(language, title);
      const replies = await send(phone, amend, 2);
      expect(replies).toHaveLength(2);
      expect(replies[1]).toContain(hour);
      expect(await startsOf(title)).toHaveLength(0);
      const rows = await approvals(userId);
      expect(rows.map((row) => row.status)).toEqual(['superseded', 'pending']);
      expect(JSON.parse(rows[1]!.input).event.start.slice(11)).toBe(hour);
    });
  }

  it('says plainly what the stand-in cannot change, and the old request is still cancelled', async () => {
    const title = titled('Lunch');
    const { phone, userId } = await withRequest('en', title);
    const replies = await send(phone, 'yes but invite Mei too', 1);
    expect(replies).toEqual([
      "I cancelled that request; nothing was done. I can only change an event's day or time this way: please send the whole request again with the change.",
    ]);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['superseded']);
    // A plain YES now finds nothing: the old request never runs.
    expect((await send(phone, 'YES'))[0]).toMatch(/Nothing is waiting/);
    expect(await startsOf(title)).toHaveLength(0);
  });

  it('with two waiting: "YES 2 but …" changes only the second, and a YES 2 after runs the changed one, never the old', async () => {
    const lunch = titled('Lunch');
    const tea = titled('Tea');
    const { phone, userId } = await withRequest('en', lunch);
    const [second] = await send(phone, `book ${tea} tomorrow at 3`, 1);
    expect(second).toMatch(/YES 2 to confirm/);
    const replies = await send(phone, 'YES 2 but make it 4pm', 2);
    expect(replies[1]).toMatch(
      new RegExp(`^New event\\n"${tea}", [^\\n]*16:00[^\\n]*\\nReply YES 2 to confirm, NO 2 to cancel\\.$`),
    );
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['pending', 'superseded', 'pending']);
    expect((await send(phone, 'YES 2'))[0]).toMatch(new RegExp(`^Done: New event\\n"${tea}", [^\\n]*16:00`));
    const starts = await startsOf(tea);
    expect(starts).toHaveLength(1);
    expect(await startsOf(lunch)).toHaveLength(0);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['pending', 'superseded', 'done']);
  });

  it('with two waiting, a bare "YES but …" cancels nothing and asks which', async () => {
    const lunch = titled('Lunch');
    const tea = titled('Tea');
    const { phone, userId } = await withRequest('en', lunch);
    await send(phone, `book ${tea} tomorrow at 3`, 1);
    const turns = await modelTurns(userId);
    const [which] = await send(phone, 'yes but make it 4pm');
    expect(which).toMatch(/^Several requests are waiting, so nothing was cancelled\./);
    expect(which).toMatch(new RegExp(`YES 1 for New event "${lunch}"`));
    expect(which).toMatch(new RegExp(`YES 2 for New event "${tea}"`));
    expect(await modelTurns(userId)).toBe(turns);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('after the request was approved on the screen, changes nothing and the approved one stands', async () => {
    const title = titled('Lunch');
    const { phone, userId, token } = await withRequest('en', title);
    const [row] = await approvals(userId);
    const approved = await app.inject({
      method: 'POST',
      url: `/v1/assistant/approvals/${row!.id}/approve`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await waitForTexts(app, phone, 2))[1]).toMatch(/^Approved on the web: /);
    expect(await send(phone, 'YES but make it 1pm', 1)).toEqual([
      'Nothing is waiting for your YES. Requests expire after 30 minutes.',
    ]);
    expect((await approvals(userId)).map((r) => r.status)).toEqual(['done']);
    expect(await startsOf(title)).toHaveLength(1);
  });

  it('a reaction after "YES but …" quoting the cancelled request runs nothing', async () => {
    const title = titled('Lunch');
    const { phone, userId, asked } = await withRequest('en', title);
    await send(phone, 'YES but make it 1pm', 2);
    expect(await send(phone, `Liked “${asked}”`)).toEqual([]);
    expect((await lastInbound(phone)).unanswered).toBe('reaction');
    expect((await approvals(userId)).map((r) => r.status)).toEqual(['superseded', 'pending']);
    expect(await startsOf(title)).toHaveLength(0);
  });

  it('with nothing waiting, runs no model and says so', async () => {
    const person = await assistantPerson(app, base, { timeZone: 'Australia/Sydney' });
    expect(await send(person.phone, 'YES but make it 1pm')).toEqual([
      'Nothing is waiting for your YES. Requests expire after 30 minutes.',
    ]);
    expect(await modelTurns(person.userId)).toBe(0);
  });
});
