import { ZAssistantMemoriesResponse } from '@app/contract/assistant/memory';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantPerson, textFrom, textsTo } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { build } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * Issue 30's "done when", as a newcomer meets it on `npm start`: the stand-in model, the sample
 * workspace and the simulated phone's own route (/v1/dev/sms/inbound, what /dev/phone posts),
 * with the app's clock driven by the test. A reminder at 6pm arrives at 6pm and not before; a
 * follow-up tells of Sam's reply once the sample workspace gets it (the /dev/phone control's
 * route); a preference texted is remembered, on the Assistant screen and by text.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
let at = Date.parse('2026-11-30T10:00:00Z');

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build(
    { PUBLIC_URL: base, JOBS_POLL_INTERVAL_MS: '30', ASSISTANT_SCHEDULE_INTERVAL_MS: '30' },
    (built) => {
      built.clock.now = () => new Date(at);
    },
  ));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
async function moveTo(iso: string) {
  at = Date.parse(iso);
  await settle();
}

/** Texts the person's latest one, and waits for a text to them that contains `words`. */
async function until(phone: string, words: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await textsTo(app, phone)).filter((text) => text.includes(words));
    if (found.length > 0 || Date.now() > deadline) return found.at(-1) ?? `(nothing with "${words}")`;
    await settle(50);
  }
}

describe('issue 30, done when', () => {
  it('reminds at 6pm, tells when Sam replies, and remembers a preference (on screen and by text)', async () => {
    const { phone, token } = await assistantPerson(app, base, { timeZone: 'Europe/London' });
    const patched = await app.inject({
      method: 'PATCH',
      url: '/v1/assistant/settings',
      headers: bearer(token),
      payload: { briefingTime: null },
    });
    expect(patched.statusCode).toBe(200);

    // A reminder for anything, at its local time, once.
    await textFrom(app, phone, 'remind me to call mom at 6pm');
    expect(await until(phone, 'remind you')).toBe('OK, I\'ll remind you: "call mom" (2026-11-30 18:00).');
    await moveTo('2026-11-30T17:59:00Z');
    expect((await textsTo(app, phone)).filter((t) => t.startsWith('Reminder:'))).toEqual([]);
    await moveTo('2026-11-30T18:00:00Z');
    expect(await until(phone, 'Reminder:')).toBe('Reminder: call mom');

    // A follow-up on the thread with Sam, told once his reply reaches the sample mailbox.
    await textFrom(app, phone, 'tell me if Sam replies');
    expect(await until(phone, "I'll tell you when Sam")).toContain('Sam Okafor');
    const delivered = await app.inject({
      method: 'POST',
      url: '/v1/dev/sample/change',
      payload: { phone, change: { kind: 'reply', who: 'Sam' } },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await moveTo('2026-11-30T18:06:00Z');
    expect(await until(phone, 'replied to')).toMatch(/^Sam Okafor replied to "/);
    await moveTo('2026-11-30T18:30:00Z');
    expect((await textsTo(app, phone)).filter((t) => t.includes('replied to'))).toHaveLength(1);

    // A preference, from the person's own text, with that text as its evidence.
    await textFrom(app, phone, 'I prefer meetings after 10');
    await until(phone, 'remember');
    const listed = await app.inject({ method: 'GET', url: '/v1/assistant/memories', headers: bearer(token) });
    const { memories } = ZAssistantMemoriesResponse.parse(listed.json());
    expect(memories).toEqual([
      expect.objectContaining({ source: 'text', evidence: 'I prefer meetings after 10' }),
    ]);
    expect(memories[0]!.text).toMatch(/meetings after 10/i);
    await textFrom(app, phone, 'what do you remember about me?');
    expect(await until(phone, 'meetings after 10')).toMatch(/meetings after 10/i);
  });
});
