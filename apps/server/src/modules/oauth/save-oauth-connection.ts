import { newId } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { ProviderIdentity, SignInProvider } from '../../providers/identity/identity';
import type { ConnectionRow, ConnectionsRepo } from '../connections/repo';
import { sealToken } from '../connections/sealed-tokens';

/**
 * Stores the provider account's connection with sealed tokens and the scopes actually granted:
 * a new row, or the known one repaired in place. A working grant is never traded for a
 * narrower one. Returns the security event it amounts to (none for a routine re-consent) and
 * the scopes the connection holds now.
 */
export async function saveOAuthConnection(
  deps: { connectionsRepo: ConnectionsRepo; secretBox: SecretBox },
  input: {
    userId: string;
    provider: SignInProvider;
    identity: ProviderIdentity;
    existing: ConnectionRow | undefined;
    nowIso: string;
  },
): Promise<{ event: 'connection_added' | 'connection_repaired' | null; scopes: Set<string> }> {
  const { identity, existing, nowIso } = input;
  const granted = new Set(identity.grantedScopes);
  const sealed = (id: string) => ({
    access_token: sealToken(deps.secretBox, id, 'access', identity.accessToken),
    refresh_token: identity.refreshToken
      ? sealToken(deps.secretBox, id, 'refresh', identity.refreshToken)
      : null,
  });
  if (existing) {
    const previous = existing.granted_scopes.split(' ').filter(Boolean);
    // Never trade a working grant for a narrower one: keep its tokens and scopes.
    const narrower = existing.status === 'connected' && previous.some((scope) => !granted.has(scope));
    await deps.connectionsRepo.update(existing.id, {
      email: identity.email || existing.email,
      name: identity.name,
      updated_at: nowIso,
      ...(narrower
        ? {}
        : {
            ...sealed(existing.id),
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
    const repaired = existing.status === 'needs_reconnect' && !narrower;
    return { event: repaired ? 'connection_repaired' : null, scopes: narrower ? new Set(previous) : granted };
  }
  const id = newId();
  await deps.connectionsRepo.insert({
    id,
    user_id: input.userId,
    provider: input.provider,
    provider_account_id: identity.accountId,
    email: identity.email,
    name: identity.name,
    granted_scopes: [...granted].join(' '),
    ...sealed(id),
    expires_at: identity.expiresAt,
    status: 'connected',
    status_reason: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  return { event: 'connection_added', scopes: granted };
}
