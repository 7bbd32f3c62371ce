import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentsOf } from '../src/providers/sms/segments';
import { bearer, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { authorize } from './helpers/oauth-flow';
import { freePort } from './helpers/process';

/**
 * Local mode end to end (issue 21, item 8), as `npm start` runs it: no keys, so the SMS is the
 * dev outbox, Google is the local issuer with its sample workspace, and the model is the
 * stand-in. A person texts from the simulated phone and reads the answer in its conversation.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base, JOBS_POLL_INTERVAL_MS: '50' }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

const conversation = async (phone: string) =>
  (
    await app.inject({ method: 'GET', url: `/v1/dev/sms/conversation?phone=${encodeURIComponent(phone)}` })
  ).json().messages as { direction: string; body: string; id: string }[];

async function answers(phone: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const out = (await conversation(phone)).filter((m) => m.direction === 'out');
    if (out.length >= count || Date.now() > deadline) return out.map((m) => m.body);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const say = (from: string, body: string) =>
  app.inject({ method: 'POST', url: '/v1/dev/sms/inbound', payload: { from, body } });

describe('the simulated phone', () => {
  it('asks what is on tomorrow, books lunch with a sample contact on YES, and lists the numbers', async () => {
    const phone = `+61417${String(Date.now() % 100_000).padStart(5, '0')}1`;
    const token = await signIn(app, phone);
    expect(
      (await app.inject({ method: 'POST', url: '/v1/billing/activate-trial', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    const connected = await authorize(
      base,
      'google',
      { email: `phone-${Date.now()}@example.com` },
      { token },
    );
    expect(connected.params.get('success')).toBe('true');

    const numbers = (await app.inject({ method: 'GET', url: '/v1/dev/sms/numbers' })).json().numbers;
    expect(numbers.map((n: { phone: string }) => n.phone)).toContain(phone);

    const sent = await say(phone, "what's on tomorrow?");
    expect(sent.statusCode, sent.body).toBe(200);
    const [first] = await answers(phone, 1);
    // The sample workspace always holds a project review tomorrow (and a stand-up on weekdays).
    expect(first).toMatch(/^Tomorrow, .*\n- \d\d:\d\d /);
    expect(first).toContain('Project review');

    await say(phone, 'book lunch with Sam tomorrow at 12');
    const asked = await answers(phone, 2);
    expect(asked[1]).toMatch(/Reply YES to confirm, NO to cancel/);
    await say(phone, 'YES');
    const done = await answers(phone, 3);
    expect(done[2]).toMatch(/^Done: /);

    // The turns counted as usage, so the billing chart shows the conversation.
    const info = (
      await app.inject({ method: 'GET', url: '/v1/billing/info', headers: bearer(token) })
    ).json();
    expect(info.usage.tokens).toBeGreaterThan(0);
  });

  it('says a person to book with is not in the contacts, then asks for the YES in a text of its own', async () => {
    const phone = `+61417${String(Date.now() % 100_000).padStart(5, '0')}2`;
    const token = await signIn(app, phone);
    expect(
      (await app.inject({ method: 'POST', url: '/v1/billing/activate-trial', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    const connected = await authorize(base, 'google', { email: `zed-${Date.now()}@example.com` }, { token });
    expect(connected.params.get('success')).toBe('true');

    await say(phone, 'book lunch with Zebedee tomorrow at 12');
    const [said, asked] = await answers(phone, 2);
    expect(said).toBe("Zebedee isn't in your contacts, so nobody is invited.");
    expect(asked).toMatch(/^New event\n"Lunch with Zebedee", .*\nReply YES to confirm, NO to cancel\.$/s);
    expect(segmentsOf(asked!).segments).toBeLessThanOrEqual(3);
  });

  it('refuses a sender that is not a number', async () => {
    const res = await say('not-a-number', 'hi');
    expect(res.statusCode).toBe(400);
  });
});
