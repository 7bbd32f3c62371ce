import type { TErrorCode } from './http';

/**
 * The one catalogue of user-visible error texts (and the few other texts the server writes),
 * in both languages, shared by server and web: the server answers with these in the request's
 * language, the web loads them as its `errors` namespace. `{{name}}` marks a variable, as in
 * i18next. A text is written once: an entry that says the same as another refers to it.
 */

export const LANGUAGES = ['en', 'zh'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

const en = {
  // What the server writes (SMS and the error messages a screen shows as they are).
  smsCode: '{{code}} is your {{product}} sign-in code. It expires in 10 minutes. Never share it with anyone.',
  invalidPhone: 'Please enter a valid phone number',
  resendTooSoon: 'Please wait {{seconds}} seconds before requesting another code.',
  tooManyCodes: 'Too many codes were requested for this number. Try again in {{minutes}} minutes.',
  tooManyRequests: 'Too many requests. Please try again in {{seconds}} seconds.',
  invalidCode: 'Invalid or expired verification code',
  tooManyAttempts: 'Too many wrong codes. Please request a new code.',
  smsFailed: 'We could not send the code to this number. Please check it and try again.',
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
  approvalNotPending: 'That request was already answered or has expired.',
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

const zh: Record<MessageKey, string> = {
  smsCode: '{{code}} 是您的 {{product}} 登录验证码，10 分钟内有效。请勿告诉任何人。',
  invalidPhone: '请输入有效的手机号码',
  resendTooSoon: '请等待 {{seconds}} 秒后再获取新的验证码。',
  tooManyCodes: '此号码获取验证码的次数过多，请在 {{minutes}} 分钟后重试。',
  tooManyRequests: '请求过于频繁，请在 {{seconds}} 秒后重试。',
  invalidCode: '验证码无效或已过期',
  tooManyAttempts: '错误次数过多，请重新获取验证码。',
  smsFailed: '无法向此号码发送验证码，请检查号码后重试。',
  authRequired: '需要登录。',
  proofInvalid: '手机验证已过期，请重新验证您的号码。',
  ticketInvalid: '创建用户会话失败，请重试。',
  contactSent: '消息发送成功！我们将在 24 小时内回复您。',
  contactTooMany: '您在过去一小时内已发送 5 条消息，请在 {{minutes}} 分钟后重试。',
  eventsRangeOrder: '时间范围的开始必须早于结束。',
  eventsRangeTooLong: '每次最多只能查询 90 天的日程。',
  eventsDateOutOfRange: '日期必须在 1900 年至 2999 年之间。',
  eventsNotConnected: '请先连接您的 {{provider}} 账户，才能查看其日历。',
  calendarNotGranted: '此 {{provider}} 账户未授予日历访问权限。请重新连接并允许访问日历。',
  calendarSwitchedOff: '此 {{provider}} 账户的日历已关闭。请在“集成”中开启后查看日程。',
  calendarUnavailable: '暂时无法连接 {{provider}} 日历，请几分钟后重试。',
  calendarFailed: '{{provider}} 日历未正常响应，请重试。',
  usageAlert80:
    '{{product}}：您本周期套餐中的 {{limit}} 令牌已使用 80%，将于 {{date}} 重置。查看用量：{{link}}',
  usageAlert100:
    '{{product}}：您本周期套餐中的 {{limit}} 令牌已全部用完，将于 {{date}} 重置。如需立即获得更多令牌，请升级套餐：{{link}}',
  usageAlertSubject80: '您已使用 80% 的令牌',
  usageAlertSubject100: '您的令牌已全部用完',
  singleLine: '请只输入一行文字，不要包含制表符、换行符或其他控制字符。',
  controlCharacters: '请删除文本中不可见的控制字符。',
  network: '网络错误，请检查网络连接后重试。',
  http: 'HTTP 错误！状态码：{{status}}',
  redirectingToLogin: '需要登录，正在跳转到登录页……',
  noSession: '未找到登录凭证，请重新登录。',
  unknown: '出了点问题，请重试。',
  reference: '（参考编号：{{requestId}}）',
  smsReconnect:
    '{{product}}：您的助手已无法访问您的 {{provider}} 账户（{{email}}）。请在此重新连接：{{link}}',
  reasonGrantRevoked: '{{provider}} 的访问授权已被撤销，请重新连接。',
  reasonTokenExpired: '与 {{provider}} 的连接已过期，请重新连接。',
  reasonApplePassword:
    'App 专用密码已失效（更改 Apple ID 密码后 Apple 会将其撤销）。请创建新的密码并重新连接。',
  needsReconnect: '此连接需要重新连接。',
  appleAuthFailed:
    '连接 Apple iCloud 失败，请检查您的凭据。请使用在 appleid.apple.com 创建的 App 专用密码，而不是 Apple ID 密码。',
  appleUnreachable: '暂时无法连接 iCloud，请几分钟后重试。',
  appleConnected: 'Apple iCloud 连接成功！',
  appleTaken: '此 Apple ID 已连接到其他账户。',
  invalidPlan: '所选套餐无效',
  trialAlreadyUsed: '每个账户只能使用一次免费试用。',
  subscriptionExists: '您已有生效中的订阅。',
  noSubscription: '没有可更改的生效订阅。',
  onlyCancelAtPeriodEnd: '订阅只能在已付费周期结束时取消。',
  noBillingAccount: '尚无账单账户，请先选择套餐。',
  invoiceNotFound: '未找到该发票。',
  checkoutNotFound: '未找到该结账会话。',
  checkoutBusy: '正在准备结账，请稍后重试。',
  amountMismatch: '金额与套餐价格不符。',
  webhookSignature: 'Webhook 签名缺失、错误或已过期。',
  checkoutTitle: '结账',
  checkoutNote: '本地模拟：不会真实扣款。选择付款或拒绝以查看各种结果。',
  checkoutPlan: '{{plan}}：每月 {{price}} 美元',
  checkoutPay: '支付 {{price}} 美元',
  checkoutDecline: '拒绝付款',
  checkoutClosed: '此结账已完成。',
  invoiceTitle: '发票 {{id}}',
  portalTitle: '账单管理',
  portalCardTitle: '更换银行卡',
  portalNote: '本地模拟的支付服务商账单管理页面：不会真实扣款。',
  portalPlan: '您的套餐',
  portalRenews: '将于 {{date}} 续订。',
  portalCancels: '已取消：有效期至 {{date}}。',
  portalCancel: '取消套餐',
  portalReactivate: '续订套餐',
  portalPaymentMethod: '您的银行卡',
  portalCardOnFile: '尾号 {{last4}} 的 {{brand}} 卡',
  portalNoCard: '尚未绑定银行卡。',
  portalChooseCard: '选择一张测试卡',
  portalUseCard: '使用此卡',
  portalBack: '返回 {{product}}',
  portalCancelled: '您的套餐已取消，有效期至 {{date}}。',
  portalReactivated: '您的套餐已续订。',
  portalCardUpdated: '已更换您的银行卡。',
  portalExpired: '此账单管理链接已过期，请返回后重新打开。',
  phoneLinked: '完成！开始与我们的 AI 助手聊天吧。',
  phoneLinkFailed: '关联手机号码失败。请确认您已先连接 Google 或 Microsoft。',
  phoneTaken: '此手机号码已关联到其他账户。',
  disconnected: '{{provider}} 已成功断开连接。',
  serviceDisconnected: '{{provider}} {{service}} 已成功断开连接。',
  providerNotConnected: '{{provider}} 尚未连接。',
  serviceNotGranted: '{{provider}} 未授予{{service}}的访问权限。请重新连接并允许访问{{service}}。',
  phoneCodeSent: '我们已向 {{phone}} 发送验证码，输入后即可关联此号码。',
  smsLinkCode:
    '{{code}} 是您的 {{product}} 验证码，用于将此号码关联到您的助手，10 分钟内有效。请勿告诉任何人。',
  sessionNotFound: '此会话已结束。',
  approvalNotFound: '未找到该请求。',
  approvalNotPending: '该请求已被处理或已过期。',
  deleteCancelFailed: '无法取消您的订阅，因此未删除任何内容。请几分钟后重试。',
  accountDeleted: '您的账户已删除。',
  accountDeletedSms:
    '您的 {{product}} 账户及其数据已删除，所有已连接的账户均已断开。感谢您使用 {{product}}。',
  accountDeletedSubject: '您的 {{product}} 账户已删除',
  accountDeletedMail:
    '您的 {{product}} 账户及其数据已删除，所有已连接的账户均已断开，订阅也已取消。我们仅按法律要求保留发票，且不含您的联系方式。\n\n感谢您使用 {{product}}。',
};

export const MESSAGES: Record<TLanguage, Record<MessageKey, string>> = { en, zh };

/**
 * Service names inside the server's sentences ('Google Calendar disconnected successfully.').
 * Kept out of MESSAGES: as bare words they are the web's own labels too, and the catalogue
 * must not repeat a locale file's text.
 */
export const SERVICE_LABELS: Record<TLanguage, Record<'email' | 'calendar' | 'contacts', string>> = {
  en: { email: 'Email', calendar: 'Calendar', contacts: 'Contacts' },
  zh: { email: '邮件', calendar: '日历', contacts: '通讯录' },
};

/** A text for every code of ERROR_CODES, for when the server's own message is not for people. */
export const ERROR_CODE_TEXTS: Record<TLanguage, Record<TErrorCode, string>> = {
  en: {
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
    NEEDS_RECONNECT: en.needsReconnect,
    PERMISSION_MISSING:
      'The assistant has not been given this permission. Grant it on the Integrations page.',
    APPLE_AUTH_FAILED: en.appleAuthFailed,
    PAYMENT_ERROR: 'Payment failed. Please try again.',
    SERVICE_UNAVAILABLE: 'This service is not available right now. Please try again later.',
    INTERNAL: 'Something went wrong on our side. Please try again.',
  },
  zh: {
    VALIDATION_ERROR: '输入的信息有误。',
    BAD_REQUEST: '无法处理该请求，请重试。',
    UNAUTHORIZED: '登录已过期，请重新登录。',
    FORBIDDEN: '您无权执行此操作。',
    NOT_FOUND: '未找到您要查找的内容。',
    CONFLICT: '此操作与最近的更改冲突，请刷新页面后重试。',
    PAYLOAD_TOO_LARGE: '提交的内容过大。',
    HEADERS_TOO_LARGE: '请求头过大。',
    REQUEST_TIMEOUT: '请求传输超时，请重试。',
    UNSUPPORTED_MEDIA_TYPE: '不支持此类内容。',
    RATE_LIMITED: '请求过于频繁，请稍后重试。',
    INVALID_CODE: zh.invalidCode,
    CODE_EXPIRED: zh.invalidCode,
    TOO_MANY_ATTEMPTS: zh.tooManyAttempts,
    INVALID_PHONE_NUMBER: zh.invalidPhone,
    NOT_CONNECTED: '请先连接此账户，然后重试。',
    OAUTH_DENIED: '未获得授权，账户未连接。请重试并允许访问。',
    OAUTH_FAILED: 'OAuth 认证失败，请重试。',
    PROVIDER_ERROR: '我们依赖的服务未正常响应，请重试。',
    NEEDS_RECONNECT: zh.needsReconnect,
    PERMISSION_MISSING: '助理尚未获得此权限，请在“集成”页面授予。',
    APPLE_AUTH_FAILED: zh.appleAuthFailed,
    PAYMENT_ERROR: '付款失败，请重试。',
    SERVICE_UNAVAILABLE: '此服务暂时不可用，请稍后重试。',
    INTERNAL: '我们这边出了点问题，请重试。',
  },
};

/**
 * Codes whose server `message` is diagnostic rather than written for people: framework
 * wording, a field path, or English only. A client shows the catalogue's text for these;
 * for every other code the server's message is the text to show (it is in the request's
 * language).
 */
export const DIAGNOSTIC_CODES: readonly TErrorCode[] = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
];

/** The catalogue as one i18next namespace: the texts by key, the code texts under `codes.`. */
export function messageBundle(language: TLanguage): Record<MessageKey, string> & {
  codes: Record<TErrorCode, string>;
} {
  return { ...MESSAGES[language], codes: ERROR_CODE_TEXTS[language] };
}

export type MessageVars = Record<string, string | number>;

function interpolate(text: string, vars: MessageVars): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export function translate(language: TLanguage, key: MessageKey, vars: MessageVars = {}): string {
  return interpolate(MESSAGES[language][key], vars);
}

export function errorCodeText(language: TLanguage, code: TErrorCode, vars: MessageVars = {}): string {
  return interpolate(ERROR_CODE_TEXTS[language][code], vars);
}
