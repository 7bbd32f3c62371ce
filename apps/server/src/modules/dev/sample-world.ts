import type { TSampleChangeRequest, TSampleChangeResponse } from '@app/contract/dev/sample-world';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import {
  changeEvent,
  type Delivered,
  deliverMail,
  inviteFrom,
  mailArrived,
  openSample,
  replyFrom,
  type SampleConnection,
  sampleCalendarId,
} from '../../providers/sample-workspace/world';

const SAMPLE_PROVIDERS = new Set(['google', 'microsoft', 'apple']);

/**
 * Changes the sample workspace of the person with this number (issue 30, part 7): a mail
 * arrives in the mailbox of their first connected mail account, or an event of their first
 * calendar account moves or is cancelled. Nobody else's sample is reachable from a number.
 */
export async function changeSample(
  app: FastifyInstance,
  request: TSampleChangeRequest,
): Promise<TSampleChangeResponse> {
  const user = await app.usersRepo.findByPhone(request.phone);
  if (!user) throw new AppError('NOT_FOUND', 'No account has this number.');
  const { change } = request;
  // Oldest first: the first account a person connects is their default, as the workspace reads it.
  const connections = (await app.connectionsRepo.listForUser(user.id))
    .reverse()
    .filter((c) => SAMPLE_PROVIDERS.has(c.provider) && c.status !== 'disconnected')
    .filter((c) => (change.kind === 'event' ? true : c.provider !== 'apple'));
  const connection = connections[0];
  if (!connection) throw new AppError('NOT_FOUND', 'This person has no sample workspace connected.');
  const now = app.clock.now();
  const language = user.language;
  const owner = await openSampleOf(app, user, connection, now);
  if (change.kind === 'event') {
    const changed = await changeEvent(app.sampleWorkspace, {
      owner,
      change: change.change,
      ...(change.eventId ? { eventId: change.eventId } : {}),
      now,
    });
    if (!changed) throw new AppError('NOT_FOUND', 'No such event, or none still to come.');
    // Told to the change feed as a calendar's sync would tell it (issue 31): its reminders follow.
    const eventId = changed.event.id;
    await app.changeFeed.publish([
      {
        ...(changed.cancelled
          ? { kind: 'event.cancelled', eventId }
          : { kind: 'event.changed', eventId, event: null }),
        userId: user.id,
        connectionId: connection.id,
      },
    ]);
    return {
      id: changed.event.id,
      threadId: null,
      name: changed.event.title,
      detail: changed.cancelled ? null : changed.event.start,
    };
  }
  if (change.kind === 'invite') {
    const invited = await inviteFrom(app.sampleWorkspace, {
      owner,
      ownEmail: connection.email,
      calendarId: sampleCalendarId({
        provider: connection.provider as SampleConnection['provider'],
        providerAccountId: connection.provider_account_id,
        email: connection.email,
      }),
      who: change.who,
      language,
      ...(change.title ? { title: change.title } : {}),
      start: change.start,
      minutes: change.minutes,
      timeZone: user.time_zone ?? 'UTC',
      now,
    });
    if (!invited) throw new AppError('NOT_FOUND', `No contact or mail names ${change.who}.`);
    // Told to the change feed with the event, as a calendar's sync tells a new invitation.
    await app.changeFeed.publish([
      {
        kind: 'event.changed',
        eventId: invited.id,
        event: {
          ...invited,
          connectionId: connection.id,
          provider: connection.provider as SampleConnection['provider'],
          calendar: null,
        },
        userId: user.id,
        connectionId: connection.id,
      },
    ]);
    return { id: invited.id, threadId: null, name: invited.title, detail: invited.start };
  }
  const base = { owner, ownEmail: connection.email, who: change.who, language, now };
  const delivered =
    change.kind === 'reply'
      ? await replyFrom(app.sampleWorkspace, { ...base, ...(change.text ? { text: change.text } : {}) })
      : await deliverMail(app.sampleWorkspace, {
          ...base,
          ...(change.subject ? { subject: change.subject } : {}),
          ...(change.text ? { text: change.text } : {}),
        });
  if (!delivered) throw new AppError('NOT_FOUND', `No contact or mail names ${change.who}.`);
  await publishArrived(app, user.id, connection, delivered, now);
  return {
    id: delivered.mailId,
    threadId: delivered.threadId,
    name: delivered.from.name ?? delivered.from.email,
    detail: delivered.subject,
  };
}

/** What the sample needs of a connection row (dev reads connections through the app). */
interface SampleAccount {
  id: string;
  provider: string;
  provider_account_id: string;
  email: string;
}

/** The sample workspace behind one of the person's connections, opened on the app's clock. */
export function openSampleOf(
  app: FastifyInstance,
  user: { language: 'en' | 'zh'; time_zone: string | null },
  connection: SampleAccount,
  now: Date,
) {
  return openSample(
    app.sampleWorkspace,
    {
      provider: connection.provider as SampleConnection['provider'],
      providerAccountId: connection.provider_account_id,
      email: connection.email,
    },
    { language: user.language, timeZone: user.time_zone ?? 'UTC', now },
  );
}

/**
 * A mail delivered into a sample mailbox, told to the change feed as a mailbox's sync would tell
 * it (issue 31): follow-ups, help texts and scheduling replies look at it.
 */
export async function publishArrived(
  app: FastifyInstance,
  userId: string,
  connection: SampleAccount,
  delivered: Delivered,
  now: Date,
): Promise<void> {
  const arrived = mailArrived(delivered, {
    connectionId: connection.id,
    provider: connection.provider as SampleConnection['provider'],
    ownEmail: connection.email,
    now,
  });
  await app.changeFeed.publish([{ ...arrived, userId, connectionId: connection.id }]);
}
