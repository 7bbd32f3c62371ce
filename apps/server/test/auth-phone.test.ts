import { ZSendVerificationCodeResponse } from '@app/contract/auth/send-verification-code';
import { ZVerifyCodeResponse } from '@app/contract/auth/verify-code';
import { ZErrorBody } from '@app/contract/http';
import { describe, expect, it } from 'vitest';
import {
  advanceClock,
  bearer,
  freshIp,
  latestCode,
  post,
  proofCookieOf,
  requestCode,
  signIn,
} from './helpers/auth';
import { useApp } from './helpers/build';

const SEND = '/v1/api/send-verification-code';
const VERIFY = '/v1/api/verify-code';

let n = 0;
/** A fresh, valid Australian mobile per test. */
function phone(): string {
  n += 1;
  return `+6141${String(1000000 + n).slice(-7)}`;
}

describe('phone sign-in', () => {
  const ctx = useApp();

  it('texts a 5-digit code, verifies it, and signs a new user in with the phone only', async () => {
    const number = phone();
    const sent = await post(ctx.app, SEND, { phoneNumber: number });
    expect(sent.statusCode).toBe(200);
    expect(ZSendVerificationCodeResponse.parse(sent.json())).toEqual({
      success: true,
      expiresInSeconds: 600,
      resendAfterSeconds: 30,
    });
    const [sms] = await ctx.app.devOutbox.list({ to: number, limit: 1 });
    expect(sms?.channel).toBe('sms');
    expect(sms?.body).toMatch(/^\d{5} is your Relay sign-in code/);
    const code = await latestCode(ctx.app, number);

    const verified = await post(ctx.app, VERIFY, { phoneNumber: number, code });
    expect(verified.statusCode).toBe(200);
    const body = ZVerifyCodeResponse.parse(verified.json());
    expect(body.isExistingUser).toBe(false);
    expect(body.sessionToken).toBeUndefined();
    expect(body.user).toMatchObject({
      name: 'Phone User',
      email: `${number.slice(1)}@phone.relay.invalid`,
      phoneNumber: number,
    });
    expect(body.verifiedPhoneToken).toBeTruthy();
    // The proof says nothing readable: not the number, not the user.
    const proofText = Buffer.from(body.verifiedPhoneToken!, 'base64url').toString('latin1');
    expect(proofText).not.toContain(number.slice(1));
    expect(proofText).not.toContain(body.user!.userId);
    const cookie = proofCookieOf(verified);
    expect(verified.headers['set-cookie']).toMatch(
      /^relay_phone_proof=[A-Za-z0-9_-]{43}; Path=\/v1\/; Max-Age=900; HttpOnly; SameSite=Strict$/,
    );

    const session = await post(
      ctx.app,
      '/v1/auth/phone-session',
      { verifiedPhoneToken: body.verifiedPhoneToken },
      { headers: cookie },
    );
    expect(session.statusCode).toBe(200);
    const { sessionToken, user } = session.json();
    expect(user).toMatchObject({
      provider: 'phone',
      name: 'Phone User',
      phoneNumber: number,
      account_id: user.id,
    });
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(sessionToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);

    // The proof works once.
    const again = await post(
      ctx.app,
      '/v1/auth/phone-session',
      { verifiedPhoneToken: body.verifiedPhoneToken },
      { headers: cookie },
    );
    expect(again.statusCode).toBe(401);
  });

  it('takes a proof only from the browser that verified: a copy (from a URL or a log) is worth nothing', async () => {
    const number = phone();
    const code = await requestCode(ctx.app, number);
    const verified = await post(ctx.app, VERIFY, { phoneNumber: number, code });
    const proof = verified.json().verifiedPhoneToken as string;
    const start = (headers: Record<string, string>) =>
      post(ctx.app, '/v1/auth/phone-session', { verifiedPhoneToken: proof }, { headers });

    // No cookie, or another browser's cookie: refused, and the proof is not spent by trying.
    expect((await start({})).statusCode).toBe(401);
    const stranger = `relay_phone_proof=${'A'.repeat(43)}`;
    const refused = await start({ cookie: stranger });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('UNAUTHORIZED');
    const oauth = await ctx.app.inject({
      method: 'GET',
      url: `/v1/google/oauth-init/auth?verified_phone=${encodeURIComponent(proof)}`,
      headers: { cookie: stranger },
    });
    expect(oauth.statusCode).toBe(401);

    // The browser that verified still can.
    expect((await start(proofCookieOf(verified))).statusCode).toBe(200);
  });

  it('signs an existing user straight in', async () => {
    const number = phone();
    await signIn(ctx.app, number);
    advanceClock(ctx.app, 31_000);
    const code = await requestCode(ctx.app, number);
    const res = await post(ctx.app, VERIFY, { phoneNumber: number, code });
    const body = ZVerifyCodeResponse.parse(res.json());
    expect(body.isExistingUser).toBe(true);
    expect(body.account).toMatchObject({ phoneNumber: number, provider: 'phone' });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v1/auth/me',
      headers: bearer(body.sessionToken!),
    });
    expect(me.json().user.phoneNumber).toBe(number);
  });

  it('accepts the number with a trunk zero and stores it in E.164', async () => {
    const res = await post(ctx.app, SEND, { phoneNumber: '+610412555001' });
    expect(res.statusCode).toBe(200);
    expect(await latestCode(ctx.app, '+61412555001')).toMatch(/^\d{5}$/);
  });

  it('stores the code hashed, never in clear', async () => {
    const number = phone();
    const code = await requestCode(ctx.app, number);
    const row = await ctx.app.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('phone_number', '=', number)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash.length).toBeGreaterThanOrEqual(43);
  });

  it('refuses a wrong code with the spec message, and the right one still works', async () => {
    const number = phone();
    const code = await requestCode(ctx.app, number);
    const wrong = code === '00000' ? '11111' : '00000';
    const res = await post(ctx.app, VERIFY, { phoneNumber: number, code: wrong });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error).toMatchObject({
      code: 'INVALID_CODE',
      message: 'Invalid or expired verification code',
    });
    expect((await post(ctx.app, VERIFY, { phoneNumber: number, code })).statusCode).toBe(200);
  });

  it('answers in Chinese when the page is in Chinese', async () => {
    const number = phone();
    await post(ctx.app, SEND, { phoneNumber: number, language: 'zh' });
    const [sms] = await ctx.app.devOutbox.list({ to: number, limit: 1 });
    expect(sms?.body).toContain('是您的 Relay 登录验证码');
    const res = await post(
      ctx.app,
      VERIFY,
      { phoneNumber: number, code: '99999' },
      { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } },
    );
    const code = await latestCode(ctx.app, number);
    if (code !== '99999') expect(res.json().error.message).toBe('验证码无效或已过期');
  });

  it('refuses an expired code', async () => {
    const number = phone();
    const code = await requestCode(ctx.app, number);
    const before = ctx.app.clock.now;
    advanceClock(ctx.app, 10 * 60 * 1000 + 1000);
    const res = await post(ctx.app, VERIFY, { phoneNumber: number, code });
    ctx.app.clock.now = before;
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_EXPIRED');
    expect(res.json().error.message).toBe('Invalid or expired verification code');
  });

  it('refuses a code used once already', async () => {
    const number = phone();
    const code = await requestCode(ctx.app, number);
    expect((await post(ctx.app, VERIFY, { phoneNumber: number, code })).statusCode).toBe(200);
    const again = await post(ctx.app, VERIFY, { phoneNumber: number, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_CODE');
  });

  it('refuses a code replaced by a newer one', async () => {
    const number = phone();
    const first = await requestCode(ctx.app, number);
    advanceClock(ctx.app, 31_000);
    const second = await requestCode(ctx.app, number);
    if (first !== second) {
      expect((await post(ctx.app, VERIFY, { phoneNumber: number, code: first })).statusCode).toBe(400);
    }
    expect((await post(ctx.app, VERIFY, { phoneNumber: number, code: second })).statusCode).toBe(200);
  });

  it('refuses the sixth try even with the right code', async () => {
    const number = phone();
    const code = await requestCode(ctx.app, number);
    const wrong = code === '12345' ? '54321' : '12345';
    for (let i = 0; i < 5; i++) {
      const res = await post(ctx.app, VERIFY, { phoneNumber: number, code: wrong });
      expect(res.json().error.code).toBe('INVALID_CODE');
    }
    const sixth = await post(ctx.app, VERIFY, { phoneNumber: number, code });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    // The code is spent for good: Retry-After says when a new one may be sent (30 s after the last).
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(sixth.json().error.retryAfterSeconds).toBe(retryAfter);
    advanceClock(ctx.app, retryAfter * 1000);
    expect(
      (await post(ctx.app, SEND, { phoneNumber: number }, { remoteAddress: freshIp() })).statusCode,
    ).toBe(200);
  });

  it('evaluates at most 5 of 50 wrong codes sent at once', async () => {
    const number = phone();
    const code = await requestCode(ctx.app, number);
    const wrong = Array.from({ length: 50 }, (_, i) =>
      String((Number(code) + 1 + i) % 100000).padStart(5, '0'),
    );
    const results = await Promise.all(
      wrong.map((guess) =>
        post(ctx.app, VERIFY, { phoneNumber: number, code: guess }, { remoteAddress: freshIp() }),
      ),
    );
    const codes = results.map((r) => r.json().error?.code);
    expect(codes.filter((c) => c === 'INVALID_CODE')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(45);
    const row = await ctx.app.db
      .selectFrom('verification_codes')
      .select('attempts')
      .where('phone_number', '=', number)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await post(ctx.app, VERIFY, { phoneNumber: number, code })).statusCode).toBe(429);
  });
});

