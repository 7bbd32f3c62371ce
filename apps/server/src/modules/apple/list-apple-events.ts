import { errorCodeText } from '@app/contract/messages';
import { eventsRange, type TListEventsResponse } from '@app/contract/oauth/list-events';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import { IcloudAuthError, IcloudUnavailableError } from '../../providers/icloud/icloud';
import { readAppleSettings } from '../connections/apple-settings';
import { connectionAppError } from '../connections/connection-app-error';
import type { AppleDeps } from './deps';

/**
 * The person's iCloud events over CalDAV. A 401 now means the app-specific password was
 * revoked (Apple does so when the Apple ID password changes): the connection is marked
 * needs_reconnect, which texts the person once, and the answer is 409 NEEDS_RECONNECT.
 */
export async function listAppleEvents(
  deps: Pick<AppleDeps, 'icloud' | 'connectionsRepo' | 'connectionAccess' | 'clock'>,
  input: {
    userId: string;
    timeMin?: string;
    timeMax?: string;
    maxResults: number;
    language: Language;
    log: FastifyBaseLogger;
  },
): Promise<TListEventsResponse> {
  // Both ends given were checked by the contract; an open end is completed to a week.
  const range = eventsRange(input, deps.clock.now());
  const connection = await deps.connectionsRepo.findForUser(input.userId, 'apple');
  if (!connection || connection.status === 'disconnected') {
    throw new AppError('NOT_CONNECTED', errorCodeText(input.language, 'NOT_CONNECTED'));
  }
  // Apple has one reason to reconnect: the app-specific password no longer works.
  const reconnectText = () => translate(input.language, 'reasonApplePassword');
  const needsReconnect = () => new AppError('NEEDS_RECONNECT', reconnectText());
  const unreachable = () => translate(input.language, 'appleUnreachable');
  const settings = readAppleSettings(connection.settings);
  let password: string;
  try {
    password = await deps.connectionAccess.accessToken(connection);
  } catch (error) {
    throw connectionAppError(error, { needsReconnect: reconnectText, unavailable: unreachable }) ?? error;
  }
  // A row without homes predates discovery being stored; connecting again writes them.
  if (!settings) throw needsReconnect();

  try {
    const events = await deps.icloud.listEvents(
      { appleId: connection.provider_account_id, password },
      settings.homes,
      { start: new Date(range.timeMin), end: new Date(range.timeMax) },
    );
    return { events: events.slice(0, input.maxResults), ...range };
  } catch (error) {
    if (error instanceof IcloudAuthError) {
      await deps.connectionAccess.markBroken(connection, 'apple_password_revoked');
      throw needsReconnect();
    }
    if (error instanceof IcloudUnavailableError) {
      input.log.warn(
        { connectionId: connection.id, failure: error.failure, reason: error.message },
        'iCloud events failed',
      );
      throw new AppError('SERVICE_UNAVAILABLE', unreachable());
    }
    throw error;
  }
}
