import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { advanceClock, bearer, post, signIn } from './helpers/auth';
import { testConfig } from './helpers/build';
import { eventually, startSmtp } from './helpers/smtp';

/**
 * The mail outbox on the durable job queue (decision 215): a mail to support is retried with
 * back-off for as long as the mail server refuses it, and goes out once, with its own
 * Message-ID, when it accepts. Real SMTP on loopback; time moved with the app's clock.
 */
const message = { subject: 'Invoice question', message: 'Why was I charged twice?', priority: 'low' };
const HOUR_MS = 60 * 60_000;

describe('a mail the server keeps refusing', () => {
  const smtp = startSmtp();
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const port = await smtp.listen();
    const built = testConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SUPPORT_EMAIL: 'help@relay.test',
      MAIL_RETRY_BASE_MS: '30000',
      // Only the test's drains run jobs, at the clock it moved.
      JOBS_POLL_INTERVAL_MS: '600000',
    });
    cleanup = built.cleanup;
    app = await buildApp(built.config);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
    await smtp.close();
  });

  it('is retried for days, an hour apart at most, never given up, then delivered once', async () => {
    const token = await signIn(app, '+61412700101');
    smtp.state.refuse = true;
    const res = await post(app, '/v1/contact', message, { headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { id: contactId } = res.json();
    const mail = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('contact_message_id', '=', contactId)
      .executeTakeFirstOrThrow();
    const job = () =>
      app.db.selectFrom('jobs').selectAll().where('key', '=', `mail:${mail.id}`).executeTakeFirstOrThrow();

    // Three days of refusals, looked at every 75 minutes (past the hour's cap and its jitter).
    for (let look = 0; look < 58; look += 1) {
      advanceClock(app, 75 * 60_000);
      await app.jobs.worker.drain();
    }
    const refused = await job();
    expect(refused.status).toBe('pending');
    expect(refused.attempts).toBeGreaterThanOrEqual(58);
    expect(refused.last_error).toMatch(/451/);
    const wait = Date.parse(refused.run_at) - app.clock.now().getTime();
    expect(wait).toBeGreaterThan(0.8 * HOUR_MS - 1);
    expect(wait).toBeLessThanOrEqual(1.2 * HOUR_MS);
    expect(
      (await app.db.selectFrom('mail_outbox').select('status').where('id', '=', mail.id).executeTakeFirst())
        ?.status,
    ).toBe('pending');
    expect(smtp.received).toHaveLength(0);

    smtp.state.refuse = false;
    advanceClock(app, 75 * 60_000);
    await app.jobs.worker.drain();
    expect((await job()).status).toBe('done');
    const sent = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', mail.id)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    // The Message-ID is the stored mail's: every try carried the same one.
    expect(smtp.received[0]!.headers['message-id']).toBe(`<${mail.id}@localhost>`);

    // Nothing runs it again.
    advanceClock(app, 75 * 60_000);
    await app.jobs.worker.drain();
    expect(smtp.received).toHaveLength(1);
  });
});

describe('mail stored before the outbox used the job queue', () => {
  it('is queued and sent when the app starts, once, whatever the restarts', async () => {
    const smtp = startSmtp();
    const port = await smtp.listen();
    const { config, cleanup } = testConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SUPPORT_EMAIL: 'help@relay.test',
      JOBS_POLL_INTERVAL_MS: '50',
    });
    const first = await buildApp(config);
    await first.ready();
    // A row as the old outbox worker left it: pending, tried and claimed once, and no job.
    const id = '01900000-0000-7000-8000-000000000215';
    const created = new Date(Date.now() - HOUR_MS).toISOString();
    await first.db
      .insertInto('mail_outbox')
      .values({
        id,
        kind: 'support',
        recipient: 'help@relay.test',
        reply_to: null,
        subject: 'Written before the upgrade',
        body: 'Still on its way.',
        status: 'pending',
        attempts: 3,
        next_attempt_at: created,
        locked_until: created,
        last_error: '451 Mailbox temporarily unavailable',
        contact_message_id: null,
        created_at: created,
        sent_at: null,
      })
      .execute();
    await first.close();

    let app: FastifyInstance | undefined;
    try {
      for (let start = 0; start < 2; start += 1) {
        app = await buildApp(config);
        await app.ready();
        await eventually(async () => {
          const row = await app!.db
            .selectFrom('mail_outbox')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          expect(row.status).toBe('sent');
        });
        await app.close();
        app = undefined;
      }
      const delivered = smtp.received.filter((m) => m.headers['message-id'] === `<${id}@localhost>`);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.headers.subject).toBe('Written before the upgrade');
    } finally {
      await app?.close();
      await smtp.close();
      await cleanup();
    }
  });
});
