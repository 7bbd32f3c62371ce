import { PROVIDER_NAMES } from '../../lib/provider-names';
import type { IntegrationsDeps } from './deps';

/**
 * The connected accounts as support reads them in a mail ("Google (ada@example.com)"), with a
 * broken one marked, since a broken connection is the usual reason people write.
 */
export async function describeConnections(
  deps: Pick<IntegrationsDeps, 'connectionsRepo'>,
  input: { userId: string },
): Promise<string[]> {
  const connections = await deps.connectionsRepo.listForUser(input.userId);
  return connections
    .filter((c) => c.status === 'connected' || c.status === 'needs_reconnect')
    .map((c) => {
      const broken =
        c.status === 'needs_reconnect' ? `, needs reconnect: ${c.status_reason ?? 'unknown'}` : '';
      return `${PROVIDER_NAMES[c.provider]} (${c.email || 'no email'}${broken})`;
    });
}
