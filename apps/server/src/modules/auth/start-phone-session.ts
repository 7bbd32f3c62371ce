import type { TStartPhoneSessionResponse } from '@app/contract/auth/start-phone-session';
import type { RunInTransaction } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { RequestOrigin } from '../../lib/request-origin';
import type { SecurityEventsRepo } from '../security-events/repo';
import { readBoundPhoneProof } from './phone-proof';
import type { AuthRepo } from './repo';
import { createSession, toUser } from './sessions';

/** Trades a fresh, unused verified-phone proof, from the browser that verified, for a session of that phone-only user. */
export async function startPhoneSession(
  deps: {
    repo: AuthRepo;
    events: SecurityEventsRepo;
    transaction: RunInTransaction;
    proofKey: Buffer;
    now: () => Date;
  },
  input: {
    verifiedPhoneToken: string;
    /** The PROOF_COOKIE value this request came with: the proof works only in its own browser. */
    browserKey: string | null;
    language: Language;
    origin: RequestOrigin;
    currentToken: string | null;
  },
): Promise<TStartPhoneSessionResponse> {
  const now = deps.now();
  const refuse = () => new AppError('UNAUTHORIZED', translate(input.language, 'proofInvalid'));
  const proof = readBoundPhoneProof(deps.proofKey, input.verifiedPhoneToken, now, input.browserKey);
  if (!proof) throw refuse();
  const user = await deps.repo.findUserById(proof.userId);
  if (!user || user.phone_number !== proof.phone) throw refuse();
  // The proof is spent only together with the session it buys.
  const sessionToken = await deps.transaction(async (trx) => {
    const repo = deps.repo.with(trx);
    if (!(await repo.useProof(proof.codeId, now.toISOString()))) throw refuse();
    return createSession({ auth: repo, events: deps.events.with(trx) }, user, {
      provider: 'phone',
      origin: input.origin,
      replacing: input.currentToken,
      now,
    });
  });
  return { sessionToken, user: toUser(user) };
}
