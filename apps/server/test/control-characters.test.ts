import { describe, expect, it } from 'vitest';
import { bearer, post, signIn } from './helpers/auth';
import { useApp } from './helpers/build';

const CONTACT = '/v1/contact';
const valid = { subject: 'Calendar is not syncing', message: 'My events are missing.', priority: 'low' };

let n = 0;
const phone = () => `+6143${String(1000000 + ++n).slice(-7)}`;

/** Design §5: single-line text fields refuse control characters; a message keeps its line breaks. */
describe('control characters in POST /v1/contact', () => {
  const ctx = useApp();

  it.each([
    ['CR LF (header injection)', 'Hello\r\nBcc: someone@example.com'],
    ['a trailing CR LF', 'Hello\r\n'],
    ['NUL', 'Hel\u0000lo'],
    ['NEL (C1)', 'Hel\u0085lo'],
    ['TAB', 'Hel\tlo'],
    ['DEL', 'Hel\u007Flo'],
    ['a line separator', 'Hel\u2028lo'],
  ])('refuses a subject with %s: 400 naming subject', async (_, subject) => {
    const token = await signIn(ctx.app, phone());
    const res = await post(ctx.app, CONTACT, { ...valid, subject }, { headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'subject' });
    expect(error.message).toMatch(/^subject: .*control characters/);
  });

  it('refuses NUL or NEL in the message, naming message', async () => {
    const token = await signIn(ctx.app, phone());
    for (const message of ['one\u0000two', 'one\u0085two']) {
      const res = await post(ctx.app, CONTACT, { ...valid, message }, { headers: bearer(token) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'message' });
    }
  });

  it('accepts a normal subject, and line breaks and tabs in the message', async () => {
    const token = await signIn(ctx.app, phone());
    const message = 'First line\r\nSecond line\n\tindented – ünïcödé 你好';
    const res = await post(
      ctx.app,
      CONTACT,
      { ...valid, subject: 'Calendar – sync “stuck” 日历' },
      { headers: bearer(token) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const withBreaks = await post(ctx.app, CONTACT, { ...valid, message }, { headers: bearer(token) });
    expect(withBreaks.statusCode, withBreaks.body).toBe(200);
    const stored = await ctx.app.db
      .selectFrom('contact_messages')
      .select('message')
      .where('id', '=', withBreaks.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.message).toBe(message);
  });
});