describe('send limits', () => {
  const ctx = useApp();

  it('allows one send per 30 s per number, with Retry-After', async () => {
    const number = phone();
    await requestCode(ctx.app, number);
    const res = await post(ctx.app, SEND, { phoneNumber: number }, { remoteAddress: freshIp() });
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(res.json().error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: retryAfter });
    expect(res.json().error.message).toMatch(/wait \d+ seconds/);
    advanceClock(ctx.app, 31_000);
    expect(
      (await post(ctx.app, SEND, { phoneNumber: number }, { remoteAddress: freshIp() })).statusCode,
    ).toBe(200);
  });

  it('allows five sends per hour per number, with Retry-After until the oldest leaves the hour', async () => {
    const number = phone();
    for (let i = 0; i < 5; i++) {
      await requestCode(ctx.app, number);
      advanceClock(ctx.app, 60_000);
    }
    const res = await post(ctx.app, SEND, { phoneNumber: number }, { remoteAddress: freshIp() });
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    // Five sends a minute apart: the oldest was 5 minutes ago, so about 55 minutes remain.
    expect(retryAfter).toBeGreaterThan(54 * 60);
    expect(retryAfter).toBeLessThanOrEqual(55 * 60);
    advanceClock(ctx.app, (retryAfter + 1) * 1000);
    expect(
      (await post(ctx.app, SEND, { phoneNumber: number }, { remoteAddress: freshIp() })).statusCode,
    ).toBe(200);
  });

  it('holds the per-number limit when sends race', async () => {
    const number = phone();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(ctx.app, SEND, { phoneNumber: number }, { remoteAddress: freshIp() }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(9);
    expect(await ctx.app.devOutbox.list({ to: number, limit: 50 })).toHaveLength(1);
  });

  it("allows 20 sends per hour per IP address, in the caller's language", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await post(ctx.app, SEND, { phoneNumber: phone() }, { remoteAddress: ip })).statusCode).toBe(
        200,
      );
    }
    const res = await post(
      ctx.app,
      SEND,
      { phoneNumber: phone() },
      { remoteAddress: ip, headers: { 'accept-language': 'zh' } },
    );
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(res.json().error.message).toMatch(/^请求过于频繁/);
  });
});

