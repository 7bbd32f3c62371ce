import { ZWorkspaceEvent } from '@app/contract/workspace/calendar';
import { ZAttachmentInfo, ZMailAddress } from '@app/contract/workspace/mail';
import { z } from 'zod';
import { ProviderError } from '../provider-errors';
import type { SampleItem } from './repo';

/**
 * The JSON documents of the sample workspace. They are read back through these shapes like any
 * provider's answer: a document that no longer fits (written by an older shape) is a
 * ProviderError 'protocol', not a crash somewhere further on.
 */
/** A workspace event as stored: which account and calendar name it has are the reader's. */
export const ZStoredEvent = ZWorkspaceEvent.omit({
  connectionId: true,
  provider: true,
  calendar: true,
}).extend({
  /** A hold (decision 594), as the providers' tentative status. */
  tentative: z.boolean().optional(),
});
export type StoredEvent = z.infer<typeof ZStoredEvent>;

export const ZStoredMail = z.object({
  id: z.string(),
  threadId: z.string(),
  folder: z.enum(['inbox', 'sent', 'drafts']),
  from: ZMailAddress.nullable(),
  to: z.array(ZMailAddress),
  cc: z.array(ZMailAddress),
  bcc: z.array(ZMailAddress),
  subject: z.string(),
  text: z.string(),
  /** ISO instant. */
  date: z.string(),
  unread: z.boolean(),
  attachments: z.array(ZAttachmentInfo),
  messageId: z.string().nullable(),
  references: z.array(z.string()),
});
export type StoredMail = z.infer<typeof ZStoredMail>;

export const ZStoredContact = z.object({
  id: z.string(),
  name: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  organization: z.string().nullable(),
});
export type StoredContact = z.infer<typeof ZStoredContact>;

/** Where an all-day event sorts among timed ones: the start of its first day, UTC. */
export function eventSortKey(event: Pick<StoredEvent, 'start' | 'allDay'>): string {
  return event.allDay ? `${event.start}T00:00:00.000Z` : event.start;
}

export function eventItem(event: StoredEvent): SampleItem {
  return { kind: 'event', id: event.id, sortKey: eventSortKey(event), data: JSON.stringify(event) };
}

export function mailItem(mail: StoredMail): SampleItem {
  return { kind: 'mail', id: mail.id, sortKey: mail.date, data: JSON.stringify(mail) };
}

export function contactItem(contact: StoredContact): SampleItem {
  return {
    kind: 'contact',
    id: contact.id,
    sortKey: contact.name.toLowerCase(),
    data: JSON.stringify(contact),
  };
}

export function readStored<T>(schema: z.ZodType<T>, item: SampleItem): T {
  let json: unknown;
  try {
    json = JSON.parse(item.data);
  } catch (error) {
    throw new ProviderError('protocol', `sample ${item.kind} ${item.id} is not JSON`, { cause: error });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError('protocol', `sample ${item.kind} ${item.id} has a shape we cannot read`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
