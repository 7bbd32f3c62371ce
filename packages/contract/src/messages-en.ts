import type { TErrorCode } from './http-core';

/**
 * The catalogue's English texts (messages.ts has the whole catalogue and how it is used). In a
 * file of its own, apart from the Chinese, so the web app's first load holds one language: the
 * other loads only for a visitor who reads it.
 */
export const en = {
  // What the server writes (SMS and the error messages a screen shows as they are).
  smsCode: '{{code}} is your {{product}} sign-in code. It expires in 10 minutes. Never share it with anyone.',
  invalidPhone: 'Please enter a valid phone number',
  resendTooSoon: 'Please wait {{seconds}} seconds before requesting another code.',
  tooManyCodes: 'Too many codes were requested for this number. Try again in {{minutes}} minutes.',
  tooManyRequests: 'Too many requests. Please try again in {{seconds}} seconds.',
  invalidCode: 'Invalid or expired verification code',
  tooManyAttempts: 'Too many wrong codes. Please request a new code.',
  smsFailed: 'We could not send the code to this number. Please check it and try again.',
  smsOptedOut:
    'This number has texted STOP to {{product}}, so we send it nothing, codes included. To get a code, first text START to {{number}} from this phone, then try again.',
  authRequired: 'Authentication required.',
  proofInvalid: 'Your phone verification has expired. Please verify your number again.',
  ticketInvalid: 'Failed to create user session. Please try again.',
  contactSent: "Message sent successfully! We'll get back to you within 24 hours.",
  contactTooMany: 'You have sent 5 messages in the last hour. Please try again in {{minutes}} minutes.',
  // Calendar events (GET /v1/google/events, /v1/azure/events).
  eventsRangeOrder: 'The start of the time range must be before its end.',
  eventsRangeTooLong: 'Ask for at most 90 days of events at a time.',
  eventsDateOutOfRange: 'Dates must fall between the years 1900 and 2999.',
  eventsNotConnected: 'Connect your {{provider}} account to see its calendar.',
  calendarNotGranted:
    'Calendar access was not allowed for this {{provider}} account. Reconnect it and allow Calendar.',
  calendarSwitchedOff:
    'Calendar is switched off for this {{provider}} account. Turn it on in Integrations to see events.',
  calendarUnavailable: '{{provider}} Calendar could not be reached. Please try again in a few minutes.',
  calendarFailed: '{{provider}} Calendar did not answer as expected. Please try again.',
  // Usage alerts (issue 10): at 80% and 100% of the plan's tokens, by SMS or mail.
  usageAlert80:
    '{{product}}: you have used 80% of the {{limit}} tokens in your plan for this period. It renews on {{date}}. See your usage: {{link}}',
  usageAlert100:
    '{{product}}: you have used all {{limit}} tokens in your plan for this period. It renews on {{date}}. To get more now, upgrade your plan: {{link}}',
  usageAlertSubject80: 'You have used 80% of your tokens',
  usageAlertSubject100: 'You have used all your tokens',
  // Field rules of the contract (common.ts): the zod message, and the web's field error.
  singleLine: 'Use one line of text, without tabs, line breaks or other control characters.',
  controlCharacters: 'Remove the invisible control characters from the text.',
  // What a client says when no server text applies (spec §8).
  network: 'Network error. Please check your connection and try again.',
  http: 'HTTP error! status: {{status}}',
  redirectingToLogin: 'Authentication required. Redirecting to login...',
  noSession: 'No session token found. Please sign in again.',
  unknown: 'Something went wrong. Please try again.',
  reference: '(Reference: {{requestId}})',
  // Connections (integrations): what breaks, and how the person repairs it.
  smsReconnect:
    '{{product}}: your assistant lost access to your {{provider}} account ({{email}}). Reconnect it here: {{link}}',
  reasonGrantRevoked: 'Access was withdrawn at {{provider}}. Reconnect to continue.',
  reasonTokenExpired: 'The connection to {{provider}} expired. Reconnect to continue.',
  reasonApplePassword:
    'The app-specific password stopped working (Apple revokes it when your Apple ID password changes). Create a new one and reconnect.',
  needsReconnect: 'This connection needs to be reconnected.',
  appleAuthFailed:
    'Failed to connect Apple iCloud. Please check your credentials. Use an app-specific password created at appleid.apple.com, not your Apple ID password.',
  appleUnreachable: 'iCloud could not be reached. Please try again in a few minutes.',
  signInProviderUnreachable: '{{provider}} could not be reached. Please try again in a few minutes.',
  appleConnected: 'Apple iCloud connected successfully!',
  appleTaken: 'This Apple ID is already connected to another account.',
  // Billing and payments (issue 10, server): answers beyond spec §8, and the local checkout and portal pages.
  invalidPlan: 'Invalid plan selected',
  trialAlreadyUsed: 'The free trial can be taken only once per account.',
  subscriptionExists: 'You already have an active subscription.',
  noSubscription: 'There is no active subscription to change.',
  onlyCancelAtPeriodEnd: 'A subscription can only be cancelled at the end of the paid period.',
  noBillingAccount: 'There is no billing account yet. Choose a plan first.',
  invoiceNotFound: 'Invoice not found.',
  checkoutNotFound: 'That checkout session was not found.',
  checkoutBusy: 'A checkout is already being prepared. Please try again.',
  amountMismatch: 'The amount does not match the price of the plan.',
  webhookSignature: 'The webhook signature is missing, wrong or too old.',
  checkoutTitle: 'Checkout',
  checkoutNote: 'Local stand-in: no card is charged. Pay or decline to see each result.',
  checkoutPlan: '{{plan}}: {{price}} USD per month',
  checkoutPay: 'Pay {{price}} USD',
  checkoutDecline: 'Decline the payment',
  checkoutClosed: 'This checkout is already finished.',
  invoiceTitle: 'Invoice {{id}}',
  portalTitle: 'Billing portal',
  portalCardTitle: 'Change your card',
  portalNote: "Local stand-in for the card provider's billing portal: no card is charged.",
  portalPlan: 'Your plan',
  portalRenews: 'Renews on {{date}}.',
  portalCancels: 'Cancelled: active until {{date}}.',
  portalCancel: 'Cancel plan',
  portalReactivate: 'Renew plan',
  portalPaymentMethod: 'Your card',
  portalCardOnFile: '{{brand}} ending in {{last4}}',
  portalNoCard: 'No card on file.',
  portalChooseCard: 'Choose a test card',
  portalUseCard: 'Use this card',
  portalBack: 'Return to {{product}}',
  portalCancelled: 'Your plan is cancelled. It stays active until {{date}}.',
  portalReactivated: 'Your plan is renewed.',
  portalCardUpdated: 'Your card has been changed.',
  portalExpired: 'This billing portal link has expired. Go back and open it again.',
  phoneLinked: 'Done! Start chating with our AI agent.',
  phoneLinkFailed: 'Failed to link phone number. Make sure you have connected Google or Microsoft first.',
  phoneTaken: 'This phone number is already linked to another account.',
  disconnected: '{{provider}} disconnected successfully.',
  // Integrations and phone link (issue 9): the server's answers beyond spec §8.
  serviceDisconnected: '{{provider}} {{service}} disconnected successfully.',
  providerNotConnected: '{{provider}} is not connected.',
  serviceNotGranted:
    '{{provider}} did not give access to {{service}}. Connect it again and allow {{service}}.',
  phoneCodeSent: 'We texted a code to {{phone}}. Enter it to link this number.',
  smsLinkCode:
    '{{code}} is your {{product}} code to link this number to your assistant. It expires in 10 minutes. Never share it with anyone.',
  // Account and privacy (issue 11).
  sessionNotFound: 'This session has already ended.',
  // The Assistant screen (issue 22).
  approvalNotFound: 'That request was not found.',
  memoryNotFound: 'That memory was not found.',
  approvalNotPending: 'That request was already answered or has expired.',
  // Reminders (issue 30).
  reminderNotFound: 'That reminder was not found or is no longer active.',
  reminderTimePast: 'That time has passed. Choose a later one.',
  deleteCancelFailed:
    'We could not cancel your subscription, so nothing was deleted. Please try again in a few minutes.',
  accountDeleted: 'Your account has been deleted.',
  accountDeletedSms:
    'Your {{product}} account and its data have been deleted, and every connected account was disconnected. Thank you for trying {{product}}.',
  accountDeletedSubject: 'Your {{product}} account has been deleted',
  accountDeletedMail:
    'Your {{product}} account and its data have been deleted, every connected account was disconnected and any subscription was canceled. We keep only the invoices the law requires, without your contact details.\n\nThank you for trying {{product}}.',
};