describe('bad input never reaches a 500', () => {
  const ctx = useApp();

  const badPhones: [string, unknown][] = [
    ['missing', {}],
    ['null', { phoneNumber: null }],
    ['a number type', { phoneNumber: 61412345678 }],
    ['an array', { phoneNumber: ['+61412345678'] }],
    ['letters', { phoneNumber: '+61abc45678' }],
    ['no plus', { phoneNumber: '61412345678' }],
    ['30 digits', { phoneNumber: `+${'4'.repeat(30)}` }],
    ['unicode digits', { phoneNumber: '+٦١٤١٢٣٤٥٦٧٨' }],
    ['fullwidth digits', { phoneNumber: '+６１４１２３４５６７８' }],
    ['a huge string', { phoneNumber: `+61${'9'.repeat(10_000)}` }],
    ['an unsupported country', { phoneNumber: '+74951234567' }],
    ['too short', { phoneNumber: '+6112345' }],
    ['+1 with 11 digits', { phoneNumber: '+141555526711' }],
    ['a bad language', { phoneNumber: '+61412345678', language: 'fr' }],
  ];

  it.each(badPhones)('send-verification-code refuses %s with 400', async (_, payload) => {
    const res = await post(ctx.app, SEND, payload, { remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(['VALIDATION_ERROR', 'INVALID_PHONE_NUMBER']).toContain(ZErrorBody.parse(res.json()).error.code);
  });

  const badCodes: [string, unknown][] = [
    ['missing code', { phoneNumber: '+61412345678' }],
    ['letters', { phoneNumber: '+61412345678', code: '12a45' }],
    ['four digits', { phoneNumber: '+61412345678', code: '1234' }],
    ['six digits', { phoneNumber: '+61412345678', code: '123456' }],
    ['unicode digits', { phoneNumber: '+61412345678', code: '١٢٣٤٥' }],
    ['a number type', { phoneNumber: '+61412345678', code: 12345 }],
    ['a huge code', { phoneNumber: '+61412345678', code: '1'.repeat(50_000) }],
    ['a huge number', { phoneNumber: `+${'1'.repeat(30)}`, code: '12345' }],
  ];

  it.each(badCodes)('verify-code refuses %s with 400', async (_, payload) => {
    const res = await post(ctx.app, VERIFY, payload, { remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('names the field in the message', async () => {
    const res = await post(ctx.app, SEND, {}, { remoteAddress: freshIp() });
    expect(res.json().error.field).toBe('phoneNumber');
    expect(res.json().error.message).toMatch(/^phoneNumber: /);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: VERIFY,
      headers: { 'content-type': 'application/json' },
      payload: '{"phoneNumber":',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
  });

  it('a verify for a number that never got a code is an invalid code', async () => {
    const res = await post(ctx.app, VERIFY, { phoneNumber: '+61499999999', code: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CODE');
  });
});
