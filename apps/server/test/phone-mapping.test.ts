import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/errors';
import { advanceClock, bearer, freshIp, latestCode, post, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { authorize, type Slug } from './helpers/oauth-flow';
import { freePort } from './helpers/process';

let app: FastifyInstance;
let close: () => Promise<void>;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

let counter = 0;
/** A valid Australian mobile number no other test uses. */
function newNumber(): string {
  counter += 1;
  return `+61414${String(Date.now() % 10_000).padStart(4, '0')}${String(counter).padStart(2, '0')}`;
}

const me = async (token: string) =>
  (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json().user;

async function connect(token: string, slug: Slug) {
  const res = await authorize(base, slug, { email: `link${++counter}@example.com` }, { token });
  expect(res.params.get('success'), res.params.toString()).toBe('true');
}

/** Signed in by phone, with Google (or the given providers) connected. */
async function phoneUser(slugs: Slug[] = ['google']) {
  const phone = newNumber();
  const token = await signIn(app, phone);
  for (const slug of slugs) await connect(token, slug);
  return { phone, token };
}

/** Signed in with Google only: an account without any phone number. */
async function googleUser() {
  const { params } = await authorize(base, 'google', { email: `g${++counter}@example.com` });
  const res = await post(app, '/v1/auth/exchange', { ticket: params.get('ticket') });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().sessionToken as string };
}

const getMapping = (token?: string) =>
  app.inject({ method: 'GET', url: '/v1/phone-mapping', headers: token ? bearer(token) : {} });
const link = (token: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/v1/phone-mapping',
    payload: payload as Record<string, unknown>,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    remoteAddress: freshIp(),
  });
const textsTo = (phone: string) => app.devOutbox.list({ to: phone, limit: 20 });

describe('GET /v1/phone-mapping', () => {
  it('needs a session', async () => {
    expect((await getMapping()).statusCode).toBe(401);
  });

  it('shows the number a person signed in with as linked, and nothing for an account without one', async () => {
    const { phone, token } = await phoneUser([]);
    const res = await getMapping(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ phoneNumber: phone, isLinked: true });
    // Only the caller's own mapping is ever read.
    const other = await googleUser();
    expect((await getMapping(other.token)).json()).toEqual({ phoneNumber: null, isLinked: false });
  });
});

