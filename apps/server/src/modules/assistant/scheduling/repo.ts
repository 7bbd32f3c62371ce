import type { Selectable } from 'kysely';
import { Repo, repoPlugin } from '../../../db/repo';
import type { SchedulingRequestsTable } from '../../../db/schema';

export type SchedulingRequestRow = Selectable<SchedulingRequestsTable>;
export type SchedulingStatus = SchedulingRequestsTable['status'];

/**
 * The SQL of scheduling requests (migration 0026, decision 550). Every move of the status is a
 * compare-and-set on the status it was read in: of two instances (or one reply read twice) only
 * one moves a request from `asked` to `booked`, and only that one books and texts.
 */
export class SchedulingRepo extends Repo {
  async insert(row: SchedulingRequestRow): Promise<void> {
    await this.db.insertInto('scheduling_requests').values(row).execute();
  }

  find(userId: string, id: string): Promise<SchedulingRequestRow | undefined> {
    return this.db
      .selectFrom('scheduling_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findById(id: string): Promise<SchedulingRequestRow | undefined> {
    return this.db.selectFrom('scheduling_requests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The person's request waiting on answers in this thread, if any. */
  askedInThread(userId: string, threadId: string): Promise<SchedulingRequestRow | undefined> {
    return this.db
      .selectFrom('scheduling_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .where('thread_id', '=', threadId)
      .where('status', '=', 'asked')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** The person's latest request waiting on answers (the dev route's default). */
  latestAsked(userId: string): Promise<SchedulingRequestRow | undefined> {
    return this.db
      .selectFrom('scheduling_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'asked')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** Every request of the person, for the export and the screen. */
  allOf(userId: string): Promise<SchedulingRequestRow[]> {
    return this.db
      .selectFrom('scheduling_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** Asked requests whose chase is due, soonest first (the (status, chase_due_at) index). */
  chaseDue(nowIso: string, limit: number): Promise<SchedulingRequestRow[]> {
    return this.db
      .selectFrom('scheduling_requests')
      .selectAll()
      .where('status', '=', 'asked')
      .where('chase_due_at', '<=', nowIso)
      .orderBy('chase_due_at')
      .limit(limit)
      .execute();
  }

  /**
   * The YES: the approved set frozen, the mail's thread kept, the request waiting on answers.
   * Only from `proposed`; false when it was already asked (a YES decided twice).
   */
  async markAsked(
    id: string,
    fields: {
      approved: string;
      threadId: string | null;
      messageId: string | null;
      subject: string;
      chaseDueAt: string;
      holds: string | null;
    },
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('scheduling_requests')
      .set({
        status: 'asked',
        approved: fields.approved,
        thread_id: fields.threadId,
        message_id: fields.messageId,
        subject: fields.subject,
        chase_due_at: fields.chaseDueAt,
        holds: fields.holds,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'proposed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes the request from `from` (`asked` unless said) to another status once; false when another got there first. */
  async move(
    id: string,
    to: SchedulingStatus,
    fields: Partial<
      Pick<SchedulingRequestRow, 'booked_slot' | 'booked_event_id' | 'answers' | 'chase_due_at' | 'approved'>
    >,
    at: string,
    from: SchedulingStatus = 'asked',
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('scheduling_requests')
      .set({ ...fields, status: to, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Writes what a request knows while it stays where it is (answers, the approved set, the chase). */
  async update(
    id: string,
    status: SchedulingStatus,
    fields: Partial<Pick<SchedulingRequestRow, 'answers' | 'approved' | 'chase_due_at' | 'booked_event_id'>>,
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('scheduling_requests')
      .set({ ...fields, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The holds' list (decision 594), by compare-and-set on the list read (`seen`): false when
   * another write changed it first. Whatever the status: a hold is released after the request
   * closed too. `updated_at` stays: the screen's "closed since" reads it.
   */
  async setHolds(id: string, seen: string | null, holds: string): Promise<boolean> {
    const result = await this.db
      .updateTable('scheduling_requests')
      .set({ holds })
      .where('id', '=', id)
      .where((eb) => (seen === null ? eb('holds', 'is', null) : eb('holds', '=', seen)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Claims a due chase by clearing it; false when another instance took it. */
  async claimChase(id: string, seen: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('scheduling_requests')
      .set({ chase_due_at: null, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'asked')
      .where('chase_due_at', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The screen's list (decision 570): the person's requests still open, and those closed since
   * `closedSince`, newest first.
   */
  screenOf(userId: string, closedSince: string): Promise<SchedulingRequestRow[]> {
    return this.db
      .selectFrom('scheduling_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['proposed', 'asked', 'needs_person']),
          eb('updated_at', '>=', closedSince),
        ]),
      )
      .orderBy('created_at', 'desc')
      .execute();
  }

  /**
   * The person withdraws an open request (decision 570): from `proposed`, `asked` or
   * `needs_person` to `cancelled` in one compare-and-set, so a YES, a reply or a chase read
   * after it finds nothing to do. False when it was not open (or is not theirs).
   */
  async cancel(userId: string, id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('scheduling_requests')
      .set({ status: 'cancelled', chase_due_at: null, updated_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', 'in', ['proposed', 'asked', 'needs_person'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The account is deleted. */
  async forgetUser(userId: string): Promise<void> {
    await this.db.deleteFrom('scheduling_requests').where('user_id', '=', userId).execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    schedulingRepo: SchedulingRepo;
  }
}

export const schedulingRepoPlugin = repoPlugin('schedulingRepo', SchedulingRepo, 'scheduling-repo');
