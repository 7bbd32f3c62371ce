import { z } from 'zod';
import type { Db } from '../../db/database';
import { defineJob } from '../../lib/jobs/definition';
import type { MailOutboxDeps } from './deps';
import type { NewOutboxMail } from './repo';

export const MAIL_JOB = 'mail.send';

/** Sends one stored mail (`sendMail`, registered in plugin.ts). */
export const mailSendJob = defineJob({ kind: MAIL_JOB, payload: z.object({ mailId: z.string() }) });

/** One job per mail, keyed by the mail: a second enqueue of the same mail is the same job. */
const mailJob = (mailId: string) => ({ key: `mail:${mailId}`, payload: { mailId } });

/**
 * Stores a mail and its send job through `trx`, the transaction that stores what the mail is
 * about: the message and its mails are kept together or not at all, and a stored mail always has
 * a job to send it.
 */
export async function queueMail(
  deps: Pick<MailOutboxDeps, 'mailOutboxRepo' | 'jobs'>,
  trx: Db,
  mail: NewOutboxMail,
): Promise<void> {
  await deps.mailOutboxRepo.with(trx).insert(mail);
  await deps.jobs.enqueue(trx, mailSendJob, mailJob(mail.id));
}

/**
 * Mail stored before the outbox moved onto the job queue has no job: each pending mail gets
 * one (an existing job is kept, its key is the mail's). Safe on every start and every instance.
 */
export async function enqueuePendingMail(
  deps: Pick<MailOutboxDeps, 'mailOutboxRepo' | 'jobs' | 'db'>,
): Promise<number> {
  const PAGE = 500;
  let after = '';
  let queued = 0;
  for (;;) {
    const ids = await deps.mailOutboxRepo.pendingIds(after, PAGE);
    for (const id of ids)
      if ((await deps.jobs.enqueue(deps.db, mailSendJob, mailJob(id))).created) queued += 1;
    if (ids.length < PAGE) return queued;
    after = ids.at(-1) as string;
  }
}
