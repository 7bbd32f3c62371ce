import { Repo } from '../../db/repo';

export interface PurgeCutoffs {
  /** Codes whose expiry passed before this: beyond every window that still counts them. */
  codesExpiredBefore: string;
  sessionsExpiredBefore: string;
  oneTimeStateExpiredBefore: string;
  outboxCreatedBefore: string;
  sendLocksTouchedBefore: string;
  accessLogCreatedBefore: string;
  usageEventsOccurredBefore: string;
  webhookEventsReceivedBefore: string;
  securityEventsCreatedBefore: string;
}

/** The retention job's deletes. Each is idempotent, so two instances running it at once only repeat work. */
export class RetentionRepo extends Repo {
  async purge(cutoffs: PurgeCutoffs): Promise<Record<string, number>> {
    const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
    return {
      verificationCodes: count(
        await this.db
          .deleteFrom('verification_codes')
          .where('expires_at', '<', cutoffs.codesExpiredBefore)
          .executeTakeFirst(),
      ),
      sessions: count(
        await this.db
          .deleteFrom('sessions')
          .where('expires_at', '<', cutoffs.sessionsExpiredBefore)
          .executeTakeFirst(),
      ),
      oneTimeState: count(
        await this.db
          .deleteFrom('one_time_state')
          .where('expires_at', '<', cutoffs.oneTimeStateExpiredBefore)
          .executeTakeFirst(),
      ),
      devOutbox: count(
        await this.db
          .deleteFrom('dev_outbox')
          .where('created_at', '<', cutoffs.outboxCreatedBefore)
          .executeTakeFirst(),
      ),
      phoneSendLocks: count(
        await this.db
          .deleteFrom('phone_send_locks')
          .where('touched_at', '<', cutoffs.sendLocksTouchedBefore)
          .executeTakeFirst(),
      ),
      assistantAccessLog: count(
        await this.db
          .deleteFrom('assistant_access_log')
          .where('created_at', '<', cutoffs.accessLogCreatedBefore)
          .executeTakeFirst(),
      ),
      usageEvents: count(
        await this.db
          .deleteFrom('usage_events')
          .where('occurred_at', '<', cutoffs.usageEventsOccurredBefore)
          .executeTakeFirst(),
      ),
      billingWebhookEvents: count(
        await this.db
          .deleteFrom('billing_webhook_events')
          .where('received_at', '<', cutoffs.webhookEventsReceivedBefore)
          .executeTakeFirst(),
      ),
      securityEvents: count(
        await this.db
          .deleteFrom('security_events')
          .where('created_at', '<', cutoffs.securityEventsCreatedBefore)
          .executeTakeFirst(),
      ),
    };
  }
}
