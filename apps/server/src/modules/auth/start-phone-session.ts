import type { TStartPhoneSessionResponse } from '@app/contract/auth/start-phone-session';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { RequestOrigin } from '../../lib/request-origin';
import type { AuthDeps } from './deps';
import { readBoundPhoneProof } from './phone-proof';
import { createSession, toUser } from './sessions';

/** Trades a fresh, unused verified-phone proof, from the browser that verified, for a session of that phone-only user. */
export async function startPhoneSession(
  deps: Pick<AuthDeps, 'authRepo' | 'usersRepo' | 'securityEvents' | 'transaction' | 'proofKey' | 'clock'>,
  input: {
    verifiedPhoneToken: string;
    /** The PROOF_COOKIE value this request came with: the proof works only in its own browser. */
    browserKey: string | null;
    language: Language;
    origin: RequestOrigin;
    currentToken: string | null;
  },
): Promise<TStartPhoneSessionResponse> {
  const now = deps.clock.now();
  const refuse = () => new AppError('UNAUTHORIZED', translate(input.language, 'proofInvalid'));
  const proof = readBoundPhoneProof(deps.proofKey, input.verifiedPhoneToken, now, input.browserKey);
  if (!proof) throw refuse();
  const user = await deps.usersRepo.findById(proof.userId);
  if (!user || user.phone_number !== proof.phone) throw refuse();
  // The proof is spent only together with the session it buys.
  const sessionToken = await deps.transaction(async (trx) => {
    const repo = deps.authRepo.with(trx);
    if (!(await repo.useProof(proof.codeId, now.toISOString()))) throw refuse();
    return createSession({ auth: repo, events: deps.securityEvents.with(trx) }, user, {
      provider: 'phone',
      origin: input.origin,
      replacing: input.currentToken,
      now,
    });
  });
  return { sessionToken, user: toUser(user) };
}
