import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { bearer, signIn } from './helpers/auth';
import { info, localCheckout } from './helpers/billing';
import { build } from './helpers/build';
import { outboxSettled } from './helpers/sms-outbox';

const KEY = 'billing-usage-test-key-0123456789abcdefghij';
let ctx: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  ctx = await build({ ASSISTANT_API_KEY: KEY });
});
afterAll(async () => ctx.close());

async function record(userId: string, tokens: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/internal/usage',
    headers: { authorization: `Bearer ${KEY}` },
    payload: { userId, tokens, idempotencyKey: newId(), occurredAt: ctx.app.clock.now().toISOString() },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function textsTo(phone: string) {
  // Usage alerts go out through the SMS outbox's queue.
  await outboxSettled(ctx.app, phone);
  const messages = await ctx.app.devOutbox.list({ to: phone, limit: 50 });
  return messages.filter((m) => m.channel === 'sms' && !/\b\d{5}\b/.test(m.body));
}

describe('usage is measured against the plan billing knows', () => {
  it('on Starter, 4,000,000 tokens are 80% (one alert), and billing/info counts them in its period', async () => {
    const phone = '+61412700501';
    const token = await signIn(ctx.app, phone);
    const me = (await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
    await localCheckout(ctx.app, token, 'pay');
    expect((await info(ctx.app, token)).subscription.planId).toBe('starter');

    // An event carries at most a million tokens.
    for (let i = 0; i < 4; i += 1) await record(me.user.id, 1_000_000);
    const texts = await textsTo(phone);
    // Against the trial's 20,000 this would have been the 100% text.
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toMatch(/80%/);

    const billing = await info(ctx.app, token);
    expect(billing.usage.tokens).toBe(4_000_000);
    expect(Object.values(billing.usage.dailyUsage).reduce((sum, day) => sum + day.tokens, 0)).toBe(4_000_000);
  });

  it('the chart follows the time zone the page sends', async () => {
    const token = await signIn(ctx.app, '+61412700502');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/billing/info?timeZone=Asia%2FShanghai',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/v1/billing/info?timeZone=Mars%2FOlympus',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
  });
});
