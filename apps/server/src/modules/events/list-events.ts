import type { TLanguage } from '@app/contract/messages';
import {
  eventsRange,
  type TListEventsQuery,
  type TListEventsResponse,
} from '@app/contract/oauth/list-events';
import { AppError } from '../../lib/app-error';
import { type MessageKey, translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import {
  CalendarProtocolError,
  type CalendarProvider,
  CalendarScopeError,
  CalendarUnavailableError,
  TokenRefusedError,
} from '../../providers/calendar/calendar';
import { missingServices } from '../../providers/identity/identity';
import { connectionAppError } from '../connections/connection-app-error';
import { ConnectionBrokenError } from '../connections/connection-errors';
import type { ConnectionRow } from '../connections/repo';
import type { EventsDeps } from './deps';

export interface ListEventsInput {
  userId: string;
  provider: CalendarProvider;
  query: TListEventsQuery;
  language: TLanguage;
}

const REASON_TEXTS: Record<string, MessageKey> = {
  grant_revoked: 'reasonGrantRevoked',
  token_expired: 'reasonTokenExpired',
};

/**
 * The signed-in person's events from their own connection (never anyone else's: the connection
 * is looked up by their user id). A token the provider refuses is refreshed once and the call
 * retried once; a connection only the person can repair answers NEEDS_RECONNECT, never a 500.
 */
export async function listEvents(deps: EventsDeps, input: ListEventsInput): Promise<TListEventsResponse> {
  const text = (key: MessageKey) =>
    translate(input.language, key, { provider: PROVIDER_NAMES[input.provider] });
  const connection = await deps.connectionsRepo.findForUser(input.userId, input.provider);
  if (!connection || connection.status === 'disconnected') {
    throw new AppError('NOT_CONNECTED', text('eventsNotConnected'));
  }
  // Reconnecting repairs a missing grant too, so a broken connection says that first.
  if (connection.status === 'needs_reconnect') {
    throw toAppError(
      new ConnectionBrokenError(connection.id, connection.status_reason ?? 'token_expired'),
      text,
    );
  }
  // Checked before any call: the person unticked Calendar on the consent screen.
  if (missingServices(input.provider, connection.granted_scopes.split(' ')).includes('calendar')) {
    throw new AppError('FORBIDDEN', text('calendarNotGranted'));
  }
  // The person's own switch on the integrations screen: off means we do not read the calendar.
  const [switched] = (await deps.connectionsRepo.listServices([connection.id])).filter(
    (r) => r.service_type === 'calendar',
  );
  if (switched && switched.is_enabled !== 1) throw new AppError('FORBIDDEN', text('calendarSwitchedOff'));
  const range = { ...eventsRange(input.query, deps.clock.now()), maxResults: input.query.maxResults };
  try {
    const events = await withOneRetry(deps, connection, (token) =>
      deps.calendar.listEvents(input.provider, token, range),
    );
    return { events, timeMin: range.timeMin, timeMax: range.timeMax };
  } catch (error) {
    throw toAppError(error, text);
  }
}

/** One call, and after a 401 one refresh (the refused token passed as stale) and one more call. */
async function withOneRetry<T>(
  deps: Pick<EventsDeps, 'connectionAccess'>,
  connection: ConnectionRow,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const token = await deps.connectionAccess.accessToken(connection);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof TokenRefusedError)) throw error;
  }
  const fresh = await deps.connectionAccess.accessToken(connection, { staleToken: token });
  return call(fresh);
}

function toAppError(error: unknown, text: (key: MessageKey) => string): unknown {
  const unavailable = () => text('calendarUnavailable');
  const connectionError = connectionAppError(error, {
    needsReconnect: (reason) => text(REASON_TEXTS[reason] ?? 'needsReconnect'),
    unavailable,
    withReason: true,
  });
  if (connectionError) return connectionError;
  if (error instanceof CalendarUnavailableError) return new AppError('SERVICE_UNAVAILABLE', unavailable());
  if (error instanceof CalendarScopeError) return new AppError('FORBIDDEN', text('calendarNotGranted'));
  // A renewed token refused as well, or an answer we cannot read: the provider's fault, not ours.
  if (error instanceof TokenRefusedError || error instanceof CalendarProtocolError) {
    return new AppError('PROVIDER_ERROR', text('calendarFailed'));
  }
  return error;
}
