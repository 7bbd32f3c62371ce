import type { Selectable, Updateable } from 'kysely';
import { Repo, repoPlugin } from '../../../db/repo';
import type { AssistantSettingsTable } from '../../../db/schema';

export type AssistantSettingsRow = Selectable<AssistantSettingsTable>;

/** A person with a linked number, their settings row, and what scheduling needs of them. */
export interface ScheduledPerson {
  userId: string;
  phone: string;
  language: 'en' | 'zh';
  timeZone: string | null;
  settings: AssistantSettingsRow;
}

/** The SQL of the assistant's settings, one row per person (absent: the defaults). */
export class AssistantSettingsRepo extends Repo {
  find(userId: string): Promise<AssistantSettingsRow | undefined> {
    return this.db
      .selectFrom('assistant_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  findById(id: string): Promise<AssistantSettingsRow | undefined> {
    return this.db.selectFrom('assistant_settings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The person's row, made with `defaults` when they have none (two callers at once make one). */
  async ensure(row: AssistantSettingsRow): Promise<AssistantSettingsRow> {
    await this.db
      .insertInto('assistant_settings')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return (await this.find(row.user_id))!;
  }

  async update(userId: string, changes: Updateable<AssistantSettingsTable>): Promise<void> {
    await this.db.updateTable('assistant_settings').set(changes).where('user_id', '=', userId).execute();
  }

  /** People whose settings changed at or after `sinceIso` (a resume), by the `updated_at` index. */
  async updatedSince(sinceIso: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('assistant_settings')
      .select('user_id')
      .where('updated_at', '>=', sinceIso)
      .limit(limit)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /**
   * Of these people, those with a linked number not greeted yet (no settings row, or a row whose
   * greeted number is not the linked one), read by primary keys.
   */
  async ungreetedAmong(userIds: string[]): Promise<
    (Omit<ScheduledPerson, 'settings'> & {
      settings: AssistantSettingsRow | null;
    })[]
  > {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .leftJoin('assistant_settings', 'assistant_settings.user_id', 'users.id')
      .selectAll('assistant_settings')
      .select(['users.id as person_id', 'users.phone_number', 'users.language', 'users.time_zone'])
      .where('users.id', 'in', userIds)
      .where('users.phone_number', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('assistant_settings.user_id', 'is', null),
          eb('assistant_settings.greeted_phone', 'is', null),
          eb('assistant_settings.greeted_phone', '!=', eb.ref('users.phone_number')),
        ]),
      )
      .execute();
    return rows.map(({ person_id, phone_number, language, time_zone, ...settings }) => ({
      userId: person_id,
      phone: phone_number!,
      language,
      timeZone: time_zone,
      settings: settings.user_id === null ? null : (settings as AssistantSettingsRow),
    }));
  }

  /** Marks the number greeted; false when another instance did first (it greets, not this one). */
  async markGreeted(userId: string, phone: string, previous: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_settings')
      .set({ greeted_phone: phone })
      .where('user_id', '=', userId)
      .where((eb) =>
        previous === null ? eb('greeted_phone', 'is', null) : eb('greeted_phone', '=', previous),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Rows whose next briefing is due by `byIso`, or not worked out yet (null), soonest first:
   * read by the `briefing_next_at` index, a bounded batch (decision 490). Whoever has no briefing
   * to get (paused, none set, no number) is among them until the pass parks them.
   */
  async briefingsDue(byIso: string, limit: number): Promise<(ScheduledPerson & { linked: boolean })[]> {
    return this.dueBy('briefing_next_at', byIso, limit);
  }

  /**
   * Moves the person's next briefing from `seen` to `next`: of instances racing, one sees true.
   * `next` null parks the row (no briefing time, or paused) until a setting changes.
   */
  async moveBriefing(userId: string, seen: string | null, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_settings')
      .set({ briefing_next_at: next })
      .where('user_id', '=', userId)
      .where((eb) => (seen === null ? eb('briefing_next_at', 'is', null) : eb('briefing_next_at', '=', seen)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The person's briefing is to be worked out again by the next pass (a setting changed). */
  async rescheduleBriefing(userId: string): Promise<void> {
    await this.db
      .updateTable('assistant_settings')
      .set({ briefing_next_at: null })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * Rows whose next look for event reminders is due by `nowIso`, or not worked out yet (null),
   * soonest first: read by the `reminders_next_at` index, a bounded batch (decision 501). Whoever
   * has nothing to look for (paused, reminders off, no number) is among them until the pass parks them.
   */
  async remindersDue(nowIso: string, limit: number): Promise<(ScheduledPerson & { linked: boolean })[]> {
    return this.dueBy('reminders_next_at', nowIso, limit);
  }

  /**
   * Rows whose `column` is null (not worked out yet), then those due by `byIso`, soonest first.
   * Two range reads of the column's index: one `IS NULL OR <=` read would scan the whole index
   * in order (SQLite keeps nulls first, PostgreSQL last) and cost O(N) a pass.
   */
  private async dueBy(
    column: 'briefing_next_at' | 'reminders_next_at',
    byIso: string,
    limit: number,
  ): Promise<(ScheduledPerson & { linked: boolean })[]> {
    const rows = () =>
      this.db
        .selectFrom('assistant_settings')
        .innerJoin('users', 'users.id', 'assistant_settings.user_id')
        .selectAll('assistant_settings')
        .select(['users.phone_number', 'users.language', 'users.time_zone']);
    const fresh = await rows().where(`assistant_settings.${column}`, 'is', null).limit(limit).execute();
    const due =
      fresh.length < limit
        ? await rows()
            .where(`assistant_settings.${column}`, '<=', byIso)
            .orderBy(`assistant_settings.${column}`)
            .limit(limit - fresh.length)
            .execute()
        : [];
    return [...fresh, ...due].map((row) => ({ ...toPerson(row), linked: row.phone_number !== null }));
  }

  /**
   * Moves the person's next look from `seen` to `next`: of instances racing, one sees true (and
   * looks); the others skip the row.
   */
  async moveReminderLook(userId: string, seen: string | null, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_settings')
      .set({ reminders_next_at: next })
      .where('user_id', '=', userId)
      .where((eb) =>
        seen === null ? eb('reminders_next_at', 'is', null) : eb('reminders_next_at', '=', seen),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The person's calendars are to be looked at by the next pass (reminders on, a new lead, a new calendar). */
  async lookForRemindersNow(userId: string): Promise<void> {
    await this.db
      .updateTable('assistant_settings')
      .set({ reminders_next_at: null })
      .where('user_id', '=', userId)
      .execute();
  }
}

function toPerson(
  row: AssistantSettingsRow & {
    phone_number: string | null;
    language: 'en' | 'zh';
    time_zone: string | null;
  },
): ScheduledPerson {
  const { phone_number, language, time_zone, ...settings } = row;
  return { userId: row.user_id, phone: phone_number!, language, timeZone: time_zone, settings };
}

declare module 'fastify' {
  interface FastifyInstance {
    assistantSettingsRepo: AssistantSettingsRepo;
  }
}

export const assistantSettingsRepoPlugin = repoPlugin(
  'assistantSettingsRepo',
  AssistantSettingsRepo,
  'assistant-settings-repo',
);
