import type { TSecurityEventDetail, TSecurityEventKind } from '@app/contract/account/activity';
import type { Selectable } from 'kysely';
import { Repo, repoPlugin } from '../../db/repo';
import type { SecurityEventsTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { RequestOrigin } from '../../lib/request-origin';

export type SecurityEventRow = Selectable<SecurityEventsTable>;

export interface SecurityEvent {
  userId: string;
  kind: TSecurityEventKind;
  detail?: TSecurityEventDetail;
  origin?: RequestOrigin | undefined;
  at: Date;
}

/**
 * The one way a module writes a security event. Call it on the repository bound to the
 * transaction of the change it records (`app.securityEvents.with(trx).record(...)`), so the
 * event exists exactly when the change does.
 */
export class SecurityEventsRepo extends Repo {
  async record(event: SecurityEvent): Promise<void> {
    const detail = event.detail && Object.keys(event.detail).length > 0 ? JSON.stringify(event.detail) : null;
    await this.db
      .insertInto('security_events')
      .values({
        id: newId(),
        user_id: event.userId,
        kind: event.kind,
        detail,
        user_agent: event.origin?.userAgent?.slice(0, 300) ?? null,
        network: event.origin?.network ?? null,
        created_at: event.at.toISOString(),
      })
      .execute();
  }

  /** Newest first. */
  recent(userId: string, limit?: number): Promise<SecurityEventRow[]> {
    let query = this.db
      .selectFrom('security_events')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    return query.execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    securityEvents: SecurityEventsRepo;
  }
}

export const securityEventsRepoPlugin = repoPlugin(
  'securityEvents',
  SecurityEventsRepo,
  'security-events-repo',
);
