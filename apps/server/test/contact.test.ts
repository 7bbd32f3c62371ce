import { ZSendContactMessageResponse } from '@app/contract/contact/send-contact-message';
import { describe, expect, it } from 'vitest';
import { advanceClock, bearer, freshIp, post, signIn } from './helpers/auth';
import { useApp } from './helpers/build';

const CONTACT = '/v1/contact';
const valid = {
  subject: 'Calendar is not syncing',
  message: 'My events from yesterday are missing.',
  priority: 'high',
};

let n = 0;
const phone = () => `+6142${String(1000000 + ++n).slice(-7)}`;

describe('POST /v1/contact', () => {
  const ctx = useApp({ JOBS_POLL_INTERVAL_MS: '50', MAIL_RETRY_BASE_MS: '50' });

  it('stores the message with who sent it, answers at once, and mails support', async () => {
    const number = phone();
    const token = await signIn(ctx.app, number);
    const res = await post(ctx.app, CONTACT, valid, {
      headers: { ...bearer(token), 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    const body = ZSendContactMessageResponse.parse(res.json());
    expect(body.message).toBe('消息发送成功！我们将在 24 小时内回复您。');

    const stored = await ctx.app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    const user = await ctx.app.db
      .selectFrom('users')
      .selectAll()
      .where('phone_number', '=', number)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: user.id,
      email: user.email,
      phone_number: number,
      language: 'zh',
      subject: valid.subject,
      message: valid.message,
      priority: 'high',
    });

    await ctx.app.jobs.worker.drain();
    const [mail] = await ctx.app.devOutbox.list({ to: 'support@example.com', limit: 1 });
    expect(mail?.subject).toBe('[URGENT] [Relay support] Calendar is not syncing');
    expect(mail?.body).toContain(`Account ID: ${user.id}`);
    expect(mail?.body).toContain('Plan:');
    expect(mail?.body).toContain('Connected:  none');
    expect(mail?.body).toContain(valid.message);
    // A phone-only user has no address to confirm to.
    expect(await ctx.app.devOutbox.list({ to: user.email, limit: 5 })).toEqual([]);
  });

  it('defaults the priority to medium', async () => {
    const token = await signIn(ctx.app, phone());
    const res = await post(
      ctx.app,
      CONTACT,
      { subject: 'Hi', message: 'Question' },
      { headers: bearer(token) },
    );
    const stored = await ctx.app.db
      .selectFrom('contact_messages')
      .select('priority')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.priority).toBe('medium');
    expect(res.json().message).toBe("Message sent successfully! We'll get back to you within 24 hours.");
  });

  it('answers 401 without a session', async () => {
    const res = await post(ctx.app, CONTACT, valid);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['an empty subject', { ...valid, subject: '' }, 'subject'],
    ['a blank subject', { ...valid, subject: '   ' }, 'subject'],
    ['a 201-character subject', { ...valid, subject: 's'.repeat(201) }, 'subject'],
    ['no subject', { message: 'x', priority: 'low' }, 'subject'],
    ['a number as subject', { ...valid, subject: 42 }, 'subject'],
    ['an empty message', { ...valid, message: '' }, 'message'],
    ['a 5,001-character message', { ...valid, message: 'm'.repeat(5001) }, 'message'],
    ['an unknown priority', { ...valid, priority: 'urgent' }, 'priority'],
  ];

  it.each(bad)('refuses %s with 400 naming the field', async (_, payload, field) => {
    const token = await signIn(ctx.app, phone());
    const res = await post(ctx.app, CONTACT, payload, { headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });

  it('accepts exactly 200 and 5,000 characters', async () => {
    const token = await signIn(ctx.app, phone());
    const res = await post(
      ctx.app,
      CONTACT,
      { ...valid, subject: 's'.repeat(200), message: 'm'.repeat(5000) },
      { headers: bearer(token) },
    );
    expect(res.statusCode).toBe(200);
  });

  it('allows 5 messages per hour per user, then 429 with Retry-After', async () => {
    const token = await signIn(ctx.app, phone());
    for (let i = 0; i < 5; i++) {
      expect(
        (await post(ctx.app, CONTACT, valid, { headers: bearer(token), remoteAddress: freshIp() }))
          .statusCode,
      ).toBe(200);
    }
    const res = await post(ctx.app, CONTACT, valid, { headers: bearer(token) });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(res.json().error.message).toMatch(/5 messages in the last hour/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another user is not affected.
    const other = await signIn(ctx.app, phone());
    expect((await post(ctx.app, CONTACT, valid, { headers: bearer(other) })).statusCode).toBe(200);
    advanceClock(ctx.app, (retryAfter + 1) * 1000);
    expect((await post(ctx.app, CONTACT, valid, { headers: bearer(token) })).statusCode).toBe(200);
  });

  it('holds the limit when messages race', async () => {
    const token = await signIn(ctx.app, phone());
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(ctx.app, CONTACT, valid, { headers: bearer(token) })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });

  it('silently drops a bot that fills the hidden field', async () => {
    const number = phone();
    const token = await signIn(ctx.app, number);
    const before = await ctx.app.db.selectFrom('mail_outbox').select('id').execute();
    const res = await post(
      ctx.app,
      CONTACT,
      { ...valid, website: 'http://spam.example' },
      { headers: bearer(token) },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Message sent successfully! We'll get back to you within 24 hours.");
    const user = await ctx.app.db
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', number)
      .executeTakeFirstOrThrow();
    expect(
      await ctx.app.db.selectFrom('contact_messages').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(await ctx.app.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
  });
});
