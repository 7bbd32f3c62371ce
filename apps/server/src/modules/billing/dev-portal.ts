import { PLANS } from '@app/contract/plans';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answerLoopbackOnly } from '../../lib/dev-only';
import { type Language, requestLanguage } from '../../lib/messages';
import { LOCAL_TEST_CARDS, LocalPayments, type LocalPortalSession } from '../../providers/payments/local';
import type { ProviderSubscription } from '../../providers/payments/payments';
import type { BillingDeps } from './deps';
import { type PortalDone, portalExpiredPage, portalPage } from './portal-page';
import { syncCustomer } from './sync-customer';

const ZPortalAddress = z.object({
  session: z.string().min(1).max(255),
  key: z.string().min(1).max(255),
  lang: z.enum(['en', 'zh']).optional(),
});
const ZPortalQuery = ZPortalAddress.extend({ done: z.enum(['cancelled', 'reactivated', 'card']).optional() });
const ZPortalForm = ZPortalAddress.extend({
  action: z.enum(['cancel', 'reactivate', 'card']),
  card: z.enum(Object.keys(LOCAL_TEST_CARDS) as [keyof typeof LOCAL_TEST_CARDS]).optional(),
});

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'No such billing portal session' } };

/** The subscription the portal acts on, chosen as billing chooses the current one. */
function current(subscriptions: ProviderSubscription[]): ProviderSubscription | undefined {
  return subscriptions.find((sub) => sub.status !== 'past_due') ?? subscriptions[0];
}

/**
 * /dev/portal: where the payments stand-in sends "Manage billing" and "Update payment method"
 * instead of Stripe's customer portal. The address comes only from the signed-in person's
 * customer-portal or update-payment-method call and carries the session's key, so it acts on
 * their customer alone. Each change is made on the stand-in's side and then runs the sync that
 * Stripe's webhooks run after a portal change, so /billing shows it on return. Only while the
 * stand-in is built, and only for this machine.
 */
export async function devPortalRoutes(app: FastifyInstance, options: { deps: BillingDeps }) {
  const { deps } = options;
  const { payments } = deps;
  if (!(payments instanceof LocalPayments)) return;
  answerLoopbackOnly(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const starter = PLANS.find((plan) => plan.id === 'starter');
  const { productName } = app.config;
  const languageOf = (req: FastifyRequest, lang: Language | undefined): Language =>
    lang ?? requestLanguage(req);

  const expired = (reply: FastifyReply, language: Language, session: LocalPortalSession) =>
    reply
      .code(410)
      .type('text/html; charset=utf-8')
      .send(portalExpiredPage({ language, productName, returnUrl: session.returnUrl }));

  app.get('/dev/portal', { schema: { hide: true } }, async (req, reply) => {
    const query = ZPortalQuery.safeParse(req.query);
    const opened = query.success
      ? await payments.openPortalSession(query.data.session, query.data.key)
      : null;
    if (!query.success || !opened) return reply.code(404).send(NOT_FOUND);
    const language = languageOf(req, query.data.lang);
    const { session } = opened;
    if (opened.expired) return expired(reply, language, session);
    const [subscriptions, card] = await Promise.all([
      payments.listLiveSubscriptions(session.customerId),
      payments.defaultCard(session.customerId),
    ]);
    const subscription = current(subscriptions);
    return reply.type('text/html; charset=utf-8').send(
      portalPage({
        language,
        productName,
        sessionId: session.id,
        sessionKey: session.key,
        flow: session.flow,
        returnUrl: session.returnUrl,
        plan: { name: starter?.name ?? 'Starter Plan', price: starter?.price ?? 29 },
        subscription: subscription ?? null,
        card,
        cards: LOCAL_TEST_CARDS,
        done: query.data.done,
      }),
    );
  });

  app.post('/dev/portal', { schema: { hide: true } }, async (req, reply) => {
    const form = ZPortalForm.safeParse(req.body);
    if (!form.success)
      return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: form.error.message } });
    const opened = await payments.openPortalSession(form.data.session, form.data.key);
    if (!opened) return reply.code(404).send(NOT_FOUND);
    const language = languageOf(req, form.data.lang);
    const { session } = opened;
    if (opened.expired) return expired(reply, language, session);
    const { action } = form.data;

    let done: PortalDone | undefined;
    if (action === 'card') {
      if (!form.data.card)
        return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Choose a card' } });
      await payments.setTestCard(session.customerId, form.data.card);
      done = 'card';
    } else {
      // The card flow offers the card alone, as Stripe's payment_method_update flow does.
      if (session.flow !== 'manage') return reply.code(404).send(NOT_FOUND);
      const subscription = current(await payments.listLiveSubscriptions(session.customerId));
      const cancel = action === 'cancel';
      if (subscription && subscription.cancelAtPeriodEnd !== cancel) {
        await payments.setCancelAtPeriodEnd(subscription.id, cancel);
        done = cancel ? 'cancelled' : 'reactivated';
      }
    }
    // What Stripe's webhooks do after a portal change: the one sync writes our copy.
    await syncCustomer(deps, { customerId: session.customerId });

    if (session.flow === 'payment_method_update') return reply.redirect(session.returnUrl, 303);
    const back = new URLSearchParams({ session: session.id, key: session.key });
    if (form.data.lang) back.set('lang', form.data.lang);
    if (done) back.set('done', done);
    return reply.redirect(`/dev/portal?${back}`, 303);
  });
}
