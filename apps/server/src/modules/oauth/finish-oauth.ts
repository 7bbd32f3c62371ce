import { randomBytes } from 'node:crypto';
import type { TServiceType } from '@app/contract/common';
import type { TErrorCode } from '@app/contract/http';
import type { Db, RunInTransaction } from '../../db/database';
import { newId } from '../../lib/ids';
import type { OneTimeStore } from '../../lib/one-time-store/one-time-store';
import type { RequestOrigin } from '../../lib/request-origin';
import type { SecretBox } from '../../lib/secret-box';
import { safeEqual } from '../../lib/secrets';
import {
  type IdentityClient,
  missingServices,
  type ProviderIdentity,
  type SignInProvider,
} from '../../providers/identity/identity';
import { readPhoneProof } from '../auth/phone-proof';
import type { AuthRepo } from '../auth/repo';
import type { ConnectionsRepo } from '../connections/repo';
import { sealToken } from '../connections/sealed-tokens';
import type { SecurityEventsRepo } from '../security-events/repo';
import { UsersRepo } from '../users/repo';
import { bindingOf } from './browser-binding';
import { type OAuthState, redirectUri, stateKey, TICKET_TTL_MS, ticketKey } from './oauth-state';

export interface FinishOAuthDeps {
  identity: IdentityClient;
  store: OneTimeStore;
  repo: ConnectionsRepo;
  authRepo: AuthRepo;
  events: SecurityEventsRepo;
  transaction: RunInTransaction;
  secretBox: SecretBox;
  proofKey: Buffer;
  publicUrl: string;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export type OAuthOutcome =
  | {
      success: true;
      purpose: 'signin' | 'connect';
      ticket: string | null;
      user: { account_id: string; email: string; name: string };
      missingServices: TServiceType[];
    }
  | { success: false; error: TErrorCode; message?: string };

class OAuthFailure extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The callback leg: the state is taken (so it works once), the code exchanged with PKCE and the
 * ID token checked, then in one transaction the user is found, created or linked and the
 * connection stored with sealed tokens. Any failure stores nothing.
 */
export async function finishOAuth(
  deps: FinishOAuthDeps,
  input: {
    provider: SignInProvider;
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined };
    callbackUrl: URL;
    /** The flow cookie this browser sent, if any. */
    browserKey: string | null;
    origin: RequestOrigin;
  },
): Promise<OAuthOutcome> {
  try {
    const raw = input.query.state ? await deps.store.take(stateKey(input.query.state)) : null;
    if (!raw) throw new OAuthFailure('OAUTH_FAILED', 'unknown, expired or already used state');
    const state = JSON.parse(raw) as OAuthState;
    if (state.provider !== input.provider)
      throw new OAuthFailure('OAUTH_FAILED', 'state of another provider');
    if (!input.browserKey || !safeEqual(bindingOf(input.browserKey), state.browser)) {
      throw new OAuthFailure('OAUTH_FAILED', 'the flow was started in another browser');
    }
    if (input.query.error) {
      throw new OAuthFailure(
        input.query.error === 'access_denied' ? 'OAUTH_DENIED' : 'OAUTH_FAILED',
        `provider answered ${input.query.error}`,
      );
    }
    if (!input.query.code) throw new OAuthFailure('OAUTH_FAILED', 'no authorization code');
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
    const { userId, connection } = await deps.transaction((trx) =>
      link(deps, trx, state, identity, input.origin),
    );
    let ticket: string | null = null;
    if (state.purpose === 'signin') {
      ticket = randomBytes(32).toString('base64url');
      await deps.store.put(
        ticketKey(ticket),
        JSON.stringify({ userId, provider: input.provider }),
        TICKET_TTL_MS,
      );
    }
    return {
      success: true,
      purpose: state.purpose,
      ticket,
      user: { account_id: userId, email: connection.email, name: connection.name },
      missingServices: connection.missingServices,
    };
  } catch (error) {
    if (error instanceof OAuthFailure) {
      deps.log.warn({ provider: input.provider, reason: error.message }, 'OAuth callback refused');
      return { success: false, error: error.code };
    }
    // Whatever else went wrong, the transaction stored nothing and the person still lands on the
    // callback screen with a message, not on a bare error page.
    deps.log.error({ provider: input.provider, err: error }, 'OAuth callback failed');
    return { success: false, error: 'OAUTH_FAILED' };
  }
}

