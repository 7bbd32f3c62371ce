import { formatE164 } from '@app/contract/phone';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type Language, translate } from '../../lib/messages';
import type { AuthDeps } from './deps';
import type { CodeRow } from './repo';
import {
  CODE_TTL_SECONDS,
  codeMatches,
  generateCode,
  hashCode,
  MAX_ATTEMPTS_PER_CODE,
  nextSendWait,
  SEND_WINDOW_MS,
} from './verification-codes';

/**
 * The one code system for proving a phone number, used by sign-in and by linking a number
 * (phone-mapping), so both share the same limits, attempt caps and storage (design §5).
 */
export type TextCodeDeps = Pick<
  AuthDeps,
  | 'authRepo'
  | 'transaction'
  | 'smsOutbox'
  | 'chatSmsNumber'
  | 'codeKey'
  | 'productName'
  | 'publicUrl'
  | 'clock'
>;

/**
 * Creates a code for an E.164 number and texts it. The per-number limits (one send per 30 s,
 * five per hour) are checked and the code stored under the number's lock, so parallel
 * requests cannot slip past them. The code goes out at once through the SMS outbox, which
 * refuses a number that texted STOP: the person is told to text START first (SMS_OPTED_OUT).
 */
export async function textCode(
  deps: TextCodeDeps,
  input: { phone: string; language: Language; purpose: 'sign-in' | 'link' },
): Promise<void> {
  const { phone, language } = input;
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const code = generateCode();
  const optedOut = () =>
    new AppError(
      'SMS_OPTED_OUT',
      translate(language, 'smsOptedOut', {
        product: deps.productName,
        number: formatE164(deps.chatSmsNumber),
      }),
      { field: 'phoneNumber' },
    );
  // Before any code is made or counted: a refusal here spends none of the number's sends.
  if (await deps.smsOutbox.isOptedOut(phone)) throw optedOut();

  await deps.transaction(async (trx) => {
    const repo = deps.authRepo.with(trx);
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
      id: newId(),
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
  const text = translate(language, input.purpose === 'link' ? 'smsLinkCode' : 'smsCode', {
    code,
    product: deps.productName,
  });
  let sent: Awaited<ReturnType<TextCodeDeps['smsOutbox']['sendNow']>>;
  try {
    sent = await deps.smsOutbox.sendNow({ to: phone, body: `${text}\n\n@${host} #${code}` });
  } catch {
    // The send still counts against the limits: a number that fails cannot be hammered.
    throw new AppError('PROVIDER_ERROR', translate(language, 'smsFailed'));
  }
  // STOP arrived between the check above and the send.
  if (!sent.sent) throw optedOut();
}

/**
 * Checks a code for an E.164 number and returns its row, still open: the caller consumes it
 * (`repo.consumeCode`) in the transaction that stores what it buys, so a failure in between
 * leaves the code usable instead of spent for nothing. Each try is spent atomically before the
 * code is compared, so no number of parallel requests gets more than five comparisons per code.
 */
export async function checkCode(
  deps: Pick<AuthDeps, 'authRepo' | 'transaction' | 'codeKey' | 'clock'> & {
    /** Runs in the transaction that spends the wrong try (sign-in records it as a security event). */
    onWrongCode?: (trx: Db) => Promise<void>;
  },
  input: { phone: string; code: string; language: Language },
): Promise<CodeRow> {
  const { phone, language } = input;
  const invalid = () => new AppError('INVALID_CODE', translate(language, 'invalidCode'), { field: 'code' });
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const code = await deps.authRepo.latestOpenCode(phone);
  if (!code) throw invalid();
  if (code.expires_at <= nowIso) {
    throw new AppError('CODE_EXPIRED', translate(language, 'invalidCode'), { field: 'code' });
  }
  const outcome = await deps.transaction(async (trx) => {
    const attempt = await deps.authRepo.with(trx).spendAttempt(code.id, MAX_ATTEMPTS_PER_CODE, nowIso);
    if (attempt === undefined) return 'no-try-left';
    if (codeMatches(deps.codeKey, phone, input.code, code.code_hash)) return 'match';
    await deps.onWrongCode?.(trx);
    return 'wrong';
  });
  if (outcome === 'no-try-left') {
    // No try left to spend: the tries ran out, or the code was used or replaced meanwhile.
    const current = await deps.authRepo.findCode(code.id);
    if (current && current.attempts >= MAX_ATTEMPTS_PER_CODE) {
      // This code is spent for good; what the person can do next is ask for a new one, so
      // Retry-After says when the number's send limits allow that (at least a second).
      const sends = await deps.authRepo.sendTimes(
        phone,
        new Date(now.getTime() - SEND_WINDOW_MS).toISOString(),
      );
      throw new AppError('TOO_MANY_ATTEMPTS', translate(language, 'tooManyAttempts'), {
        retryAfterSeconds: Math.max(1, nextSendWait(sends, now)?.seconds ?? 1),
      });
    }
    throw invalid();
  }
  if (outcome === 'wrong') throw invalid();
  return code;
}
