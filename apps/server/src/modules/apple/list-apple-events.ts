import type { TListEventsResponse } from '@app/contract/oauth/list-events';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import { IcloudAuthError, type IcloudClient, IcloudUnavailableError } from '../../providers/icloud/icloud';
import {
  type ConnectionAccess,
  ConnectionBrokenError,
  ConnectionUnavailableError,
} from '../connections/connection-access';
import type { ConnectionsRepo } from '../connections/repo';
import { readAppleSettings } from './apple-settings';

export interface ListAppleEventsDeps {
  icloud: IcloudClient;
  repo: ConnectionsRepo;
  access: ConnectionAccess;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
}

/** Without timeMax, this much after timeMin (the range's cap is 90 days). */
const DEFAULT_WINDOW_MS = 30 * 24 * 60 * 60_000;

/**
 * The person's iCloud events over CalDAV. A 401 now means the app-specific password was
 * revoked (Apple does so when the Apple ID password changes): the connection is marked
 * needs_reconnect, which texts the person once, and the answer is 409 NEEDS_RECONNECT.
 */
export async function listAppleEvents(
  deps: ListAppleEventsDeps,
  input: { userId: string; timeMin?: string; timeMax?: string; maxResults: number; language: Language },
): Promise<TListEventsResponse> {
  const connection = await deps.repo.findForUser(input.userId, 'apple');
  if (!connection || connection.status === 'disconnected') {
    throw new AppError('NOT_CONNECTED', 'Apple iCloud is not connected.');
  }
  const needsReconnect = () =>
    new AppError('NEEDS_RECONNECT', translate(input.language, 'reasonApplePassword'));
  const settings = readAppleSettings(connection.settings);
  let password: string;
  try {
    password = await deps.access.accessToken(connection);
  } catch (error) {
    if (error instanceof ConnectionBrokenError) throw needsReconnect();
    if (error instanceof ConnectionUnavailableError) {
      throw new AppError('SERVICE_UNAVAILABLE', translate(input.language, 'appleUnreachable'));
    }
    throw error;
  }
  // A row without homes predates discovery being stored; connecting again writes them.
  if (!settings) throw needsReconnect();

  const start = input.timeMin ? new Date(input.timeMin) : deps.now();
  const end = input.timeMax ? new Date(input.timeMax) : new Date(start.getTime() + DEFAULT_WINDOW_MS);
  try {
    const events = await deps.icloud.listEvents(
      { appleId: connection.provider_account_id, password },
      settings.homes,
      { start, end },
    );
    return { events: events.slice(0, input.maxResults) };
  } catch (error) {
    if (error instanceof IcloudAuthError) {
      await deps.access.markBroken(connection, 'apple_password_revoked');
      throw needsReconnect();
    }
    if (error instanceof IcloudUnavailableError) {
      deps.log.warn(
        { connectionId: connection.id, kind: error.kind, reason: error.message },
        'iCloud events failed',
      );
      throw new AppError('SERVICE_UNAVAILABLE', translate(input.language, 'appleUnreachable'));
    }
    throw error;
  }
}
