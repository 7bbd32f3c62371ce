import { ZAssistantMessagesResponse } from '@app/contract/assistant/screen';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { say } from '../src/modules/assistant/texts';
import { PART_GAP_MS } from '../src/modules/sms-outbox/queue-texts';
import { assistantPerson, textFrom, textsTo } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { build } from './helpers/build';
import { freePort } from './helpers/process';
import { scriptedLlm } from './helpers/scripted-llm';

/**
 * The link filter where texts are written (issue 29, finding 5; decision 300), over the app as
 * `npm start` runs it in local mode: a scripted model that writes whatever an injected mail asks
 * for, the SMS as it left through the SMS port (the dev outbox), and the conversation as the
 * Assistant screen's API shows it. A phone fetches a link's preview by itself: a link to another
 * host must not leave, clickable, with a code in it, whatever the person answers.
 */
const KEY = 'links-test-service-key-0123456789abcdef';
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
let at = Date.parse('2026-07-06T08:00:00Z');
const llm = scriptedLlm();
const NOTE = say('en', 'linksRemoved');

beforeAll(async () => {
  const llmUrl = await llm.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build(
    {
      PUBLIC_URL: base,
      ASSISTANT_API_KEY: KEY,
      LLM_BASE_URL: llmUrl,
      LLM_MODEL: 'scripted',
      JOBS_POLL_INTERVAL_MS: '30',
      ASSISTANT_SCHEDULE_INTERVAL_MS: '30',
      ASSISTANT_RETRY_BASE_MS: '20',
    },
    (built) => {
      built.clock.now = () => new Date(at);
    },
  ));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await close();
  await llm.stop();
});
beforeEach(() => llm.script([]));

/** The greeting, in either language, as texts.ts words it up to the product's name. */
const GREETINGS = (['en', 'zh'] as const).map(
  (language) => say(language, 'greeting', { product: '\u0000' }).split('\u0000')[0]!,
);
const isGreeting = (text: string) => GREETINGS.some((start) => text.startsWith(start));

/** The texts that left for the number, the first greeting left out, once `count` have. */
async function repliesTo(phone: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  const replies = async () => (await textsTo(app, phone)).filter((text) => !isGreeting(text));
  while ((await replies()).length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 40));
  await new Promise((r) => setTimeout(r, 200));
  return replies();
}

/** What the Assistant screen shows the assistant said (its greeting left out), oldest first. */
async function screenSays(token: string): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/v1/assistant/messages?limit=100',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZAssistantMessagesResponse.parse(res.json())
    .messages.filter((m) => m.direction === 'out' && m.kind !== 'greeting')
    .map((m) => m.body);
}

/** A person whose first text got the scripted answer; what the SMS and the screen then show. */
async function answered(answer: string, asked = 'what did that mail say?', language: 'en' | 'zh' = 'en') {
  const person = await assistantPerson(app, base, { google: false, language });
  llm.script([{ text: answer }]);
  await textFrom(app, person.phone, asked);
  const sms = (await repliesTo(person.phone, 1)).join('\n');
  const screen = (await screenSays(person.token)).join('\n');
  return { sms, screen };
}

