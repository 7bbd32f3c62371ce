import type { FastifyRequest } from 'fastify';

export type Language = 'en' | 'zh';

/**
 * What the server says to people, in both languages: SMS texts and the error messages a
 * screen may show as they are. Keys must match across languages (a test checks).
 */
export const MESSAGES = {
  en: {
    smsCode:
      '{{code}} is your {{product}} sign-in code. It expires in 10 minutes. Never share it with anyone.',
    invalidPhone: 'Please enter a valid phone number',
    resendTooSoon: 'Please wait {{seconds}} seconds before requesting another code.',
    tooManyCodes: 'Too many codes were requested for this number. Try again in {{minutes}} minutes.',
    tooManyRequests: 'Too many requests. Please try again in {{seconds}} seconds.',
    invalidCode: 'Invalid or expired verification code',
    tooManyAttempts: 'Too many wrong codes. Please request a new code.',
    smsFailed: 'We could not send the code to this number. Please check it and try again.',
    authRequired: 'Authentication required.',
    proofInvalid: 'Your phone verification has expired. Please verify your number again.',
    contactSent: "Message sent successfully! We'll get back to you within 24 hours.",
    contactTooMany: 'You have sent 5 messages in the last hour. Please try again in {{minutes}} minutes.',
  },
  zh: {
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
    contactSent: '消息发送成功！我们将在 24 小时内回复您。',
    contactTooMany: '您在过去一小时内已发送 5 条消息，请在 {{minutes}} 分钟后重试。',
  },
} as const;

export type MessageKey = keyof (typeof MESSAGES)['en'];

export function translate(
  language: Language,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): string {
  return MESSAGES[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The request's language from Accept-Language (the web sends its current language); English otherwise. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = String(request.headers['accept-language'] ?? '');
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}
