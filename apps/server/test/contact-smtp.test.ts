import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { bearer, post, signIn } from './helpers/auth';
import { testConfig } from './helpers/build';
import { eventually, startSmtp } from './helpers/smtp';

const message = {
  subject: 'Refund for March — café invoice',
  message: 'Hello,\nplease refund the duplicate charge. 谢谢!',
  priority: 'medium',
};

function env(port: number) {
  return {
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    JOBS_POLL_INTERVAL_MS: '40',
    MAIL_RETRY_BASE_MS: '40',
    SUPPORT_EMAIL: 'help@relay.test',
    MAIL_FROM: 'Relay <no-reply@relay.test>',
  };
}

async function outboxRows(app: Awaited<ReturnType<typeof buildApp>>, contactId: string) {
  return app.db.selectFrom('mail_outbox').selectAll().where('contact_message_id', '=', contactId).execute();
}

/** Each mail's send job (decision 215): its tries and last error. */
async function sendJobs(app: Awaited<ReturnType<typeof buildApp>>, contactId: string) {
  const mails = await outboxRows(app, contactId);
  if (mails.length === 0) return [];
  return app.db
    .selectFrom('jobs')
    .selectAll()
    .where(
      'key',
      'in',
      mails.map((mail) => `mail:${mail.id}`),
    )
    .execute();
}

describe('support mail over a real SMTP server', () => {
  const smtp = startSmtp();
  let port = 0;
  beforeAll(async () => {
    port = await smtp.listen();
  });
  afterAll(() => smtp.close());

  it('arrives with the right headers and body, and the sender gets a confirmation', async () => {
    const { config, cleanup } = testConfig(env(port));
    const app = await buildApp(config);
    await app.ready();
    try {
      const token = await signIn(app, '+61412700001');
      // A user who signed in with Google has a real address (OAuth comes later; set it directly).
      await app.db
        .updateTable('users')
        .set({ email: 'ada@example.com', name: 'Ada Lovelace' })
        .where('phone_number', '=', '+61412700001')
        .execute();
      const res = await post(app, '/v1/contact', message, {
        headers: { ...bearer(token), 'accept-language': 'zh' },
      });
      expect(res.statusCode).toBe(200);
      const { id } = res.json();

      const [toSupport, toUser] = await eventually(() => {
        const support = smtp.received.find((m) => m.to.includes('help@relay.test'));
        const confirmation = smtp.received.find((m) => m.to.includes('ada@example.com'));
        expect(support).toBeDefined();
        expect(confirmation).toBeDefined();
        return [support!, confirmation!];
      });
      expect(toSupport.from).toBe('no-reply@relay.test');
      expect(toSupport.headers.from).toBe('Relay <no-reply@relay.test>');
      expect(toSupport.headers.to).toBe('help@relay.test');
      expect(toSupport.headers['reply-to']).toBe('ada@example.com');
      expect(toSupport.headers.subject).toBe('[Relay support] Refund for March — café invoice');
      expect(toSupport.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
      expect(toSupport.text).toContain('please refund the duplicate charge. 谢谢!');
      expect(toSupport.text).toMatch(/Account ID: [0-9a-f-]{36}/);
      expect(toSupport.text).toContain('Email:      ada@example.com');
      expect(toSupport.text).toContain('Phone:      +61412700001');
      expect(toSupport.text).toContain('Priority:   Medium - Need assistance');
      expect(toSupport.text).toContain('Language:   Chinese (zh)');

      expect(toUser.headers.subject).toBe('我们已收到您的消息：Refund for March — café invoice');
      expect(toUser.headers['reply-to']).toBe('help@relay.test');
      expect(toUser.text).toContain('Ada Lovelace，您好');

      // The server has the mail a moment before the outbox row says so.
      const rows = await eventually(async () => {
        const current = await outboxRows(app, id);
        expect(current.map((r) => r.status)).toEqual(['sent', 'sent']);
        return current;
      });
      expect(rows).toHaveLength(2);
      // Sent at the first try, by one job each.
      const jobs = await sendJobs(app, id);
      expect(jobs.map((job) => job.attempts)).toEqual([1, 1]);
    } finally {
      await app.close();
      await cleanup();
    }
  });

  it('keeps the mail while the server refuses, and delivers it once it accepts again', async () => {
    const { config, cleanup } = testConfig(env(port));
    const app = await buildApp(config);
    await app.ready();
    try {
      const token = await signIn(app, '+61412700002');
      smtp.state.refuse = true;
      const before = smtp.received.length;
      const res = await post(app, '/v1/contact', message, { headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const { id } = res.json();

      const refused = await eventually(async () => {
        const [job] = await sendJobs(app, id);
        expect(job?.attempts).toBeGreaterThanOrEqual(2);
        return job!;
      });
      expect(refused.status).toBe('pending');
      expect(refused.last_error).toMatch(/451/);
      expect((await outboxRows(app, id))[0]?.status).toBe('pending');
      expect(smtp.received.length).toBe(before);
      expect(
        await app.db.selectFrom('contact_messages').select('id').where('id', '=', id).executeTakeFirst(),
      ).toBeDefined();

      smtp.state.refuse = false;
      await eventually(async () => {
        const [row] = await outboxRows(app, id);
        expect(row?.status).toBe('sent');
      }, 10_000);
      const delivered = smtp.received.filter(
        (m) => m.text.includes('please refund the duplicate charge') && m.raw.includes(id),
      );
      expect(delivered).toHaveLength(1);
    } finally {
      smtp.state.refuse = false;
      await app.close();
      await cleanup();
    }
  });
});

describe('a restart while the mail server is down', () => {
  it('loses nothing: the next start delivers what was pending', async () => {
    // Find a free port, then leave it closed: the mail server is down.
    const probe = startSmtp();
    const port = await probe.listen();
    await probe.close();

    const { config, cleanup } = testConfig(env(port));
    const first = await buildApp(config);
    await first.ready();
    const token = await signIn(first, '+61412700003');
    const res = await post(first, '/v1/contact', message, { headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    await eventually(async () => {
      const [job] = await sendJobs(first, id);
      expect(job?.attempts).toBeGreaterThanOrEqual(1);
      expect(job?.last_error).toBeTruthy();
    });
    await first.close();

    const smtp = startSmtp(port);
    await smtp.listen();
    const second = await buildApp(config);
    await second.ready();
    try {
      await eventually(async () => {
        const [row] = await outboxRows(second, id);
        expect(row?.status).toBe('sent');
      }, 10_000);
      expect(smtp.received.filter((m) => m.text.includes(id))).toHaveLength(1);
    } finally {
      await second.close();
      await smtp.close();
      await cleanup();
    }
  });
});
