import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantPerson, textFrom, textsTo } from './helpers/assistant-person';
import { build } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * The stand-in model's answers of issue 29 (finding 14) through the whole product, as `npm
 * start` runs it: a text in from the simulated phone, the assistant's turn on the stand-in, the
 * reply in the outbox. The app's clock is pinned to a Friday evening in New York, so "Friday"
 * and "this week" are read from the injected clock in the person's zone, as in production.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
/** Fri 27 Nov 2026, 19:30 in New York (UTC-5). */
const FRIDAY_EVENING = Date.parse('2026-11-28T00:30:00Z');

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base, JOBS_POLL_INTERVAL_MS: '30' }, (built) => {
    built.clock.now = () => new Date(FRIDAY_EVENING);
  }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

/** Texts a message and waits for the first text after it that matches. */
async function answer(phone: string, body: string, matches: (text: string) => boolean): Promise<string> {
  const before = (await textsTo(app, phone)).length;
  const sent = await textFrom(app, phone, body);
  expect(sent.statusCode, sent.body).toBe(200);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await textsTo(app, phone)).slice(before).find(matches);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no answer to "${body}": ${(await textsTo(app, phone)).slice(before).join(' | ')}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

describe('the stand-in on a Friday evening, in the person zone', () => {
  it('books "Friday at 9:30" next Friday, never that morning', async () => {
    const { phone } = await assistantPerson(app, base, { timeZone: 'America/New_York' });
    const asked = await answer(phone, 'book dentist Friday at 9:30', (text) => text.includes('Dentist'));
    // The approval text (written by code from the call) names the day: next Friday.
    expect(asked).toContain('Fri 4 Dec');
    expect(asked).not.toContain('27 Nov');
    expect(asked).toMatch(/Reply YES/);
    await answer(phone, 'NO', (text) => text.length > 0);
    const week = await answer(phone, "what's on my calendar this week?", (text) =>
      text.startsWith('This week'),
    );
    // The SMS carries GSM-7's hyphen for the dash (segments.ts).
    expect(week).toMatch(/^This week \(Fri 27 Nov - Sun 29 Nov\):/);
  });

  it('books 周五9:30 next Friday in Chinese', async () => {
    const { phone } = await assistantPerson(app, base, { timeZone: 'America/New_York', language: 'zh' });
    const asked = await answer(phone, '周五9:30约牙医', (text) => text.includes('牙医'));
    expect(asked).toContain('12月4日');
    expect(asked).not.toContain('11月27日');
  });
});

describe('the stand-in with no account connected', () => {
  it.each([
    [
      'en',
      "what's on tomorrow?",
      `No calendar is connected yet. Connect Google, Microsoft or Apple on Integrations: ${'BASE'}/integrations`,
    ],
    [
      'zh',
      '明天有什么安排',
      `您还没有连接日历。请在“集成”页面连接 Google、Microsoft 或 Apple：${'BASE'}/integrations`,
    ],
  ] as const)('says where to connect one (%s), with our own address', async (language, body, reply) => {
    const { phone } = await assistantPerson(app, base, { google: false, language });
    const text = await answer(phone, body, (t) => t.includes('Google'));
    expect(text).toBe(reply.replace('BASE', base));
    expect(text).not.toMatch(/try again|稍后再试/);
  });

  it.each([
    ['en', 'book dentist Friday at 9:30', 'Connect Google, Microsoft or Apple on Integrations'],
    ['zh', '周五9:30约牙医', '连接 Google、Microsoft 或 Apple'],
  ] as const)(
    'asks no YES for a booking no account could make (%s): it says where to connect one',
    async (language, body, connect) => {
      const { phone, userId } = await assistantPerson(app, base, { google: false, language });
      const text = await answer(phone, body, (t) => t.includes('Google'));
      expect(text).toContain(connect);
      expect(text).toContain(`${base}/integrations`);
      expect(text).not.toMatch(/YES|是/);
      const approvals = await app.db
        .selectFrom('assistant_approvals')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      expect(approvals).toEqual([]);
    },
  );
});
