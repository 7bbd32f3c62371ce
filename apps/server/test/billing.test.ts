import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { advanceClock, bearer, post, signIn } from './helpers/auth';
import { info, localCheckout } from './helpers/billing';
import { useApp } from './helpers/build';

let n = 0;
const phone = () => `+6143${String(1000000 + ++n).slice(-7)}`;

describe('billing on the local payments stand-in', () => {
  const ctx = useApp();

  it('answers 401 without a session on every billing and payments call', async () => {
    // Valid bodies: a request's shape is checked before its session.
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/billing/info'],
      ['POST', '/v1/billing/activate-trial'],
      ['POST', '/v1/billing/create-checkout-session', { planId: 'starter' }],
      ['POST', '/v1/billing/process-success', { sessionId: 'cs_1' }],
      ['POST', '/v1/billing/cancel-subscription', { cancelAtPeriodEnd: true }],
      ['POST', '/v1/billing/reactivate-subscription'],
      ['POST', '/v1/billing/update-payment-method', {}],
      ['POST', '/v1/billing/customer-portal', {}],
      ['GET', '/v1/billing/invoices/in_1/download'],
      [
        'POST',
        '/v1/payments/create-intent',
        { amount: 2900, currency: 'usd', plan: 'starter', billing_details: details },
      ],
      ['POST', '/v1/payments/create-subscription', { plan: 'starter', paymentMethodId: 'pm_1' }],
      ['POST', '/v1/payments/update-payment-method', { paymentMethodId: 'pm_1' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('shows a new user the trial not yet started, no card, no invoices, zero usage', async () => {
    const token = await signIn(ctx.app, phone());
    const body = await info(ctx.app, token);
    expect(body.subscription).toMatchObject({
      id: null,
      planId: 'trial',
      status: 'inactive',
      cancelAtPeriodEnd: false,
    });
    const days =
      (Date.parse(body.subscription.currentPeriodEnd) - Date.parse(body.subscription.currentPeriodStart)) /
      86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(body.paymentMethod).toBeNull();
    expect(body.invoices).toEqual([]);
    expect(body.usage).toMatchObject({ tokens: 0, integrations: 0, storage: 0 });
    // The chart's 15 days, each there and zero (spec §9).
    const chartDays = Object.values(body.usage.dailyUsage);
    expect(chartDays).toHaveLength(15);
    expect(chartDays.every((day) => day.tokens === 0)).toBe(true);
  });

  it('activates the trial once: 7 days in our database, then 409; it ends as expired', async () => {
    const token = await signIn(ctx.app, phone());
    const res = await post(ctx.app, '/v1/billing/activate-trial', undefined, { headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json().subscription;
    expect(sub).toMatchObject({ id: null, planId: 'trial', status: 'active' });
    expect(Date.parse(sub.currentPeriodEnd) - Date.parse(sub.currentPeriodStart)).toBe(7 * 86_400_000);
    const again = await post(ctx.app, '/v1/billing/activate-trial', undefined, {
      headers: { ...bearer(token), 'accept-language': 'zh' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('每个账户只能使用一次免费试用。');
    const twice = await Promise.all([1, 2].map(async () => await signIn(ctx.app, phone()))).then(
      async ([a]) =>
        Promise.all(
          [1, 2, 3].map(() =>
            post(ctx.app, '/v1/billing/activate-trial', undefined, { headers: bearer(a!) }),
          ),
        ),
    );
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);

    const saved = ctx.app.clock.now;
    advanceClock(ctx.app, 8 * 86_400_000);
    try {
      expect((await info(ctx.app, token)).subscription).toMatchObject({ planId: 'trial', status: 'expired' });
    } finally {
      ctx.app.clock.now = saved;
    }
  });

  it('refuses bad input with 400: an unknown plan, the trial through checkout, a cancel not at period end', async () => {
    const token = await signIn(ctx.app, phone());
    const headers = bearer(token);
    expect(
      (await post(ctx.app, '/v1/billing/create-checkout-session', { planId: 'gold' }, { headers }))
        .statusCode,
    ).toBe(400);
    const trial = await post(
      ctx.app,
      '/v1/billing/create-checkout-session',
      { planId: 'trial' },
      { headers },
    );
    expect(trial.statusCode).toBe(400);
    expect(trial.json().error.message).toBe('Invalid plan selected');
    expect((await post(ctx.app, '/v1/billing/process-success', {}, { headers })).statusCode).toBe(400);
    expect(
      (await post(ctx.app, '/v1/billing/cancel-subscription', { cancelAtPeriodEnd: 'yes' }, { headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(ctx.app, '/v1/billing/cancel-subscription', { cancelAtPeriodEnd: false }, { headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(ctx.app, '/v1/billing/customer-portal', { returnPath: 7 }, { headers })).statusCode,
    ).toBe(400);
    expect(
      (await post(ctx.app, '/v1/billing/update-payment-method', { returnPath: 'a\nb' }, { headers }))
        .statusCode,
    ).toBe(400);
    const badIntent = await post(
      ctx.app,
      '/v1/payments/create-intent',
      { amount: 100, currency: 'usd', plan: 'starter', billing_details: details },
      { headers },
    );
    expect(badIntent.statusCode).toBe(400);
    expect(
      (await post(ctx.app, '/v1/payments/create-intent', { amount: 2900 }, { headers })).statusCode,
    ).toBe(400);
    expect(
      (await post(ctx.app, '/v1/payments/create-subscription', { plan: 'starter' }, { headers })).statusCode,
    ).toBe(400);
    expect((await post(ctx.app, '/v1/payments/update-payment-method', {}, { headers })).statusCode).toBe(400);
  });

  it('answers 404 where there is nothing of the user to act on', async () => {
    const token = await signIn(ctx.app, phone());
    const headers = bearer(token);
    expect(
      (await post(ctx.app, '/v1/billing/cancel-subscription', { cancelAtPeriodEnd: true }, { headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(ctx.app, '/v1/billing/reactivate-subscription', undefined, { headers })).statusCode,
    ).toBe(404);
    expect((await post(ctx.app, '/v1/billing/customer-portal', {}, { headers })).statusCode).toBe(404);
    expect((await post(ctx.app, '/v1/billing/update-payment-method', {}, { headers })).statusCode).toBe(404);
    expect(
      (await post(ctx.app, '/v1/billing/process-success', { sessionId: 'cs_nope' }, { headers })).statusCode,
    ).toBe(404);
  });

  it('pays on the local checkout: the same sync, Active Starter with card and invoice; then cancel and reactivate', async () => {
    const token = await signIn(ctx.app, phone());
    const headers = bearer(token);
    await post(ctx.app, '/v1/billing/activate-trial', undefined, { headers });
    const { session, location } = await localCheckout(ctx.app, token, 'pay');
    expect(location.pathname).toBe('/billing');
    expect(location.searchParams.get('success')).toBe('true');
    expect(location.searchParams.get('session_id')).toBe(session);

    // The checkout page already ran the sync: the screen is right before process-success.
    const paid = await info(ctx.app, token);
    expect(paid.subscription).toMatchObject({
      planId: 'starter',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(paid.subscription.id).toMatch(/^sub_local_/);
    expect(paid.paymentMethod).toMatchObject({ last4: '4242' });
    expect(paid.invoices).toEqual([
      expect.objectContaining({ amount: 29, status: 'paid', description: 'Starter Plan' }),
    ]);

    const processed = await post(ctx.app, '/v1/billing/process-success', { sessionId: session }, { headers });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json()).toMatchObject({
      success: true,
      subscription: { planId: 'starter', status: 'active' },
    });

    const second = await post(
      ctx.app,
      '/v1/billing/create-checkout-session',
      { planId: 'starter' },
      { headers },
    );
    expect(second.statusCode).toBe(409);
    expect((await post(ctx.app, '/v1/billing/activate-trial', undefined, { headers })).statusCode).toBe(409);

    const cancelled = await post(
      ctx.app,
      '/v1/billing/cancel-subscription',
      { cancelAtPeriodEnd: true },
      { headers },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await info(ctx.app, token)).subscription.cancelAtPeriodEnd).toBe(true);

    const back = await post(ctx.app, '/v1/billing/reactivate-subscription', undefined, { headers });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    const portal = await post(
      ctx.app,
      '/v1/billing/customer-portal',
      { returnPath: '//evil.example' },
      { headers },
    );
    expect(portal.statusCode).toBe(200);
    // The stand-in's portal (test/billing-portal.test.ts), which leads back to our own /billing.
    const portalPage = new URL(portal.json().portalUrl);
    expect(portalPage.pathname).toBe('/dev/portal');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${portalPage.pathname}${portalPage.search}` })).body,
    ).toContain(`href="${ctx.app.config.publicUrl}/billing"`);
    const update = await post(
      ctx.app,
      '/v1/billing/update-payment-method',
      { returnPath: '/billing?card=1' },
      { headers },
    );
    const updatePage = new URL(update.json().updateUrl);
    expect(updatePage.pathname).toBe('/dev/portal');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${updatePage.pathname}${updatePage.search}` })).body,
    ).toContain(`href="${ctx.app.config.publicUrl}/billing?card=1"`);

    // Invoices: the owner gets an address, anyone else a 404.
    const invoiceId = paid.invoices[0]!.id;
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/v1/billing/invoices/${invoiceId}/download`,
      headers,
    });
    expect(own.statusCode).toBe(200);
    const pdf = new URL(own.json().downloadUrl);
    expect((await ctx.app.inject({ method: 'GET', url: `${pdf.pathname}${pdf.search}` })).body).toContain(
      '29.00 USD',
    );
    const other = await signIn(ctx.app, phone());
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/v1/billing/invoices/${invoiceId}/download`,
      headers: bearer(other),
    });
    expect(theirs.statusCode).toBe(404);
    // Nor can another user claim this checkout.
    expect(
      (await post(ctx.app, '/v1/billing/process-success', { sessionId: session }, { headers: bearer(other) }))
        .statusCode,
    ).toBe(404);
  });

  it('declines on the local checkout: back to billing with payment=declined, nothing changed', async () => {
    const token = await signIn(ctx.app, phone());
    const { session, key, location } = await localCheckout(ctx.app, token, 'decline');
    expect(location.pathname).toBe('/billing');
    expect(location.searchParams.get('payment')).toBe('declined');
    const body = await info(ctx.app, token);
    expect(body.subscription).toMatchObject({ id: null, status: 'inactive' });
    expect(body.invoices).toEqual([]);
    const processed = await post(
      ctx.app,
      '/v1/billing/process-success',
      { sessionId: session },
      { headers: bearer(token) },
    );
    expect(processed.json().success).toBe(false);
    // The finished page says so and offers no buttons.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/dev/checkout?session=${session}&key=${key}&lang=zh`,
    });
    expect(page.body).toContain('此结账已完成。');
  });

  it('serves the in-page card form calls: intent at the plan price, subscription, card replacement', async () => {
    const token = await signIn(ctx.app, phone());
    const headers = bearer(token);
    const intent = await post(
      ctx.app,
      '/v1/payments/create-intent',
      { amount: 2900, currency: 'usd', plan: 'starter', billing_details: details },
      { headers },
    );
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().client_secret).toMatch(/_secret_/);
    const trial = await post(
      ctx.app,
      '/v1/payments/create-intent',
      { amount: 100, currency: 'usd', plan: 'trial', billing_details: details },
      { headers },
    );
    expect(trial.statusCode).toBe(400);
    const sub = await post(
      ctx.app,
      '/v1/payments/create-subscription',
      { plan: 'starter', paymentMethodId: 'pm_card_visa' },
      { headers },
    );
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json()).toMatchObject({ status: 'active' });
    expect((await info(ctx.app, token)).subscription).toMatchObject({
      id: sub.json().subscriptionId,
      status: 'active',
    });
    const again = await post(
      ctx.app,
      '/v1/payments/create-subscription',
      { plan: 'starter', paymentMethodId: 'pm_card_visa' },
      { headers },
    );
    expect(again.statusCode).toBe(409);
    const card = await post(
      ctx.app,
      '/v1/payments/update-payment-method',
      { paymentMethodId: 'pm_card_visa' },
      { headers },
    );
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toEqual({ success: true, last4: '4242' });
  });

  it('has no webhooks on the stand-in: a posted event is refused with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('is reported as a stand-in, with its own Starter price for the page', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/v1/config' })).json();
    expect(config.standIns).toContain('payments');
    expect(config.payments).toEqual({ publishableKey: null, starterPriceId: 'price_local_starter' });
  });

  it('refuses a Stripe key without its webhook secret and Starter price at start', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_STARTER_PRICE_ID/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'not-a-key' })).toThrow(/STRIPE_SECRET_KEY/);
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_STARTER_PRICE_ID: 'price_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.stripe?.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
  });

  it('names the plan in a support mail', async () => {
    const token = await signIn(ctx.app, phone());
    await post(ctx.app, '/v1/billing/activate-trial', undefined, { headers: bearer(token) });
    const res = await post(
      ctx.app,
      '/v1/contact',
      { subject: 'Billing', message: 'A question', priority: 'low' },
      { headers: bearer(token) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const mail = await ctx.app.db
      .selectFrom('mail_outbox')
      .select('body')
      .where('subject', 'like', '%Billing%')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('Trial Free (active)');
  });

  it('pays only with the address create-checkout-session gave the person: the session id alone (from the success address) neither shows nor pays it', async () => {
    const token = await signIn(ctx.app, phone());
    const created = await post(
      ctx.app,
      '/v1/billing/create-checkout-session',
      { planId: 'starter' },
      { headers: bearer(token) },
    );
    const url = new URL(created.json().checkoutUrl);
    const session = url.searchParams.get('session')!;
    expect(url.searchParams.get('key')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const key of [undefined, 'guessed', `${url.searchParams.get('key')}x`]) {
      const query = new URLSearchParams({ session, ...(key ? { key } : {}) });
      expect((await ctx.app.inject({ method: 'GET', url: `/dev/checkout?${query}` })).statusCode).toBe(404);
      const paid = await ctx.app.inject({
        method: 'POST',
        url: '/dev/checkout',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ session, key: key ?? '', action: 'pay' }).toString(),
      });
      expect(paid.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect((await info(ctx.app, token)).subscription).toMatchObject({ id: null });
  });

  it('answers the local checkout only to this machine', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/dev/checkout?session=x',
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
  });
});

const details = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
};
