import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { ConnectionsRepo } from '../connections/repo';

export type InternalAction =
  | 'lookup_user'
  | 'access_token'
  | 'record_usage'
  | 'calendar_list'
  | 'calendar_free_busy'
  | 'calendar_create'
  | 'calendar_update'
  | 'calendar_delete'
  | 'mail_search'
  | 'mail_read'
  | 'mail_thread'
  | 'mail_draft'
  | 'mail_send'
  | 'contacts_search';

/** Writes one row of the internal API's access log (design §7: every use is logged). */
export type LogInternalAccess = (entry: {
  action: InternalAction;
  outcome: string;
  userId: string | null;
  connectionId?: string | null;
}) => Promise<void>;

export function internalAccessLog(repo: ConnectionsRepo, caller: string, clock: Clock): LogInternalAccess {
  return ({ action, outcome, userId, connectionId = null }) =>
    repo.logAssistantAccess({
      id: newId(),
      caller,
      action,
      user_id: userId,
      connection_id: connectionId,
      outcome,
      created_at: clock.now().toISOString(),
    });
}
