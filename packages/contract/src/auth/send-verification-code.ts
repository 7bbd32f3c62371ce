import { z } from 'zod';
import { defineRoute } from '../http';
import { LANGUAGES } from '../messages';

/**
 * The phone number in E.164 form (`+61412345678`). The server re-checks it with the
 * same rule as the page, so a hand-made request cannot slip past the form's checks.
 */
export const ZPhoneNumber = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .max(32, 'Phone number is too long')
  .regex(/^\+[0-9]{8,18}$/, 'Phone number must be in international format, e.g. +61412345678');

export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;

export const ZSendVerificationCodeRequest = z.object({
  phoneNumber: ZPhoneNumber,
  /** The page's language: the SMS is written in it. */
  language: ZLanguage.default('en'),
});
export const ZSendVerificationCodeResponse = z.object({
  success: z.literal(true),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int().positive(),
  /** Seconds before another code may be requested for this number. */
  resendAfterSeconds: z.number().int().nonnegative(),
});
export type TSendVerificationCodeRequest = z.input<typeof ZSendVerificationCodeRequest>;
export type TSendVerificationCodeResponse = z.infer<typeof ZSendVerificationCodeResponse>;

export const sendVerificationCodeRoute = defineRoute({
  method: 'POST',
  path: '/api/send-verification-code',
  summary: 'Send a 5-digit sign-in code by SMS',
  tag: 'auth',
  auth: false,
  body: ZSendVerificationCodeRequest,
  response: ZSendVerificationCodeResponse,
  errors: ['INVALID_PHONE_NUMBER', 'RATE_LIMITED', 'SMS_OPTED_OUT', 'PROVIDER_ERROR'],
});
