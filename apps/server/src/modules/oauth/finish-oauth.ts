import type { TServiceType } from '@app/contract/common';
import type { TErrorCode } from '@app/contract/http';
import type { RequestOrigin } from '../../lib/request-origin';
import {
  missingServices,
  type ProviderIdentity,
  type SignInProvider,
} from '../../providers/identity/identity';
import { chooseOAuthUser } from './choose-oauth-user';
import type { OAuthDeps } from './deps';
import { issueLoginTicket } from './issue-login-ticket';
import { OAuthFailure } from './oauth-failure';
import { redirectUri } from './oauth-state';
import { saveOAuthConnection } from './save-oauth-connection';
import { takeOAuthState } from './take-oauth-state';

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type OAuthOutcome =
  | {
      success: true;
      purpose: 'signin' | 'connect';
      ticket: string | null;
      user: { account_id: string; email: string; name: string };
      missingServices: TServiceType[];
    }
  | { success: false; error: TErrorCode; message?: string };

interface CallbackInput {
  provider: SignInProvider;
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined };
  callbackUrl: URL;
  /** The flow cookie this browser sent, if any. */
  browserKey: string | null;
  origin: RequestOrigin;
}

/**
 * The callback leg: the state is taken (so it works once), the code exchanged with PKCE and the
 * ID token checked, then in one transaction the user is found, created or linked and the
 * connection stored with sealed tokens. Any failure stores nothing.
 */
export async function finishOAuth(
  deps: OAuthDeps,
  input: CallbackInput & { log: Log },
): Promise<OAuthOutcome> {
  try {
    const state = await takeOAuthState(deps, input);
    let identity: ProviderIdentity;
    try {
      identity = await deps.identity.exchangeCode(input.provider, {
        callbackUrl: input.callbackUrl,
        redirectUri: redirectUri(deps.publicUrl, input.provider),
        state: input.query.state!,
        nonce: state.nonce,
        codeVerifier: state.codeVerifier,
      });
    } catch (error) {
      throw new OAuthFailure('OAUTH_FAILED', `code exchange refused: ${(error as Error).message}`);
    }
    const { userId, scopes } = await deps.transaction(async (trx) => {
      const now = deps.clock.now();
      const repos = {
        connectionsRepo: deps.connectionsRepo.with(trx),
        authRepo: deps.authRepo.with(trx),
        usersRepo: deps.usersRepo.with(trx),
      };
      const existing = await repos.connectionsRepo.findByAccount(state.provider, identity.accountId);
      const userId = await chooseOAuthUser(
        { ...repos, proofKey: deps.proofKey },
        { state, identity, existing, now },
      );
      const saved = await saveOAuthConnection(
        { connectionsRepo: repos.connectionsRepo, secretBox: deps.secretBox },
        { userId, provider: state.provider, identity, existing, nowIso: now.toISOString() },
      );
      if (saved.event) {
        await deps.securityEvents.with(trx).record({
          userId,
          kind: saved.event,
          detail: { provider: state.provider },
          origin: input.origin,
          at: now,
        });
      }
      return { userId, scopes: saved.scopes };
    });
    // Committed: whoever follows connections (the change feed) is told.
    const connection = await deps.connectionsRepo.findByAccount(state.provider, identity.accountId);
    if (connection?.status === 'connected') await deps.connectionLifecycle.connected(connection);
    const ticket =
      state.purpose === 'signin' ? await issueLoginTicket(deps, { userId, provider: input.provider }) : null;
    return {
      success: true,
      purpose: state.purpose,
      ticket,
      user: { account_id: userId, email: identity.email, name: identity.name },
      missingServices: missingServices(state.provider, scopes),
    };
  } catch (error) {
    if (error instanceof OAuthFailure) {
      input.log.warn({ provider: input.provider, reason: error.message }, 'OAuth callback refused');
      return { success: false, error: error.code };
    }
    // Whatever else went wrong, the transaction stored nothing and the person still lands on the
    // callback screen with a message, not on a bare error page.
    input.log.error({ provider: input.provider, err: error }, 'OAuth callback failed');
    return { success: false, error: 'OAUTH_FAILED' };
  }
}
