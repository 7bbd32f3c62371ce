import {
  ACTIVITY_LIMIT,
  type TSecurityEvent,
  type TSecurityEventKind,
  ZSecurityEventDetail,
} from '@app/contract/account/activity';
import { describeDevice } from '../../lib/user-agent';
import type { SecurityEventRow } from '../security-events/repo';
import type { AccountDeps } from './deps';

export function describeEvent(row: SecurityEventRow): TSecurityEvent {
  // A detail written by an older version that no longer parses is shown without its facts.
  const detail = row.detail ? ZSecurityEventDetail.safeParse(JSON.parse(row.detail)) : null;
  return {
    ...(detail?.success ? detail.data : {}),
    id: row.id,
    kind: row.kind as TSecurityEventKind,
    createdAt: row.created_at,
    device: row.user_agent ? describeDevice(row.user_agent) : null,
    network: row.network,
  };
}

export async function getActivity(
  deps: Pick<AccountDeps, 'securityEvents'>,
  input: { userId: string },
): Promise<TSecurityEvent[]> {
  return (await deps.securityEvents.recent(input.userId, ACTIVITY_LIMIT)).map(describeEvent);
}
