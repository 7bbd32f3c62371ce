import { isIanaZone } from '@app/contract/usage/time-zone';
import type { TWorkspaceEvent } from '@app/contract/workspace/calendar';
import { ZCreateEventBody, ZUpdateEventBody } from '@app/contract/workspace/calendar';
import { ZComposeMail } from '@app/contract/workspace/mail';
import { z } from 'zod';
import { createEvent, deleteEvent, updateEvent } from '../workspace/calendar';
import type { WorkspaceDeps } from '../workspace/deps';
import { composeMail } from '../workspace/mail';
import { WorkspaceError } from '../workspace/workspace-error';
import { MAX_MEMORY_CHARS } from './memory/limits';
import type { MemoryRepo } from './memory/repo';
import { saveMemory } from './memory/save-memory';

/**
 * An action waiting for the person's YES, stored with its approval: already checked by the
 * workspace's own request schemas when the model asked for it, and checked again when it runs.
 */
export const ZAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('create_event'), event: ZCreateEventBody }),
  z.object({
    kind: z.literal('update_event'),
    connectionId: z.string(),
    eventId: z.string(),
    patch: ZUpdateEventBody,
  }),
  z.object({
    kind: z.literal('delete_event'),
    connectionId: z.string(),
    eventId: z.string(),
    // A note to the attendees with the cancellation (decision 562): the cancellation's own
    // comment where the provider carries one, else one mail to exactly these, from the same account.
    message: z
      .object({
        text: z.string().min(1).max(1000),
        to: z.array(z.string().max(254)).min(1).max(50),
        subject: z.string().min(1).max(300),
      })
      .optional(),
  }),
  z.object({ kind: z.literal('send_mail'), mail: ZComposeMail }),
  // A settings change the person's own text did not ask for (an injected mail could): the same
  // YES as anything else (decision 282).
  z.object({
    kind: z.literal('update_settings'),
    timeZone: z.string().refine(isIanaZone, 'Unknown time zone').optional(),
    language: z.enum(['en', 'zh']).optional(),
  }),
  // A memory the model proposed from something it read, not from the person's own words: saved
  // only by their YES (decision 431), kept with the texts of the turn that proposed it.
  z.object({
    kind: z.literal('save_memory'),
    text: z.string().min(1).max(MAX_MEMORY_CHARS),
    evidenceMessageId: z.string().nullable(),
    evidence: z.string(),
  }),
  // The offer of a proposed scheduling request's slots (decision 555): its YES sends the mail to
  // exactly the request's attendees and freezes the approved set the booking is checked against;
  // with `hold`, each offered slot is held as a tentative event until one is booked (decision 594).
  z.object({ kind: z.literal('ask_others'), requestId: z.string(), hold: z.boolean().optional() }),
  // The time an attendee suggested instead (decision 583), resolved by code and shown exactly:
  // its YES books this span with the request's approved attendees, by the booking path of a pick.
  z.object({ kind: z.literal('book_time'), requestId: z.string(), start: z.string(), end: z.string() }),
  // One reminder in the request's thread (decision 584) to exactly these attendees (those who had
  // not answered, each named in the text), listing these approved slots where still open.
  z.object({
    kind: z.literal('remind_others'),
    requestId: z.string(),
    to: z.array(z.string().max(254)).min(1).max(50),
    slots: z.array(z.number().int().min(1)).min(1),
  }),
]);
export type TAction = z.infer<typeof ZAction>;

/** What a YES runs of a scheduling request (scheduling/): each answers the id it made. */
export interface SchedulingActions {
  askOthers: (action: Extract<TAction, { kind: 'ask_others' }>) => Promise<string>;
  bookTime: (action: Extract<TAction, { kind: 'book_time' }>) => Promise<string>;
  remindOthers: (action: Extract<TAction, { kind: 'remind_others' }>) => Promise<string>;
}

/**
 * Runs an approved action through the workspace, exactly as the internal API would: what to
 * store as its result, and the event it made or changed (the screen names its calendar).
 */
export async function runAction(
  deps: WorkspaceDeps,
  userId: string,
  action: TAction,
  memory: { memoryRepo: MemoryRepo; now: Date; scheduling: SchedulingActions },
): Promise<{ result: string; event?: TWorkspaceEvent }> {
  switch (action.kind) {
    case 'create_event': {
      const event = await createEvent(deps, { userId, event: action.event });
      return { result: `event ${event.id}`, event };
    }
    case 'update_event': {
      const event = await updateEvent(deps, { userId, ...action });
      return { result: `event ${event.id}`, event };
    }
    case 'delete_event': {
      const { message } = action;
      const { commented } = await deleteEvent(deps, {
        userId,
        connectionId: action.connectionId,
        eventId: action.eventId,
        sendUpdates: true,
        ...(message ? { comment: message.text } : {}),
      });
      if (!message || commented) return { result: `deleted ${action.eventId}` };
      const sent = await composeMail(deps, {
        userId,
        mail: ZComposeMail.parse({
          connectionId: action.connectionId,
          to: message.to,
          subject: message.subject,
          text: message.text,
        }),
        mode: 'send',
      });
      return { result: `deleted ${action.eventId}; mail ${sent.id}` };
    }
    case 'send_mail': {
      const sent = await composeMail(deps, { userId, mail: action.mail, mode: 'send' });
      return { result: `mail ${sent.id}` };
    }
    case 'update_settings': {
      if (action.timeZone) await deps.usersRepo.setTimeZone(userId, action.timeZone);
      if (action.language)
        await deps.usersRepo.update(userId, {
          language: action.language,
          updated_at: new Date().toISOString(),
        });
      return { result: 'settings' };
    }
    case 'save_memory': {
      const saved = await saveMemory(memory.memoryRepo, {
        userId,
        text: action.text,
        source: 'approved',
        evidenceMessageId: action.evidenceMessageId,
        evidence: action.evidence,
        now: memory.now,
      });
      if (saved === 'full') throw new WorkspaceError('rejected', 'memory_full');
      return { result: `memory ${saved.id}` };
    }
    case 'ask_others':
      return { result: `asked ${await memory.scheduling.askOthers(action)}` };
    case 'book_time':
      return { result: `booking ${await memory.scheduling.bookTime(action)}` };
    case 'remind_others':
      return { result: `mail ${await memory.scheduling.remindOthers(action)}` };
  }
}
