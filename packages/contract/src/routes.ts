import { getActivityRoute } from './account/activity';
import { deleteAccountRoute } from './account/delete-account';
import { exportAccountRoute } from './account/export';
import { listSessionsRoute, revokeOtherSessionsRoute, revokeSessionRoute } from './account/sessions';
import { getAppConfigRoute } from './app/get-app-config';
import { connectAppleRoute } from './apple/connect-apple';
import { appleEventsRoute } from './apple/list-apple-events';
import { FOLLOW_UP_ROUTES } from './assistant/follow-ups';
import { ASSISTANT_MEMORY_ROUTES } from './assistant/memory';
import { REMINDER_ROUTES } from './assistant/reminders';
import { SCHEDULING_REQUEST_ROUTES } from './assistant/scheduling';
import { ASSISTANT_SCREEN_ROUTES } from './assistant/screen';
import { exchangeLoginTicketRoute } from './auth/exchange-login-ticket';
import { getMeRoute } from './auth/get-me';
import { logoutRoute } from './auth/logout';
import { sendVerificationCodeRoute } from './auth/send-verification-code';
import { startPhoneSessionRoute } from './auth/start-phone-session';
import { verifyCodeRoute } from './auth/verify-code';
import { customerPortalRoute, downloadInvoiceRoute, updatePaymentMethodRoute } from './billing/billing-links';
import { createCheckoutSessionRoute } from './billing/create-checkout-session';
import { getBillingInfoRoute } from './billing/get-billing-info';
import {
  activateTrialRoute,
  cancelSubscriptionRoute,
  processSuccessRoute,
  reactivateSubscriptionRoute,
} from './billing/subscription-changes';
import { billingWebhookRoute } from './billing/webhook';
import { sendContactMessageRoute } from './contact/send-contact-message';
import { listOutboxRoute } from './dev/list-outbox';
import { devSampleChangeRoute, devSchedulingReplyRoute } from './dev/sample-world';
import { devSchedulingOpenRoute, devSchedulingSeedRoute } from './dev/scheduling-open';
import { devPhoneConversationRoute, devPhoneNumbersRoute, devSmsInboundRoute } from './dev/sms-inbound';
import type { RouteDef } from './http';
import { disableServiceRoute } from './integrations/disable-service';
import { disconnectAccountRoute, disconnectByProviderRoute } from './integrations/disconnect';
import { enableServiceRoute } from './integrations/enable-service';
import { getIntegrationsStatusRoute } from './integrations/get-integrations-status';
import { getPermissionsRoute } from './integrations/get-permissions';
import { connectionAccessTokenRoute, userByPhoneRoute } from './internal/assistant';
import { recordUsageRoute } from './internal/usage';
import { WORKSPACE_ROUTES } from './internal/workspace';
import { azureStatusRoute, facebookStatusRoute, googleStatusRoute } from './oauth/get-oauth-status';
import { azureEventsRoute, googleEventsRoute } from './oauth/list-events';
import {
  azureOAuthCallbackRoute,
  facebookOAuthCallbackRoute,
  googleOAuthCallbackRoute,
} from './oauth/oauth-callback';
import { azureOAuthInitRoute, facebookOAuthInitRoute, googleOAuthInitRoute } from './oauth/oauth-init';
import {
  createIntentRoute,
  createSubscriptionRoute,
  paymentsUpdatePaymentMethodRoute,
} from './payments/payments';
import { getPhoneMappingRoute } from './phone-mapping/get-phone-mapping';
import { setPhoneMappingRoute } from './phone-mapping/set-phone-mapping';

/**
 * Every call of spec §7 plus the few this product adds (auth/me, logout, login ticket,
 * config, dev outbox, account). A test checks each one is documented in the server's OpenAPI output.
 */
export const ROUTES: readonly RouteDef[] = [
  googleOAuthInitRoute,
  azureOAuthInitRoute,
  facebookOAuthInitRoute,
  googleStatusRoute,
  azureStatusRoute,
  facebookStatusRoute,
  googleOAuthCallbackRoute,
  azureOAuthCallbackRoute,
  facebookOAuthCallbackRoute,
  googleEventsRoute,
  azureEventsRoute,
  getPhoneMappingRoute,
  setPhoneMappingRoute,
  getIntegrationsStatusRoute,
  enableServiceRoute,
  disableServiceRoute,
  getPermissionsRoute,
  disconnectAccountRoute,
  disconnectByProviderRoute,
  sendVerificationCodeRoute,
  verifyCodeRoute,
  connectAppleRoute,
  appleEventsRoute,
  sendContactMessageRoute,
  getBillingInfoRoute,
  createCheckoutSessionRoute,
  activateTrialRoute,
  cancelSubscriptionRoute,
  reactivateSubscriptionRoute,
  updatePaymentMethodRoute,
  customerPortalRoute,
  downloadInvoiceRoute,
  processSuccessRoute,
  createIntentRoute,
  createSubscriptionRoute,
  paymentsUpdatePaymentMethodRoute,
  billingWebhookRoute,
  getMeRoute,
  logoutRoute,
  exchangeLoginTicketRoute,
  startPhoneSessionRoute,
  getAppConfigRoute,
  listOutboxRoute,
  devSmsInboundRoute,
  devPhoneConversationRoute,
  devPhoneNumbersRoute,
  devSampleChangeRoute,
  devSchedulingReplyRoute,
  devSchedulingOpenRoute,
  devSchedulingSeedRoute,
  userByPhoneRoute,
  connectionAccessTokenRoute,
  recordUsageRoute,
  ...WORKSPACE_ROUTES,
  listSessionsRoute,
  revokeSessionRoute,
  revokeOtherSessionsRoute,
  getActivityRoute,
  exportAccountRoute,
  deleteAccountRoute,
  ...ASSISTANT_SCREEN_ROUTES,
  ...ASSISTANT_MEMORY_ROUTES,
  ...FOLLOW_UP_ROUTES,
  ...SCHEDULING_REQUEST_ROUTES,
  ...REMINDER_ROUTES,
];
