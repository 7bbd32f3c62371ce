import type { TLanguage, TSendVerificationCodeResponse } from '@app/contract/auth/send-verification-code';
import { normaliseE164 } from '@app/contract/phone';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/messages';
import { type TextCodeDeps, textCode } from './phone-codes';
import { CODE_TTL_SECONDS, RESEND_AFTER_SECONDS } from './verification-codes';

export type SendCodeDeps = TextCodeDeps;

/** Texts a sign-in code to the number, within the number's send limits. */
export async function sendVerificationCode(
  deps: SendCodeDeps,
  input: { phoneNumber: string; language: TLanguage },
): Promise<TSendVerificationCodeResponse> {
  const { language } = input;
  const phone = normaliseE164(input.phoneNumber);
  if (!phone) {
    throw new AppError('INVALID_PHONE_NUMBER', translate(language, 'invalidPhone'), { field: 'phoneNumber' });
  }
  await textCode(deps, { phone, language, purpose: 'sign-in' });
  return { success: true, expiresInSeconds: CODE_TTL_SECONDS, resendAfterSeconds: RESEND_AFTER_SECONDS };
}
