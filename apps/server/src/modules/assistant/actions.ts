import { ZCreateEventBody, ZUpdateEventBody } from '@app/contract/workspace/calendar';
import { ZComposeMail } from '@app/contract/workspace/mail';
import { z } from 'zod';
import { createEvent, deleteEvent, updateEvent } from '../workspace/calendar';
import type { WorkspaceDeps } from '../workspace/deps';
import { composeMail } from '../workspace/mail';

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
  z.object({ kind: z.literal('delete_event'), connectionId: z.string(), eventId: z.string() }),
  z.object({ kind: z.literal('send_mail'), mail: ZComposeMail }),
]);
export type TAction = z.infer<typeof ZAction>;

/** Runs an approved action through the workspace, exactly as the internal API would. */
export async function runAction(deps: WorkspaceDeps, userId: string, action: TAction): Promise<string> {
  switch (action.kind) {
    case 'create_event': {
      const event = await createEvent(deps, { userId, event: action.event });
      return `event ${event.id}`;
    }
    case 'update_event': {
      const event = await updateEvent(deps, { userId, ...action });
      return `event ${event.id}`;
    }
    case 'delete_event':
      await deleteEvent(deps, { userId, ...action, sendUpdates: true });
      return `deleted ${action.eventId}`;
    case 'send_mail': {
      const sent = await composeMail(deps, { userId, mail: action.mail, mode: 'send' });
      return `mail ${sent.id}`;
    }
  }
}
