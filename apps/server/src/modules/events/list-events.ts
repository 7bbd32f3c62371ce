import type { TLanguage } from '@app/contract/messages';
import {
  eventsRange,
  type TListEventsQuery,
  type TListEventsResponse,
} from '@app/contract/oauth/list-events';
import { AppError } from '../../lib/app-error';
import { type MessageKey, translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import { listConnectionEvents } from '../workspace/calendar';
import { WorkspaceError } from '../workspace/workspace-error';
import type { EventsDeps } from './deps';

export interface ListEventsInput {
  userId: string;
  provider: 'google' | 'microsoft';
  query: TListEventsQuery;
  language: TLanguage;
}

const REASON_TEXTS: Record<string, MessageKey> = {
  grant_revoked: 'reasonGrantRevoked',
  token_expired: 'reasonTokenExpired',
};

/**
 * The signed-in person's events from their own connection (never anyone else's: the connection
 * is looked up by their user id), read through the workspace, which checks the grant and the
 * person's switch, and after a 401 refreshes once and retries once. A connection only the person
 * can repair answers NEEDS_RECONNECT, never a 500.
 */
export async function listEvents(deps: EventsDeps, input: ListEventsInput): Promise<TListEventsResponse> {
  const text = (key: MessageKey) =>
    translate(input.language, key, { provider: PROVIDER_NAMES[input.provider] });
  const connection = await deps.connectionsRepo.findForUser(input.userId, input.provider);
  if (!connection || connection.status === 'disconnected') {
    throw new AppError('NOT_CONNECTED', text('eventsNotConnected'));
  }
  const range = eventsRange(input.query, deps.clock.now());
  try {
    const events = await listConnectionEvents(deps, {
      userId: input.userId,
      connectionId: connection.id,
      from: range.timeMin,
      to: range.timeMax,
      limit: input.query.maxResults,
    });
    return { events, ...range };
  } catch (error) {
    throw toAppError(error, text);
  }
}

/** The workspace's failure in this route's words, which screens and the spec already know. */
function toAppError(error: unknown, text: (key: MessageKey) => string): unknown {
  if (!(error instanceof WorkspaceError)) return error;
  switch (error.code) {
    case 'not_connected':
      return new AppError('NOT_CONNECTED', text('eventsNotConnected'));
    case 'needs_reconnect': {
      const reason = error.details.reason ?? 'token_expired';
      return new AppError('NEEDS_RECONNECT', text(REASON_TEXTS[reason] ?? 'needsReconnect'), { reason });
    }
    case 'permission_missing':
      return new AppError(
        'FORBIDDEN',
        text(error.details.permission === 'switch' ? 'calendarSwitchedOff' : 'calendarNotGranted'),
      );
    case 'unavailable':
      return new AppError('SERVICE_UNAVAILABLE', text('calendarUnavailable'));
    default:
      // A renewed token refused as well, or an answer we cannot read: the provider's fault, not ours.
      return new AppError('PROVIDER_ERROR', text('calendarFailed'));
  }
}