describe('POST /v1/phone-mapping', () => {
  it('needs a session', async () => {
    const res = await link(undefined, { phoneNumber: newNumber() });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 for bad input', async () => {
    const { token } = await phoneUser();
    for (const payload of [
      {},
      { phoneNumber: '' },
      { phoneNumber: '0412 345 678' },
      { phoneNumber: '+61412345678', code: '1234' },
      { phoneNumber: '+61412345678', code: 'abcde' },
    ]) {
      const res = await link(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    // Well-formed but not a real number of its country.
    const invalid = await link(token, { phoneNumber: '+15550100000' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({ code: 'INVALID_PHONE_NUMBER', field: 'phoneNumber' });
  });

  it('refuses with the spec’s message when neither Google nor Microsoft is connected', async () => {
    const { phone, token } = await phoneUser([]);
    const res = await link(token, { phoneNumber: phone });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'NOT_CONNECTED',
      message: 'Failed to link phone number. Make sure you have connected Google or Microsoft first.',
    });
    const zh = await link(token, { phoneNumber: phone }, { 'accept-language': 'zh' });
    expect(zh.json().error.message).toBe('关联手机号码失败。请确认您已先连接 Google 或 Microsoft。');
    // Facebook alone gives the assistant no mail or calendar to work with.
    await connect(token, 'facebook');
    expect((await link(token, { phoneNumber: phone })).statusCode).toBe(409);
  });

  it('links the number a person signed in with at once (Google connected)', async () => {
    const { phone, token } = await phoneUser(['google']);
    const before = (await textsTo(phone)).length;
    const res = await link(token, { phoneNumber: phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      phoneNumber: phone,
      isLinked: true,
      message: 'Done! Start chating with our AI agent.',
      verificationRequired: false,
    });
    expect((await textsTo(phone)).length).toBe(before);
  });

  it('texts a code for a number the person has not proved, and links it once the code comes back', async () => {
    const { token } = await googleUser();
    const phone = newNumber();
    const first = await link(token, { phoneNumber: phone });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ phoneNumber: null, isLinked: false, verificationRequired: true });
    expect(first.json().message).toContain('Enter it to link this number');
    const [sms] = await textsTo(phone);
    expect(sms?.body).toContain('code to link this number to your assistant');
    // Nothing is linked before the code.
    expect((await getMapping(token)).json()).toEqual({ phoneNumber: null, isLinked: false });

    const code = await latestCode(app, phone);
    const wrong = await link(token, { phoneNumber: phone, code: code === '00000' ? '11111' : '00000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CODE');

    const done = await link(token, { phoneNumber: phone, code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ phoneNumber: phone, isLinked: true, verificationRequired: false });
    expect((await getMapping(token)).json()).toEqual({ phoneNumber: phone, isLinked: true });
    expect((await me(token)).phoneNumber).toBe(phone);
    // The code worked once.
    const replay = await link(token, { phoneNumber: newNumber(), code });
    expect(replay.statusCode).toBe(400);
  });

  it('moves a Microsoft user to a new number only with its code, freeing the old one', async () => {
    const { phone: old, token } = await phoneUser(['azure']);
    const phone = newNumber();
    expect((await link(token, { phoneNumber: phone })).json().verificationRequired).toBe(true);
    const res = await link(token, { phoneNumber: phone, code: await latestCode(app, phone) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getMapping(token)).json()).toEqual({ phoneNumber: phone, isLinked: true });
    expect(await app.usersRepo.findByPhone(old)).toBeUndefined();
  });

  it('refuses a number linked to someone else without saying whose, and texts it nothing', async () => {
    const owner = await phoneUser(['google']);
    const ownerUser = await me(owner.token);
    const intruder = await phoneUser(['google']);
    const before = (await textsTo(owner.phone)).length;
    const res = await link(intruder.token, { phoneNumber: owner.phone });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This phone number is already linked to another account.',
    });
    for (const secret of [ownerUser.id, ownerUser.email, ownerUser.name])
      expect(res.body).not.toContain(secret);
    expect((await textsTo(owner.phone)).length).toBe(before);
    // A code obtained some other way does not help either, and nothing changed for the owner.
    const withCode = await link(intruder.token, { phoneNumber: owner.phone, code: '12345' });
    expect(withCode.statusCode).toBe(409);
    expect((await getMapping(owner.token)).json()).toEqual({ phoneNumber: owner.phone, isLinked: true });
    expect((await getMapping(intruder.token)).json().phoneNumber).toBe(intruder.phone);
  });

  it('takes the number from an empty phone-only user once the code proves it', async () => {
    // Verified the number (a phone-only user), then signed in with Google without finishing.
    const phone = newNumber();
    const abandoned = await signIn(app, phone);
    const { token } = await googleUser();
    advanceClock(app, 31_000); // past the number's 30-second resend limit
    const first = await link(token, { phoneNumber: phone });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().verificationRequired).toBe(true);
    const done = await link(token, { phoneNumber: phone, code: await latestCode(app, phone) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await getMapping(token)).json()).toEqual({ phoneNumber: phone, isLinked: true });
    expect((await getMapping(abandoned)).json()).toEqual({ phoneNumber: null, isLinked: false });
  });

  it('turns a number taken by a racing request into the same refusal (unique violation in this database)', async () => {
    const owner = await phoneUser([]);
    const racer = await googleUser();
    const racerId = (await me(racer.token)).id;
    const error = await app.usersRepo
      .setPhoneNumber(racerId, owner.phone, new Date().toISOString())
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('caps wrong codes at five, as at sign-in', async () => {
    const { token } = await googleUser();
    const phone = newNumber();
    await link(token, { phoneNumber: phone });
    const code = await latestCode(app, phone);
    const wrong = code === '00000' ? '11111' : '00000';
    for (let i = 0; i < 5; i++)
      expect((await link(token, { phoneNumber: phone, code: wrong })).statusCode).toBe(400);
    const locked = await link(token, { phoneNumber: phone, code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rate-limits each person to 20 tries an hour, whatever their address', async () => {
    const { token } = await phoneUser(['google']);
    const other = await phoneUser(['google']);
    for (let i = 0; i < 20; i++) expect((await link(token, {})).statusCode).toBe(400);
    const limited = await link(token, { phoneNumber: newNumber() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held back by it.
    expect((await link(other.token, { phoneNumber: other.phone })).statusCode).toBe(200);
  });
});
