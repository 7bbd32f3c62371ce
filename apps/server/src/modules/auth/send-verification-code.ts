import type { TLanguage, TSendVerificationCodeResponse } from '@app/contract/auth/send-verification-code';
import { normaliseE164 } from '@app/contract/phone';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { translate } from '../../lib/messages';
import { secondsUntilWindowFrees } from '../../lib/window-limit';
import type { SmsSender } from '../../providers/sms/sms';
import type { AuthRepo } from './repo';
import {
  CODE_TTL_SECONDS,
  generateCode,
  hashCode,
  MAX_SENDS_PER_HOUR,
  RESEND_AFTER_SECONDS,
} from './verification-codes';

export interface SendCodeDeps {
  repo: AuthRepo;
  sms: SmsSender;
  codeKey: Buffer;
  productName: string;
  publicUrl: string;
  now: () => Date;
}

const HOUR_MS = 60 * 60 * 1000;

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

  await deps.repo.withPhoneLock(phone, nowIso, async (repo) => {
    const sends = await repo.sendTimes(phone, new Date(now.getTime() - HOUR_MS).toISOString());
    const last = sends[0];
    if (last) {
      const wait = Math.ceil((Date.parse(last) + RESEND_AFTER_SECONDS * 1000 - now.getTime()) / 1000);
      if (wait > 0) {
        throw new AppError('RATE_LIMITED', translate(language, 'resendTooSoon', { seconds: wait }), {
          retryAfterSeconds: wait,
        });
      }
    }
    const wait = secondsUntilWindowFrees(sends, MAX_SENDS_PER_HOUR, HOUR_MS, now);
    if (wait !== null) {
      throw new AppError(
        'RATE_LIMITED',
        translate(language, 'tooManyCodes', { minutes: Math.ceil(wait / 60) }),
        {
          retryAfterSeconds: wait,
        },
      );
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