export type MessageKey = keyof typeof en;

/** A text for every code of ERROR_CODES (messages.ts). */
export const enCodes: Record<TErrorCode, string> = {
  VALIDATION_ERROR: 'Some of the information entered is not valid.',
  BAD_REQUEST: 'The request could not be processed. Please try again.',
  UNAUTHORIZED: 'Your session has expired. Please sign in again.',
  FORBIDDEN: 'You are not allowed to do that.',
  NOT_FOUND: 'We could not find what you were looking for.',
  CONFLICT: 'This clashes with a recent change. Please reload the page and try again.',
  PAYLOAD_TOO_LARGE: 'What you sent is too large.',
  HEADERS_TOO_LARGE: 'The request headers are too large.',
  REQUEST_TIMEOUT: 'The request took too long to arrive. Please try again.',
  UNSUPPORTED_MEDIA_TYPE: 'This kind of content is not supported.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  INVALID_CODE: en.invalidCode,
  CODE_EXPIRED: en.invalidCode,
  TOO_MANY_ATTEMPTS: en.tooManyAttempts,
  INVALID_PHONE_NUMBER: en.invalidPhone,
  NOT_CONNECTED: 'Connect this account first, then try again.',
  OAUTH_DENIED:
    'Access was not granted, so the account was not connected. Please try again and allow access.',
  OAUTH_FAILED: 'OAuth authentication failed. Please try again.',
  PROVIDER_ERROR: 'A service we rely on did not answer as expected. Please try again.',
  SMS_OPTED_OUT:
    'This number has texted STOP, so we send it nothing. Text START to our number first, then try again.',
  NEEDS_RECONNECT: en.needsReconnect,
  PERMISSION_MISSING: 'The assistant has not been given this permission. Grant it on the Integrations page.',
  APPLE_AUTH_FAILED: en.appleAuthFailed,
  PAYMENT_ERROR: 'Payment failed. Please try again.',
  SERVICE_UNAVAILABLE: 'This service is not available right now. Please try again later.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
};
