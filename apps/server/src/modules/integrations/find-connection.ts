import type { TProvider } from '@app/contract/common';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import type { ConnectionRow } from '../connections/repo';
import type { IntegrationsDeps } from './deps';

/**
 * The signed-in user's connection to a provider: the one named by id, else the newest. An id
 * that is not theirs (another user's, or none at all) answers 404, the same either way, so an
 * id reveals nothing about whether it exists.
 */
export async function findOwnConnection(
  deps: Pick<IntegrationsDeps, 'connectionsRepo'>,
  input: {
    userId: string;
    provider?: TProvider | undefined;
    connectionId?: string | undefined;
    language: Language;
    /** What "no connection to this provider" answers: enable says connect first, disconnect 404. */
    missing?: 'NOT_CONNECTED' | 'NOT_FOUND';
  },
): Promise<ConnectionRow> {
  if (input.connectionId) {
    const row = await deps.connectionsRepo.findById(input.connectionId);
    if (!row || row.user_id !== input.userId || (input.provider && row.provider !== input.provider)) {
      throw new AppError('NOT_FOUND', 'No such connection.');
    }
    return row;
  }
  const provider = input.provider!;
  const row = await deps.connectionsRepo.findForUser(input.userId, provider);
  if (!row) {
    throw new AppError(
      input.missing ?? 'NOT_CONNECTED',
      translate(input.language, 'providerNotConnected', { provider: PROVIDER_NAMES[provider] }),
    );
  }
  return row;
}
