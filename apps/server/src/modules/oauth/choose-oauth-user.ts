import { newId } from '../../lib/ids';
import type { ProviderIdentity } from '../../providers/identity/identity';
import { readPhoneProof } from '../auth/phone-proof';
import type { AuthRepo } from '../auth/repo';
import type { ConnectionRow, ConnectionsRepo } from '../connections/repo';
import type { UsersRepo } from '../users/repo';
import { OAuthFailure } from './oauth-failure';
import type { OAuthState } from './oauth-state';

/** The callback's repositories, all bound to its one transaction. */
export interface CallbackRepos {
  usersRepo: UsersRepo;
  connectionsRepo: ConnectionsRepo;
  authRepo: AuthRepo;
}

/**
 * Whose account the provider account becomes part of. Connecting: the signed-in user's, unless
 * the account is already someone else's. Signing in: the user the account already belongs to;
 * else a new phone user finishing sign-up with a valid proof; else a new user.
 */
export async function chooseOAuthUser(
  deps: CallbackRepos & { proofKey: Buffer },
  input: { state: OAuthState; identity: ProviderIdentity; existing: ConnectionRow | undefined; now: Date },
): Promise<string> {
  const { state, existing } = input;
  if (state.purpose === 'connect') {
    if (!state.userId || !(await deps.usersRepo.findById(state.userId))) {
      throw new OAuthFailure('OAUTH_FAILED', 'the signed-in user no longer exists');
    }
    if (existing && existing.user_id !== state.userId) {
      throw new OAuthFailure('CONFLICT', 'this account is connected to another user');
    }
    return state.userId;
  }
  return signInUser(deps, input);
}

async function signInUser(
  deps: CallbackRepos & { proofKey: Buffer },
  input: { state: OAuthState; identity: ProviderIdentity; existing: ConnectionRow | undefined; now: Date },
): Promise<string> {
  const { state, identity, existing, now } = input;
  const nowIso = now.toISOString();
  const proof = state.phoneProof ? readPhoneProof(deps.proofKey, state.phoneProof, now) : null;
  if (state.phoneProof && !proof) throw new OAuthFailure('OAUTH_FAILED', 'phone proof expired');
  if (proof && !(await deps.authRepo.useProof(proof.codeId, nowIso))) {
    throw new OAuthFailure('OAUTH_FAILED', 'phone proof already used');
  }
  const phoneUser = proof ? await deps.usersRepo.findById(proof.userId) : undefined;
  if (existing) {
    const userId = existing.user_id;
    // A known account signing in with a freshly verified number: the number moves onto it,
    // and the phone-only user made at verification (nothing else hangs on it) goes away.
    const owner = await deps.usersRepo.findById(userId);
    if (proof && phoneUser && owner && !owner.phone_number && phoneUser.id !== userId) {
      if ((await deps.connectionsRepo.countForUser(phoneUser.id)) === 0) {
        await deps.usersRepo.delete(phoneUser.id);
        await deps.usersRepo.update(userId, { phone_number: proof.phone, updated_at: nowIso });
      }
    }
    return userId;
  }
  if (proof && phoneUser && phoneUser.phone_number === proof.phone) {
    // The new phone user finishes sign-up with this account.
    await deps.usersRepo.update(phoneUser.id, {
      email: identity.email || phoneUser.email,
      name: identity.name,
      provider: state.provider,
      updated_at: nowIso,
    });
    return phoneUser.id;
  }
  const userId = newId();
  await deps.usersRepo.insert({
    id: userId,
    email: identity.email,
    name: identity.name,
    provider: state.provider,
    phone_number: null,
    language: 'en',
    created_at: nowIso,
    updated_at: nowIso,
  });
  return userId;
}