async function link(
  deps: FinishOAuthDeps,
  trx: Db,
  state: OAuthState,
  identity: ProviderIdentity,
  origin: RequestOrigin,
): Promise<{ userId: string; connection: { email: string; name: string; missingServices: TServiceType[] } }> {
  const repo = deps.repo.with(trx);
  // oauth/routes.ts hands the callback no users repository yet: this one is bound to its transaction.
  const users = new UsersRepo(trx);
  const now = deps.now();
  const nowIso = now.toISOString();
  const provider = state.provider;
  const existing = await repo.findByAccount(provider, identity.accountId);

  let userId: string;
  if (state.purpose === 'connect') {
    if (!state.userId || !(await users.findById(state.userId))) {
      throw new OAuthFailure('OAUTH_FAILED', 'the signed-in user no longer exists');
    }
    if (existing && existing.user_id !== state.userId) {
      throw new OAuthFailure('CONFLICT', 'this account is connected to another user');
    }
    userId = state.userId;
  } else {
    const proof = state.phoneProof ? readPhoneProof(deps.proofKey, state.phoneProof, now) : null;
    if (state.phoneProof && !proof) throw new OAuthFailure('OAUTH_FAILED', 'phone proof expired');
    if (proof && !(await deps.authRepo.with(trx).useProof(proof.codeId, nowIso))) {
      throw new OAuthFailure('OAUTH_FAILED', 'phone proof already used');
    }
    const phoneUser = proof ? await users.findById(proof.userId) : undefined;
    if (existing) {
      userId = existing.user_id;
      // A known account signing in with a freshly verified number: the number moves onto it,
      // and the phone-only user made at verification (nothing else hangs on it) goes away.
      const owner = await users.findById(userId);
      if (proof && phoneUser && owner && !owner.phone_number && phoneUser.id !== userId) {
        if ((await repo.countForUser(phoneUser.id)) === 0) {
          await users.delete(phoneUser.id);
          await users.update(userId, { phone_number: proof.phone, updated_at: nowIso });
        }
      }
    } else if (proof && phoneUser && phoneUser.phone_number === proof.phone) {
      // The new phone user finishes sign-up with this account.
      userId = phoneUser.id;
      await users.update(userId, {
        email: identity.email || phoneUser.email,
        name: identity.name,
        provider,
        updated_at: nowIso,
      });
    } else {
      userId = newId();
      await users.insert({
        id: userId,
        email: identity.email,
        name: identity.name,
        provider,
        phone_number: null,
        language: 'en',
        created_at: nowIso,
        updated_at: nowIso,
      });
    }
  }

  const granted = new Set(identity.grantedScopes);
  const seal = (id: string) => ({
    access_token: sealToken(deps.secretBox, id, 'access', identity.accessToken),
    refresh_token: identity.refreshToken
      ? sealToken(deps.secretBox, id, 'refresh', identity.refreshToken)
      : null,
  });
  if (existing) {
    const previous = existing.granted_scopes.split(' ').filter(Boolean);
    // Never trade a working grant for a narrower one: keep its tokens and scopes.
    const narrower = existing.status === 'connected' && previous.some((scope) => !granted.has(scope));
    await repo.update(existing.id, {
      email: identity.email || existing.email,
      name: identity.name,
      updated_at: nowIso,
      ...(narrower
        ? {}
        : {
            ...seal(existing.id),
            ...(identity.refreshToken ? {} : { refresh_token: existing.refresh_token }),
            granted_scopes: [...granted].join(' '),
            expires_at: identity.expiresAt,
            status: 'connected' as const,
            status_reason: null,
            // Repaired in place: the break, its SMS and its failure history are over.
            reconnect_notified_at: null,
            failed_refresh_count: 0,
            retry_after: null,
            last_refresh_error: null,
          }),
    });
    if (existing.status === 'needs_reconnect' && !narrower) {
      await deps.events
        .with(trx)
        .record({ userId, kind: 'connection_repaired', detail: { provider }, origin, at: now });
    }
    const kept = narrower ? new Set(previous) : granted;
    return {
      userId,
      connection: {
        email: identity.email,
        name: identity.name,
        missingServices: missingServices(provider, kept),
      },
    };
  }
  const id = newId();
  await repo.insert({
    id,
    user_id: userId,
    provider,
    provider_account_id: identity.accountId,
    email: identity.email,
    name: identity.name,
    granted_scopes: [...granted].join(' '),
    ...seal(id),
    expires_at: identity.expiresAt,
    status: 'connected',
    status_reason: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  await deps.events
    .with(trx)
    .record({ userId, kind: 'connection_added', detail: { provider }, origin, at: now });
  return {
    userId,
    connection: {
      email: identity.email,
      name: identity.name,
      missingServices: missingServices(provider, granted),
    },
  };
}
