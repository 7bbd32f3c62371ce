import type { Language } from '../../lib/messages';
import { hasRealEmail } from '../users/email-address';

const PRIORITY_LABEL = {
  low: 'Low - General question',
  medium: 'Medium - Need assistance',
  high: 'High - Urgent issue',
};

export interface SupportMailInput {
  id: string;
  subject: string;
  message: string;
  priority: 'low' | 'medium' | 'high';
  language: Language;
  createdAt: string;
  user: {
    id: string;
    name: string;
    email: string;
    phoneNumber: string | null;
    provider: string;
    createdAt: string;
  };
  account: { plan: string; providers: string[] };
  productName: string;
}

/**
 * What support receives: the message and everything needed to answer without asking
 * (account id, plan, connected providers), in English for the support team.
 */
export function supportMail(input: SupportMailInput): {
  subject: string;
  body: string;
  replyTo: string | null;
} {
  const { user } = input;
  const realEmail = hasRealEmail(user.email);
  const tag = input.priority === 'high' ? '[URGENT] ' : '';
  return {
    subject: `${tag}[${input.productName} support] ${input.subject}`,
    replyTo: realEmail ? user.email : null,
    body: [
      `Support message ${input.id}`,
      '',
      `Priority:   ${PRIORITY_LABEL[input.priority]}`,
      `Subject:    ${input.subject}`,
      '',
      input.message,
      '',
      '-- Account --',
      `Account ID: ${user.id}`,
      `Name:       ${user.name}`,
      `Email:      ${realEmail ? user.email : 'none (signed up by phone)'}`,
      `Phone:      ${user.phoneNumber ?? 'none'}`,
      `Signed in:  ${user.provider}`,
      `Plan:       ${input.account.plan}`,
      `Connected:  ${input.account.providers.length > 0 ? input.account.providers.join(', ') : 'none'}`,
      `Language:   ${input.language === 'zh' ? 'Chinese (zh)' : 'English (en)'}`,
      `Member since ${user.createdAt}`,
      `Sent:       ${input.createdAt}`,
      '',
      realEmail
        ? 'Reply to this email to answer the user directly.'
        : `The user has no email address; answer by text message to ${user.phoneNumber ?? 'their number'}.`,
    ].join('\n'),
  };
}

const CONFIRMATION = {
  en: {
    subject: 'We received your message: {subject}',
    body: 'Hi {name},\n\nThanks for writing to {product} support. We have your message and will get back to you within 24 hours.\n\nYour message\nSubject: {subject}\n\n{message}\n\n{product} support',
  },
  zh: {
    subject: '我们已收到您的消息：{subject}',
    body: '{name}，您好：\n\n感谢您联系 {product} 客服。我们已收到您的消息，将在 24 小时内回复您。\n\n您的消息\n主题：{subject}\n\n{message}\n\n{product} 客服',
  },
};

/** The short note the sender gets, in their language, when they have a real address. */
export function confirmationMail(input: SupportMailInput): { subject: string; body: string } {
  const text = CONFIRMATION[input.language];
  const fill = (template: string) =>
    template
      .replaceAll('{name}', input.user.name)
      .replaceAll('{product}', input.productName)
      .replaceAll('{subject}', input.subject)
      .replaceAll('{message}', input.message);
  return { subject: fill(text.subject), body: fill(text.body) };
}
