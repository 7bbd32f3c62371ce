import { PLANS } from '@app/contract/plans';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answerLoopbackOnly } from '../../lib/dev-only';
import { type Language, requestLanguage } from '../../lib/messages';
import { LocalPayments } from '../../providers/payments/local';
import { checkoutPage, invoicePage } from './checkout-page';
import type { BillingDeps } from './deps';
import { syncCustomer } from './sync-customer';

const ZCheckoutQuery = z.object({
  session: z.string().min(1).max(255),
  key: z.string().min(1).max(255),
  lang: z.enum(['en', 'zh']).optional(),
});
const ZCheckoutForm = ZCheckoutQuery.extend({ action: z.enum(['pay', 'decline']) });
const ZInvoiceQuery = z.object({ id: z.string().min(1).max(255), lang: z.enum(['en', 'zh']).optional() });

const languageOf = (req: FastifyRequest, lang: Language | undefined): Language =>
  lang ?? requestLanguage(req);

/**
 * /dev/checkout: where the payments stand-in sends the browser instead of Stripe Checkout.
 * Paying runs the very same sync a Stripe webhook runs, then returns to the spec's success
 * address (which runs it once more through process-success); declining returns to the cancel
 * address with `payment=declined`. Only while the stand-in is built, only for this machine, and
 * only with the address's key, which create-checkout-session gives the signed-in person alone.
 */
export async function devCheckoutRoutes(app: FastifyInstance, options: { deps: BillingDeps }) {
  const { payments } = options.deps;
  if (!(payments instanceof LocalPayments)) return;
  answerLoopbackOnly(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const starter = PLANS.find((plan) => plan.id === 'starter');

  app.get('/dev/checkout', { schema: { hide: true } }, async (req, reply) => {
    const query = ZCheckoutQuery.safeParse(req.query);
    const session = query.success
      ? await payments.openCheckoutSession(query.data.session, query.data.key)
      : null;
    if (!query.success || !session)
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such checkout session' } });
    return reply.type('text/html; charset=utf-8').send(
      checkoutPage({
        language: languageOf(req, query.data.lang),
        sessionId: session.id,
        sessionKey: session.key,
        planName: starter?.name ?? 'Starter Plan',
        price: starter?.price ?? 29,
        open: session.status === 'open' && !session.declined,
      }),
    );
  });

  app.post('/dev/checkout', { schema: { hide: true } }, async (req, reply) => {
    const form = ZCheckoutForm.safeParse(req.body);
    if (!form.success)
      return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: form.error.message } });
    const session = await payments.completeCheckout(form.data.session, form.data.key, form.data.action);
    if (!session)
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such checkout session' } });
    if (session.status === 'complete' && session.customerId) {
      await syncCustomer(options.deps, { customerId: session.customerId });
      return reply.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
    }
    const cancel = new URL(session.cancelUrl);
    if (session.declined) cancel.searchParams.set('payment', 'declined');
    return reply.redirect(cancel.toString(), 303);
  });

  app.get('/dev/checkout/invoice', { schema: { hide: true } }, async (req, reply) => {
    const query = ZInvoiceQuery.safeParse(req.query);
    const invoice = query.success ? await payments.getInvoice(query.data.id) : null;
    if (!query.success || !invoice)
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such invoice' } });
    return reply.type('text/html; charset=utf-8').send(
      invoicePage({
        language: languageOf(req, query.data.lang),
        id: invoice.id,
        date: invoice.date,
        description: invoice.description,
        amount: `${(invoice.amountCents / 100).toFixed(2)} ${invoice.currency.toUpperCase()}`,
        status: invoice.status,
      }),
    );
  });
}