describe('links in the answers', () => {
  it('sends and shows a link to another host unclickable, without its code, with a note', async () => {
    const { sms, screen } = await answered('Your code is ready: https://evil.example/x?code=12345');
    for (const shown of [sms, screen]) {
      expect(shown).toBe(`Your code is ready: evil[.]example ${NOTE}`);
      expect(shown).not.toContain('12345');
    }
  });

  it('in Chinese too, with the full stop of Chinese as the dot', async () => {
    const { sms, screen } = await answered(
      '验证码在这里：evil。example/x?code=12345',
      '那封邮件说了什么？',
      'zh',
    );
    for (const shown of [sms, screen])
      expect(shown).toBe(`验证码在这里：evil[.]example ${say('zh', 'linksRemoved')}`);
  });

  it('keeps a link the person texted, and our own PUBLIC_URL', async () => {
    const person = await assistantPerson(app, base, { google: false });
    llm.script([
      { text: `Noted https://docs.example.org/d/abc?usp=sharing. Your settings: ${base}/assistant` },
    ]);
    await textFrom(app, person.phone, 'keep docs.example.org/d/abc?usp=sharing for me');
    const [sms] = await repliesTo(person.phone, 1);
    const expected = `Noted https://docs.example.org/d/abc?usp=sharing. Your settings: ${base}/assistant`;
    expect(sms).toBe(expected);
    expect(await screenSays(person.token)).toEqual([expected]);
  });

  it("does not keep the person's link with something added to it", async () => {
    const person = await assistantPerson(app, base, { google: false });
    llm.script([{ text: 'Here: https://docs.example.org/d/abc?usp=sharing&code=12345' }]);
    await textFrom(app, person.phone, 'keep https://docs.example.org/d/abc?usp=sharing');
    const [sms] = await repliesTo(person.phone, 1);
    expect(sms).toBe(`Here: docs[.]example[.]org ${NOTE}`);
  });

  it('drops a Markdown image, on the screen too, and writes a Markdown link as words', async () => {
    const { sms, screen } = await answered(
      'Summary ![chart](https://evil.example/c.png?code=12345) and [the invoice](https://evil.example/i?code=12345)',
    );
    for (const shown of [sms, screen]) {
      expect(shown).toBe(`Summary chart and the invoice (evil[.]example) ${NOTE}`);
      expect(shown).not.toMatch(/!\[|\]\(|12345/);
    }
  });

  it('filters the whole answer the screen shows when the SMS had to cut it', async () => {
    const long = `${'The quarterly review went well and the team agreed on next steps. '.repeat(8)}Details: https://evil.example/r?code=12345`;
    const { sms, screen } = await answered(long);
    expect(sms).not.toContain('evil');
    expect(screen).toContain(`Details: evil[.]example ${NOTE}`);
    expect(screen).not.toContain('12345');
  });
});

describe('links in an approval request', () => {
  it('the request the model asked for shows a link in its subject unclickable', async () => {
    // With Google connected: a request no account could send is never asked about.
    const person = await assistantPerson(app, base);
    llm.script([
      {
        tools: [
          {
            name: 'mail_send',
            arguments: JSON.stringify({
              to: ['sam@example.com'],
              subject: 'Reset at https://evil.example/r?code=12345',
              text: 'see subject',
            }),
          },
        ],
      },
    ]);
    await textFrom(app, person.phone, 'email Sam about the reset');
    const [ask] = await repliesTo(person.phone, 1);
    expect(ask).toContain('evil[.]example');
    expect(ask).toContain('sam@example.com');
    expect(ask).not.toMatch(/https:\/\/evil|12345/);
  });
});

describe('links beside an approval request', () => {
  it('never push the request out of the text: it still ends with how to answer', async () => {
    // With Google connected: a request no account could send is never asked about.
    const person = await assistantPerson(app, base);
    // What the model says beside the request fills more than 3 segments, with a bare domain in
    // it; the mail's subject and body hold links too, and the body is long.
    const said = `${'I found the reset mail from the bank and drafted the note for Sam. '.repeat(6)}See evil.example.`;
    llm.script([
      {
        text: said,
        tools: [
          {
            name: 'mail_send',
            arguments: JSON.stringify({
              to: ['sam@example.com'],
              subject: 'Reset at evil.example/r?code=12345',
              text: `${'Please use the link below to reset the access to the shared account. '.repeat(6)}https://evil.example/r?code=12345`,
            }),
          },
        ],
      },
    ]);
    await textFrom(app, person.phone, 'email Sam about the reset');
    // Two texts (decision 291): the model's words first, then the request, a text of its own
    // written by code from the record, so the model's words can never pass for a line of it. The
    // request goes PART_GAP_MS after the words, by the clock the test holds.
    await repliesTo(person.phone, 1);
    at += PART_GAP_MS + 500;
    const texts = await repliesTo(person.phone, 2);
    expect(texts).toHaveLength(2);
    const [words, ask] = texts as [string, string];
    const { segmentsOf } = await import('../src/providers/sms/segments');

    // The request: only the request, within 3 segments, ending with how to answer, its links
    // unclickable and their codes gone.
    expect(ask.startsWith('Email sam@example.com'), ask).toBe(true);
    expect(ask).not.toContain('I found the reset mail');
    expect(segmentsOf(ask).segments).toBeLessThanOrEqual(3);
    expect(ask.endsWith(say('en', 'askSend')), ask).toBe(true);
    expect(ask).toContain('evil[.]example');
    expect(ask).not.toMatch(/evil\.example|12345/);

    // The model's long words, cut on their own within 3 segments and saying where the rest is;
    // their bare domain made unclickable on the screen, which shows them whole.
    expect(words.startsWith('I found the reset mail from the bank'), words).toBe(true);
    expect(segmentsOf(words).segments).toBeLessThanOrEqual(3);
    expect(words.endsWith(say('en', 'more', { url: `${base}/assistant` })), words).toBe(true);
    expect(words).not.toContain('Reply YES');
    expect(words).not.toMatch(/evil\.example|12345/);
    const screen = await screenSays(person.token);
    expect(screen).toHaveLength(2);
    expect(screen[0]).toBe(said.replace('See evil.example.', `See evil[.]example. ${NOTE}`));
    expect(screen.join('\n')).not.toMatch(/evil\.example|12345/);
  });
});

describe('links in reminders', () => {
  it('keeps a meeting link on a Zoom host, and not one on zoom.us.attacker.example', async () => {
    const { phone, token, userId } = await assistantPerson(app, base, { timeZone: 'Europe/London' });
    const res = await app.inject({
      method: 'PATCH',
      url: '/v1/assistant/settings',
      headers: bearer(token),
      payload: { reminderLeadMinutes: 15, briefingTime: null, quietHours: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const [title, minutes, extra] of [
      ['Standup', 20, { description: 'Join https://us02web.zoom.us/j/123?pwd=abc' }],
      ['Vendor call', 22, { location: 'https://zoom.us.attacker.example/j/1?pwd=12345' }],
    ] as const) {
      const start = new Date(at + minutes * 60_000).toISOString();
      const created = await app.inject({
        method: 'POST',
        url: `/v1/internal/users/${userId}/calendar/events`,
        headers: bearer(KEY),
        payload: { title, start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString(), ...extra },
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    // The pass looks at the calendar again once its last look is 5 minutes old; each reminder
    // goes at its lead (a reminder says the time left, so the clock waits for each).
    const created = at;
    for (const minutes of [4, 5.5]) {
      at = created + minutes * 60_000;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(await repliesTo(phone, 1)).toHaveLength(1);
    at = created + 7 * 60_000;
    const reminders = (await repliesTo(phone, 2)).filter((t) => t.startsWith('Reminder:')).sort();
    expect(reminders).toEqual([
      'Reminder: "Standup" at 09:20, in 15 min. Join: https://us02web.zoom.us/j/123?pwd=abc',
      `Reminder: "Vendor call" at 09:22, in 15 min, zoom[.]us[.]attacker[.]example ${NOTE}`,
    ]);
    expect((await screenSays(token)).filter((t) => t.startsWith('Reminder:')).sort()).toEqual(reminders);
    expect((await textsTo(app, phone)).join('\n')).not.toContain('12345');
  });
});
