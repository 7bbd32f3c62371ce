import type { TLanguage, TSendVerificationCodeResponse } from '@app/contract/auth/send-verification-code';
import { normaliseE164 } from '@app/contract/phone';
import type { RunInTransaction } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { translate } from '../../lib/messages';
import type { SmsSender } from '../../providers/sms/sms';
import type { AuthRepo } from './repo';
import {
  CODE_TTL_SECONDS,
  generateCode,
  hashCode,
  nextSendWait,
  RESEND_AFTER_SECONDS,
  SEND_WINDOW_MS,
} from './verification-codes';

export interface SendCodeDeps {
  repo: AuthRepo;
  transaction: RunInTransaction;
  sms: SmsSender;
  codeKey: Buffer;
  productName: string;
  publicUrl: string;
  now: () => Date;
}

/**
 * Creates a code for the number and texts it. The per-number limits (one send per 30 s,
 * five per hour) are checked and the code stored under the number's lock, so parallel
 * requests cannot slip past them.
 */
export async function sendVerificationCode(
  deps: SendCodeDeps,
  input: { phoneNumber: string; language: TLanguage },
): Promise<TSendVerificationCodeResponse> {
  const { language } = input;
  const phone = normaliseE164(input.phoneNumber);
  if (!phone) {
    throw new AppError('INVALID_PHONE_NUMBER', translate(language, 'invalidPhone'), { field: 'phoneNumber' });
  }
  const now = deps.now();
  const nowIso = now.toISOString();
  const code = generateCode();
  const id = newId();

  await deps.transaction(async (trx) => {
    const repo = deps.repo.with(trx);
    await repo.lockPhone(phone, nowIso);
    const sends = await repo.sendTimes(phone, new Date(now.getTime() - SEND_WINDOW_MS).toISOString());
    const wait = nextSendWait(sends, now);
    if (wait) {
      const message =
        wait.reason === 'resend'
          ? translate(language, 'resendTooSoon', { seconds: wait.seconds })
          : translate(language, 'tooManyCodes', { minutes: Math.ceil(wait.seconds / 60) });
      throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: wait.seconds });
    }
    await repo.replaceCode({
      id,
      phone_number: phone,
      code_hash: hashCode(deps.codeKey, phone, code),
      created_at: nowIso,
      expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString(),
      consumed_at: null,
      verified_at: null,
      proof_used_at: null,
    });
  });

  // The last line lets phones offer the code for autofill (WebOTP) on our own origin only.
  const host = new URL(deps.publicUrl).host;
  const body = `${translate(language, 'smsCode', { code, product: deps.productName })}\n\n@${host} #${code}`;
  try {
    await deps.sms.send({ to: phone, body });
  } catch {
    // The send still counts against the limits: a number that fails cannot be hammered.
    throw new AppError('PROVIDER_ERROR', translate(language, 'smsFailed'));
  }
  return { success: true, expiresInSeconds: CODE_TTL_SECONDS, resendAfterSeconds: RESEND_AFTER_SECONDS };
}
