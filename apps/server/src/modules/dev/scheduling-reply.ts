import type { TSchedulingReplyRequest, TSchedulingReplyResponse } from '@app/contract/dev/sample-world';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { replyInThread } from '../../providers/sample-workspace/world';
import { openSampleOf, publishArrived } from './sample-world';

/** What the sample person writes for each answer, in the person's language. */
const WORDS = {
  en: {
    pick: (n: number) => `Option ${n} works for me.`,
    other: 'Could we do Thursday 3pm instead?',
    decline: "Sorry, I can't make any of these.",
  },
  zh: {
    pick: (n: number) => `第${'一二三四五六七八九十'[n - 1] ?? n}个可以。`,
    other: '能不能改到周四下午3点？',
    decline: '抱歉，这些时间我都来不了。',
  },
} as const;

/**
 * A sample person answers a scheduling request (issue 32, part 7): its first attendee replies in
 * the request's thread of the person's sample mailbox, and the change feed is told as a mailbox's
 * sync would tell it, so the loop (reading, booking, asking) runs on `npm start`.
 */
export async function schedulingReply(
  app: FastifyInstance,
  request: TSchedulingReplyRequest,
): Promise<TSchedulingReplyResponse> {
  const user = await app.usersRepo.findByPhone(request.phone);
  if (!user) throw new AppError('NOT_FOUND', 'No account has this number.');
  const row = request.requestId
    ? await app.schedulingRepo.find(user.id, request.requestId)
    : await app.schedulingRepo.latestAsked(user.id);
  if (!row?.thread_id)
    throw new AppError('NOT_FOUND', 'No scheduling request of this person waits on answers.');
  const connection = (await app.connectionsRepo.listForUser(user.id)).find((c) => c.id === row.connection_id);
  if (!connection || !['google', 'microsoft'].includes(connection.provider))
    throw new AppError('NOT_FOUND', 'The request is not in a sample mailbox.');
  const { answer } = request;
  if (answer.kind === 'none') return { requestId: row.id, id: null, threadId: row.thread_id, text: null };
  const words = WORDS[user.language];
  const text =
    answer.kind === 'pick'
      ? words.pick(answer.slot)
      : answer.kind === 'other_time'
        ? (answer.text ?? words.other)
        : answer.kind === 'decline'
          ? words.decline
          : answer.text;
  const [attendee] = JSON.parse(row.attendees) as { email: string; name: string | null }[];
  if (!attendee) throw new AppError('NOT_FOUND', 'The request has no attendee.');
  const now = app.clock.now();
  const owner = await openSampleOf(app, user, connection, now);
  const delivered = await replyInThread(app.sampleWorkspace, {
    owner,
    ownEmail: connection.email,
    threadId: row.thread_id,
    from: { email: attendee.email, name: attendee.name },
    text,
    now,
  });
  if (!delivered) throw new AppError('NOT_FOUND', 'The request’s thread is not in the sample mailbox.');
  await publishArrived(app, user.id, connection, delivered, now);
  return { requestId: row.id, id: delivered.mailId, threadId: delivered.threadId, text };
}
