import { errorCodeText } from '@app/contract/messages';
import { eventsRange, type TListEventsResponse } from '@app/contract/oauth/list-events';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type Language, type MessageKey, translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import { listConnectionEvents } from '../workspace/calendar';
import { WorkspaceError } from '../workspace/workspace-error';
import type { AppleDeps } from './deps';

/**
 * The person's iCloud events over CalDAV, through the workspace. A 401 now means the
 * app-specific password was revoked (Apple does so when the Apple ID password changes): the
 * workspace marks the connection needs_reconnect, which texts the person once, and the answer is
 * 409 NEEDS_RECONNECT.
 */
export async function listAppleEvents(
  deps: Pick<AppleDeps, 'usersRepo' | 'connectionsRepo' | 'connectionAccess' | 'calendars' | 'clock'>,
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
  try {
    const events = await listConnectionEvents(deps, {
      userId: input.userId,
      connectionId: connection.id,
      from: range.timeMin,
      to: range.timeMax,
      limit: input.maxResults,
    });
    return { events, ...range };
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    const text = (key: MessageKey) => translate(input.language, key, { provider: PROVIDER_NAMES.apple });
    switch (error.code) {
      case 'not_connected':
        throw new AppError('NOT_CONNECTED', errorCodeText(input.language, 'NOT_CONNECTED'));
      case 'needs_reconnect':
        // Apple has one reason to reconnect: the app-specific password no longer works.
        throw new AppError('NEEDS_RECONNECT', text('reasonApplePassword'));
      case 'permission_missing':
        throw new AppError(
          'FORBIDDEN',
          text(error.details.permission === 'switch' ? 'calendarSwitchedOff' : 'calendarNotGranted'),
        );
      default:
        // An answer iCloud garbled is as temporary for the person as an outage; the log tells them apart.
        input.log.warn(
          { connectionId: connection.id, code: error.code, reason: error.message },
          'iCloud events failed',
        );
        throw new AppError('SERVICE_UNAVAILABLE', text('appleUnreachable'));
    }
  }
}
