import type { TVerifyCodeResponse } from '@app/contract/auth/verify-code';
import { PHONE_EMAIL_DOMAIN } from '@app/contract/common';
import { normaliseE164 } from '@app/contract/phone';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type Language, translate } from '../../lib/messages';
import type { RequestOrigin } from '../../lib/request-origin';
import type { AuthDeps } from './deps';
import { checkCode } from './phone-codes';
import { issuePhoneProof } from './phone-proof';
import type { UserRow } from './repo';
import { createSession, toUser } from './sessions';

export type VerifyCodeDeps = Pick<
  AuthDeps,
  'authRepo' | 'usersRepo' | 'securityEvents' | 'transaction' | 'codeKey' | 'proofKey' | 'clock'
>;

function verifiedUser(user: UserRow) {
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    displayName: user.name,
    phoneNumber: user.phone_number ?? '',
  };
}

/**
 * Checks a code (phone-codes.ts: at most five comparisons per code, however many requests
 * arrive at once). An existing user is signed in; a new number becomes a phone-only user and
 * gets a proof to finish sign-up.
 */
export async function verifyCode(
  deps: VerifyCodeDeps,
  input: {
    phoneNumber: string;
    code: string;
    /** The browser's PROOF_COOKIE value: a new user's proof is bound to it (phone-proof.ts). */
    browserKey: string;
    language: Language;
    origin: RequestOrigin;
    /** The session token this browser still holds, if any: replaced when it is the same user's. */
    currentToken: string | null;
  },
): Promise<TVerifyCodeResponse> {
  const { language } = input;
  const invalid = () => new AppError('INVALID_CODE', translate(language, 'invalidCode'), { field: 'code' });
  const phone = normaliseE164(input.phoneNumber);
  if (!phone)
    throw new AppError('INVALID_PHONE_NUMBER', translate(language, 'invalidPhone'), { field: 'phoneNumber' });

  const now = deps.clock.now();
  const nowIso = now.toISOString();
  // A wrong code against a number that has an account shows in that account's activity.
  const onWrongCode = async (trx: Db) => {
    const owner = await deps.usersRepo.with(trx).findByPhone(phone);
    if (owner) {
      await deps.securityEvents
        .with(trx)
        .record({ userId: owner.id, kind: 'code_failed', origin: input.origin, at: now });
    }
  };
  const code = await checkCode({ ...deps, onWrongCode }, { phone, code: input.code, language });
  // Spending the code and what it buys (a session, or the new user) commit together: a
  // failure in between leaves the code usable instead of spent for nothing.
  return deps.transaction(async (trx) => {
    const repo = deps.authRepo.with(trx);
    if (!(await repo.consumeCode(code.id, nowIso))) throw invalid();
    const users = deps.usersRepo.with(trx);
    const existing = await users.findByPhone(phone);
    if (existing) {
      const sessionToken = await createSession(
        { auth: repo, events: deps.securityEvents.with(trx) },
        existing,
        {
          provider: 'phone',
          origin: input.origin,
          replacing: input.currentToken,
          now,
        },
      );
      return { isExistingUser: true, sessionToken, user: verifiedUser(existing), account: toUser(existing) };
    }
    const user = await users.insertOnce({
      id: newId(),
      email: `${phone.slice(1)}@${PHONE_EMAIL_DOMAIN}`,
      name: 'Phone User',
      provider: 'phone',
      phone_number: phone,
      language,
      created_at: nowIso,
      updated_at: nowIso,
    });
    return {
      isExistingUser: false,
      user: verifiedUser(user),
      verifiedPhoneToken: issuePhoneProof(
        deps.proofKey,
        { phone, userId: user.id, codeId: code.id, browserKey: input.browserKey },
        now,
      ),
    };
  });
}
