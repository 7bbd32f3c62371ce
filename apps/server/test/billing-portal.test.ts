import { describe, expect, it } from 'vitest';
import { advanceClock, bearer, post, signIn } from './helpers/auth';
import { info, localCheckout } from './helpers/billing';
import { useApp } from './helpers/build';

let n = 0;
const phone = () => `+6143${String(2000000 + ++n).slice(-7)}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A paid Starter subscriber with the address their portal call returned (issue 19, 2.9). */
async function subscriberAt(
  app: Parameters<typeof signIn>[0],
  call: 'customer-portal' | 'update-payment-method',
) {
  const token = await signIn(app, phone());
  await localCheckout(app, token, 'pay');
  const res = await post(app, `/v1/billing/${call}`, { returnPath: '/billing' }, { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json()[call === 'customer-portal' ? 'portalUrl' : 'updateUrl']);
  const session = url.searchParams.get('session')!;
  const key = url.searchParams.get('key')!;
  return { token, url, session, key };
}

describe('the local billing portal (/dev/portal, issue 19, 2.9)', () => {
  const ctx = useApp();
  const open = (query: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/dev/portal?${query}`, headers });
  const act = (fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/dev/portal',
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
    });

  it('Manage billing opens a portal page instead of reloading /billing; cancelling there reaches /billing through the sync, and so does reactivating', async () => {
    const { token, url, session, key } = await subscriberAt(ctx.app, 'customer-portal');
    expect(`${url.origin}${url.pathname}`).toBe(`${ctx.app.config.publicUrl}/dev/portal`);
    expect(session).toMatch(/^bps_local_/);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const page = await open(url.search.slice(1));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Billing portal</h1>');
    expect(page.body).toContain('Starter Plan: 29.00 USD per month');
    expect(page.body).toMatch(/Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    expect(page.body).toContain('Visa ending in 4242');
    expect(page.body).toContain('>Cancel plan</button>');
    expect(page.body).toContain(`href="${ctx.app.config.publicUrl}/billing">Return to Relay</a>`);

    const cancelled = await act({ session, key, action: 'cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(303);
    const next = new URL(String(cancelled.headers.location), ctx.app.config.publicUrl);
    expect(next.pathname).toBe('/dev/portal');
    expect(next.searchParams.get('done')).toBe('cancelled');
    // No webhook on the stand-in: the portal ran the sync, so the screen is right on return.
    expect((await info(ctx.app, token)).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    const after = await open(next.search.slice(1));
    expect(after.body).toMatch(
      /<p class="notice" role="status">Your plan is cancelled\. It stays active until /,
    );
    expect(after.body).toContain('>Renew plan</button>');
    expect(after.body).not.toContain('>Cancel plan</button>');

    const reactivated = await act({ session, key, action: 'reactivate' });
    expect(reactivated.statusCode).toBe(303);
    expect(String(reactivated.headers.location)).toContain('done=reactivated');
    expect((await info(ctx.app, token)).subscription.cancelAtPeriodEnd).toBe(false);

    // The security activity names each change once, as after a button on /billing.
    const activity = await ctx.app.inject({
      method: 'GET',
      url: '/v1/account/activity',
      headers: bearer(token),
    });
    const kinds = (activity.json().events as { kind: string; change?: string }[])
      .filter((event) => event.kind === 'plan_changed')
      .map((event) => event.change);
    expect(kinds).toEqual(expect.arrayContaining(['subscribed', 'canceled', 'reactivated']));
  });

  it('Update payment method opens the card form alone; the chosen card is on /billing at once, and the person goes straight back', async () => {
    const { token, session, key } = await subscriberAt(ctx.app, 'update-payment-method');
    const page = await open(`session=${session}&key=${key}&lang=zh`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="zh-CN">');
    expect(page.body).toContain('<h1>更换银行卡</h1>');
    expect(page.body).toContain('尾号 4242 的 Visa 卡');
    expect(page.body).toContain('value="mastercard"');
    expect(page.body).not.toContain('取消套餐');

    const changed = await act({ session, key, action: 'card', card: 'mastercard' });
    expect(changed.statusCode, changed.body).toBe(303);
    expect(changed.headers.location).toBe(`${ctx.app.config.publicUrl}/billing`);
    expect((await info(ctx.app, token)).paymentMethod).toMatchObject({ last4: '4444' });

    // The card flow cannot cancel, nor change a card without one chosen.
    expect((await act({ session, key, action: 'cancel' })).statusCode).toBe(404);
    expect((await act({ session, key, action: 'card' })).statusCode).toBe(400);
    expect((await info(ctx.app, token)).subscription.cancelAtPeriodEnd).toBe(false);
  });

  it("acts only with the address the signed-in person was given: a wrong key or the id alone neither shows nor changes anything, and one person's portal never reaches another's customer", async () => {
    const ada = await subscriberAt(ctx.app, 'customer-portal');
    const bob = await subscriberAt(ctx.app, 'customer-portal');
    for (const key of ['', 'guessed', `${ada.key}x`, bob.key]) {
      const query = new URLSearchParams({ session: ada.session, ...(key ? { key } : {}) });
      expect((await open(query.toString())).statusCode).toBe(404);
      expect((await act({ session: ada.session, key, action: 'cancel' })).statusCode).toBeGreaterThanOrEqual(
        400,
      );
    }
    expect((await act({ session: bob.session, key: bob.key, action: 'cancel' })).statusCode).toBe(303);
    expect((await info(ctx.app, ada.token)).subscription.cancelAtPeriodEnd).toBe(false);
    expect((await info(ctx.app, bob.token)).subscription.cancelAtPeriodEnd).toBe(true);
    // Without a billing account there is no portal to open.
    const newcomer = await signIn(ctx.app, phone());
    expect(
      (await post(ctx.app, '/v1/billing/customer-portal', {}, { headers: bearer(newcomer) })).statusCode,
    ).toBe(404);
  });

  it('answers only this machine', async () => {
    const { session, key } = await subscriberAt(ctx.app, 'customer-portal');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/dev/portal?session=${session}&key=${key}`,
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
  });

  // Last: it moves the shared clock.
  it("is short-lived like Stripe's: opened within 5 minutes, then good for an hour; after that it says so and shows the way back", async () => {
    const late = await subscriberAt(ctx.app, 'customer-portal');
    const used = await subscriberAt(ctx.app, 'customer-portal');
    expect((await open(`session=${used.session}&key=${used.key}`)).statusCode).toBe(200);

    advanceClock(ctx.app, 6 * 60_000);
    const expired = await open(`session=${late.session}&key=${late.key}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This billing portal link has expired. Go back and open it again.');
    expect(expired.body).toContain(`href="${ctx.app.config.publicUrl}/billing"`);
    expect((await act({ session: used.session, key: used.key, action: 'cancel' })).statusCode).toBe(303);

    advanceClock(ctx.app, 60 * 60_000);
    expect((await act({ session: used.session, key: used.key, action: 'reactivate' })).statusCode).toBe(410);
    expect((await info(ctx.app, used.token)).subscription.cancelAtPeriodEnd).toBe(true);
  });
});
