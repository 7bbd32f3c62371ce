import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../lib/secret-box';
import type { IdentityClient, SignInProvider } from '../../providers/identity/identity';
import type { ConnectionRow } from './repo';
import { openToken } from './sealed-tokens';

/** A provider slow to answer a revoke must not hold the person's click for long; it is logged. */
const REVOKE_TIMEOUT_MS = 10_000;

/**
 * Withdraws a connection's grant at its provider (Google's revoke endpoint, Facebook's
 * permissions delete), with tokens the caller already took off our copy.
 */
/** Best effort: a failure is logged (the grant may still exist at the provider) and never undoes the delete. */
export async function revokeGrant(
  deps: { identity: IdentityClient; secretBox: SecretBox; log: FastifyBaseLogger },
  connection: ConnectionRow,
): Promise<void> {
  // Apple's app-specific password can only be revoked by the person at appleid.apple.com.
  if (connection.provider === 'apple') return;
  const log = { connectionId: connection.id, provider: connection.provider };
  try {
    const tokens = {
      accessToken: openToken(deps.secretBox, connection.id, 'access', connection.access_token),
      refreshToken: connection.refresh_token
        ? openToken(deps.secretBox, connection.id, 'refresh', connection.refresh_token)
        : null,
    };
    let timer: NodeJS.Timeout | undefined;
    const revoked = await Promise.race([
      deps.identity.revoke(connection.provider as SignInProvider, tokens),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('revoke timed out')), REVOKE_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    deps.log.info({ ...log, revoked }, revoked ? 'grant revoked at the provider' : 'provider has no revoke');
  } catch (error) {
    deps.log.warn({ ...log, err: error }, 'revoking the grant at the provider failed; our copy is deleted');
  }
}
