import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { Repo, repoPlugin } from '../../db/repo';
import type {
  AssistantApprovalsTable,
  AssistantMessagesTable,
  AssistantToolCallsTable,
  AssistantTurnsTable,
} from '../../db/schema';

export type AssistantMessageRow = Selectable<AssistantMessagesTable>;
export type ApprovalRow = Selectable<AssistantApprovalsTable>;

/** The SQL of the assistant's conversation store. */
export class AssistantRepo extends Repo {
  /** Stores an inbound text; false when its provider id was stored before (a retried webhook). */
  async insertInbound(db: Db, message: Insertable<AssistantMessagesTable>): Promise<boolean> {
    const result = await db
      .insertInto('assistant_messages')
      .values(message)
      .onConflict((oc) => oc.column('provider_sid').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  findMessage(id: string): Promise<AssistantMessageRow | undefined> {
    return this.db.selectFrom('assistant_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The person's inbound texts no turn has answered yet, oldest first: one run answers them all. */
  unanswered(userId: string): Promise<AssistantMessageRow[]> {
    return this.db
      .selectFrom('assistant_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('direction', '=', 'in')
      .where('turn_id', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** A number's texts in and out, oldest first, optionally only those after one of them. */
  async conversationOf(phone: string, afterId: string | null, limit: number): Promise<AssistantMessageRow[]> {
    let query = this.db.selectFrom('assistant_messages').selectAll().where('phone', '=', phone);
    // Ids are UUIDv7: they sort in creation order, in and out alike.
    if (afterId) query = query.where('id', '>', afterId);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.reverse();
  }

  /** What the person texted us, newest first: the links in it are theirs to get back. */
  async textsFrom(userId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('assistant_messages')
      .select('body')
      .where('user_id', '=', userId)
      .where('direction', '=', 'in')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.body);
  }

  async claimForUser(id: string, userId: string): Promise<void> {
    await this.db.updateTable('assistant_messages').set({ user_id: userId }).where('id', '=', id).execute();
  }

  /** Why the gate left an inbound text without an answer (shown on the screen and /dev/phone). */
  async markUnanswered(id: string, reason: string): Promise<void> {
    await this.db
      .updateTable('assistant_messages')
      .set({ unanswered: reason })
      .where('id', '=', id)
      .execute();
  }

  async markAnswered(ids: string[], turnId: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('assistant_messages').set({ turn_id: turnId }).where('id', 'in', ids).execute();
  }

  /** The last messages in and out, oldest first: the conversation the model sees. */
  async recent(userId: string, limit: number, offset = 0): Promise<AssistantMessageRow[]> {
    const rows = await this.db
      .selectFrom('assistant_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.reverse();
  }

  /** The person's latest tool calls, oldest first: what the tool record of the next turn is made from. */
  async recentToolCalls(userId: string, limit: number): Promise<Selectable<AssistantToolCallsTable>[]> {
    const rows = await this.db
      .selectFrom('assistant_tool_calls')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  async setOutboundStatus(providerSid: string, status: string): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_messages')
      .set({ status })
      .where('provider_sid', '=', providerSid)
      .where('direction', '=', 'out')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertTurn(turn: Insertable<AssistantTurnsTable>): Promise<void> {
    await this.db
      .insertInto('assistant_turns')
      .values(turn)
      .onConflict((oc) => oc.column('inbound_message_id').doNothing())
      .execute();
  }

  async insertToolCall(call: Insertable<AssistantToolCallsTable>): Promise<void> {
    await this.db.insertInto('assistant_tool_calls').values(call).execute();
  }

  // Approvals

  /** A new approval; others pending stay so until answered, replaced (`replace`), or expired. */
  async insertApproval(approval: Insertable<AssistantApprovalsTable>): Promise<void> {
    await this.db.insertInto('assistant_approvals').values(approval).execute();
  }

  /**
   * Older approvals replaced by a newer one (approval-requests.ts says when): cancelled, with the
   * one that replaced them recorded. Returns those that were still pending.
   */
  async replace(ids: string[], byId: string, nowIso: string): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('assistant_approvals')
      .set({ status: 'superseded', decided_at: nowIso, replaced_by: byId })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Whether a turn answering this inbound text already queued its replies: a turn run again after
   * a crash between queueing them and marking the text answered finds them.
   */
  async repliedBefore(inboundId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('assistant_turns')
      .innerJoin('assistant_messages', 'assistant_messages.turn_id', 'assistant_turns.id')
      .select('assistant_messages.id')
      .where('assistant_turns.inbound_message_id', '=', inboundId)
      .where('assistant_messages.direction', '=', 'out')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** An approval asked for in a turn whose request will never be sent: withdrawn, no word. */
  async withdraw(id: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('assistant_approvals')
      .set({ status: 'superseded', decided_at: nowIso })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Of these approvals, those whose request text was queued (sent or not). */
  async requestsQueued(approvalIds: string[]): Promise<string[]> {
    if (approvalIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('assistant_messages')
      .select('approval_id')
      .where('approval_id', 'in', approvalIds)
      .execute();
    return rows.map((row) => row.approval_id!);
  }

  /** Where and under which number an approval's request goes out. */
  async setRequestChannel(id: string, channel: 'sms' | 'whatsapp', number: number): Promise<void> {
    await this.db.updateTable('assistant_approvals').set({ channel, number }).where('id', '=', id).execute();
  }

  /**
   * The person's approvals a YES or NO that arrived at `arrivedIso` on `channel` may answer: still
   * pending and unexpired at `nowIso`, asked on that channel, by a text the provider took before
   * the answer arrived. Newest first.
   */
  answerable(
    userId: string,
    channel: 'sms' | 'whatsapp',
    arrivedIso: string,
    nowIso: string,
  ): Promise<ApprovalRow[]> {
    return this.open(userId, nowIso)
      .where('channel', '=', channel)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('assistant_messages')
            .select('assistant_messages.id')
            .whereRef('assistant_messages.approval_id', '=', 'assistant_approvals.id')
            .where('assistant_messages.channel', '=', channel)
            .where('assistant_messages.sent_at', 'is not', null)
            .where('assistant_messages.sent_at', '<', arrivedIso),
        ),
      )
      .execute();
  }

  /**
   * The request texts of these approvals that the provider took on `channel` before `arrivedIso`
   * (what a reaction may quote): the approval and the body as it went out.
   */
  async sentRequests(
    approvalIds: string[],
    channel: 'sms' | 'whatsapp',
    arrivedIso: string,
  ): Promise<{ approvalId: string; body: string }[]> {
    if (approvalIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('assistant_messages')
      .select(['approval_id', 'body'])
      .where('approval_id', 'in', approvalIds)
      .where('direction', '=', 'out')
      .where('channel', '=', channel)
      .where('sent_at', 'is not', null)
      .where('sent_at', '<', arrivedIso)
      .execute();
    return rows.map((row) => ({ approvalId: row.approval_id!, body: row.body }));
  }

  /**
   * A pending approval cancelled by the person's "YES but …" (decision 451): superseded, with
   * `amend:` and the text that changed it recorded in replaced_by. False when it was no longer
   * pending (another answer took it).
   */
  async cancelForAmendment(id: string, messageId: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_approvals')
      .set({
        status: 'superseded',
        decided_at: nowIso,
        decided_via: 'sms',
        replaced_by: `amend:${messageId}`,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The approvals these texts cancelled with a "YES but …" (cancelForAmendment). */
  amendedBy(messageIds: string[]): Promise<ApprovalRow[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('assistant_approvals')
      .selectAll()
      .where(
        'replaced_by',
        'in',
        messageIds.map((id) => `amend:${id}`),
      )
      .execute();
  }

  /** The person's newest pending approval, if one is still open at `nowIso` (the evals read it). */
  openApproval(userId: string, nowIso: string): Promise<ApprovalRow | undefined> {
    return this.open(userId, nowIso).limit(1).executeTakeFirst();
  }

  /**
   * Moves an approval from pending to `to`, once: of two YES at the same moment (a text and the
   * web), exactly one sees true and runs the action.
   */
  async decide(id: string, to: ApprovalRow['status'], nowIso: string, via: 'sms' | 'web'): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_approvals')
      .set({ status: to, decided_at: nowIso, decided_via: via })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The action's outcome; `details` when running it taught us more (the event's calendar). */
  async finishApproval(
    id: string,
    status: 'done' | 'failed',
    result: string,
    details?: string,
  ): Promise<void> {
    await this.db
      .updateTable('assistant_approvals')
      .set({ status, result, ...(details !== undefined ? { details } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /** One of the person's approvals; another person's is as absent as one that never was. */
  findApproval(userId: string, id: string): Promise<ApprovalRow | undefined> {
    return this.db
      .selectFrom('assistant_approvals')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** What waits for the person's yes at `nowIso`, newest first. */
  pendingApprovals(userId: string, nowIso: string): Promise<ApprovalRow[]> {
    return this.open(userId, nowIso).execute();
  }

  /** The person's approvals still open at `nowIso`, newest first: the text's and the screen's. */
  private open(userId: string, nowIso: string) {
    return this.db
      .selectFrom('assistant_approvals')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', nowIso)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
  }

  /**
   * Approved actions that ran or tried to, newest first, a page at a time: `limit + 1` rows are
   * read so the caller knows whether more remain. Ids are UUIDv7, so they order like time.
   */
  actionsPage(userId: string, beforeId: string | null, limit: number): Promise<ApprovalRow[]> {
    let query = this.db
      .selectFrom('assistant_approvals')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['approved', 'done', 'failed']);
    if (beforeId) query = query.where('id', '<', beforeId);
    return query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  /** The person's messages in and out, newest first, older than `beforeId`; `limit + 1` rows. */
  messagesPage(userId: string, beforeId: string | null, limit: number): Promise<AssistantMessageRow[]> {
    let query = this.db.selectFrom('assistant_messages').selectAll().where('user_id', '=', userId);
    if (beforeId) query = query.where('id', '<', beforeId);
    return query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  /** Whether the person has ever texted or been texted: someone already talking needs no greeting. */
  async hasConversation(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('assistant_messages')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Everything the person has not answered is cancelled: STOP withdraws any pending yes. */
  async cancelPending(userId: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('assistant_approvals')
      .set({ status: 'declined', decided_at: nowIso })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
  }

  async expireApprovals(nowIso: string): Promise<void> {
    await this.db
      .updateTable('assistant_approvals')
      .set({ status: 'expired', decided_at: nowIso })
      .where('status', '=', 'pending')
      .where('expires_at', '<=', nowIso)
      .execute();
  }

  /** Retention: everything of the conversation older than `beforeIso`. */
  async purgeBefore(beforeIso: string): Promise<void> {
    for (const table of [
      'assistant_tool_calls',
      'assistant_turns',
      'assistant_approvals',
      'assistant_messages',
    ] as const) {
      await this.db.deleteFrom(table).where('created_at', '<', beforeIso).execute();
    }
  }

  /** Texts from or to a number whose account is deleted but that no row of theirs points to. */
  async forgetPhone(e164: string): Promise<void> {
    await this.db.deleteFrom('assistant_messages').where('phone', '=', e164).execute();
  }

  // The gate's facts about a number (keyed by an HMAC of it)

  async optOut(phoneHash: string, nowIso: string): Promise<void> {
    await this.db
      .insertInto('sms_opt_outs')
      .values({ phone_hash: phoneHash, opted_out_at: nowIso })
      .onConflict((oc) => oc.column('phone_hash').doNothing())
      .execute();
  }

  async optIn(phoneHash: string): Promise<void> {
    await this.db.deleteFrom('sms_opt_outs').where('phone_hash', '=', phoneHash).execute();
  }

  /** True for the first notice of this kind to this number in this period; false after. */
  async noticeOnce(phoneHash: string, kind: string, period: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .insertInto('assistant_notices')
      .values({ phone_hash: phoneHash, kind, period, sent_at: nowIso })
      .onConflict((oc) => oc.columns(['phone_hash', 'kind', 'period']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    assistantRepo: AssistantRepo;
  }
}

export const assistantRepoPlugin = repoPlugin('assistantRepo', AssistantRepo, 'assistant-repo');
