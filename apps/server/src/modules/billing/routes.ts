import {
  customerPortalRoute,
  downloadInvoiceRoute,
  updatePaymentMethodRoute,
} from '@app/contract/billing/billing-links';
import { createCheckoutSessionRoute } from '@app/contract/billing/create-checkout-session';
import { getBillingInfoRoute } from '@app/contract/billing/get-billing-info';
import {
  activateTrialRoute,
  cancelSubscriptionRoute,
  processSuccessRoute,
  reactivateSubscriptionRoute,
} from '@app/contract/billing/subscription-changes';
import { billingWebhookRoute } from '@app/contract/billing/webhook';
import {
  createIntentRoute,
  createSubscriptionRoute,
  paymentsUpdatePaymentMethodRoute,
} from '@app/contract/payments/payments';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { requestLanguage, translate } from '../../lib/messages';
import { requestOrigin } from '../../lib/request-origin';
import { registerRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/authenticate';
import { activateTrial } from './activate-trial';
import { customerPortal, invoiceDownload, updatePaymentMethodLink } from './billing-links';
import { createCardSubscription, createPaymentIntent, replaceCard } from './card-payments';
import { changeCancellation } from './change-subscription';
import { createCheckoutSession } from './create-checkout-session';
import { billingDeps } from './deps';
import { devCheckoutRoutes } from './dev-checkout';
import { devPortalRoutes } from './dev-portal';
import { getBillingInfo } from './get-billing-info';
import { handleWebhook } from './handle-webhook';
import { processSuccess } from './process-success';

/** Stripe delivers bursts (a checkout sends several events at once) from a few addresses. */
const WEBHOOK_RATE_LIMIT = { max: 1200, timeWindow: '1 minute' };
/** Stripe events can outgrow the API's 64 KB body limit (an invoice with many lines). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export async function billingRoutes(app: FastifyInstance) {
  const deps = billingDeps(app);
  const who = (req: Parameters<typeof requireAuth>[0]) => ({
    user: requireAuth(req).user,
    language: requestLanguage(req),
  });

  registerRoute(app, getBillingInfoRoute, async (req) =>
    getBillingInfo(deps, { user: who(req).user, timeZone: req.query.timeZone }),
  );
  registerRoute(app, activateTrialRoute, async (req) => {
    const { user, language } = who(req);
    return activateTrial(deps, { userId: user.id, language, origin: requestOrigin(req) });
  });
  registerRoute(app, createCheckoutSessionRoute, async (req) =>
    createCheckoutSession(deps, { ...req.body, ...who(req) }),
  );
  registerRoute(app, processSuccessRoute, async (req) => {
    const { user, language } = who(req);
    return processSuccess(deps, { userId: user.id, sessionId: req.body.sessionId, language });
  });
  registerRoute(app, cancelSubscriptionRoute, async (req) => {
    const { user, language } = who(req);
    // Only at period end: the person keeps what they paid for (spec: true from the screen).
    if (!req.body.cancelAtPeriodEnd)
      throw new AppError('BAD_REQUEST', translate(language, 'onlyCancelAtPeriodEnd'));
    return changeCancellation(deps, { userId: user.id, cancel: true, language });
  });
  registerRoute(app, reactivateSubscriptionRoute, async (req) => {
    const { user, language } = who(req);
    return changeCancellation(deps, { userId: user.id, cancel: false, language });
  });
  registerRoute(app, updatePaymentMethodRoute, async (req) => {
    const { user, language } = who(req);
    return updatePaymentMethodLink(deps, { userId: user.id, returnPath: req.body.returnPath, language });
  });
  registerRoute(app, customerPortalRoute, async (req) => {
    const { user, language } = who(req);
    return customerPortal(deps, { userId: user.id, returnPath: req.body.returnPath, language });
  });
  registerRoute(app, downloadInvoiceRoute, async (req) => {
    const { user, language } = who(req);
    return invoiceDownload(deps, { userId: user.id, invoiceId: req.params.id, language });
  });
  registerRoute(app, createIntentRoute, async (req) =>
    createPaymentIntent(deps, {
      ...who(req),
      plan: req.body.plan,
      amount: req.body.amount,
      currency: req.body.currency,
    }),
  );
  registerRoute(app, createSubscriptionRoute, async (req) =>
    createCardSubscription(deps, {
      ...who(req),
      plan: req.body.plan,
      paymentMethodId: req.body.paymentMethodId,
    }),
  );
  registerRoute(app, paymentsUpdatePaymentMethodRoute, async (req) =>
    replaceCard(deps, { user: who(req).user, paymentMethodId: req.body.paymentMethodId }),
  );

  // The webhook reads its body as raw bytes, in a scope of its own: JSON parsing stays as it is
  // for every other route, and the signature is checked over exactly what Stripe signed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    registerRoute(
      scope,
      billingWebhookRoute,
      async (req) => {
        const result = await handleWebhook(deps, {
          rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          signature:
            typeof req.headers['stripe-signature'] === 'string' ? req.headers['stripe-signature'] : undefined,
          language: requestLanguage(req),
        });
        if (result.outcome === 'unreadable') {
          req.log.warn({ outcome: result.outcome, reason: result.reason }, 'billing webhook unreadable');
        } else {
          req.log.info({ outcome: result.outcome }, 'billing webhook');
        }
        return { received: true as const };
      },
      { rateLimit: WEBHOOK_RATE_LIMIT },
    );
  });

  await app.register(devCheckoutRoutes, { deps });
  await app.register(devPortalRoutes, { deps });
}
