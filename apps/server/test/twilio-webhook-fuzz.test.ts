import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../src/providers/sms/twilio-signature';
import { build } from './helpers/build';
import { nastyKey, nastyValue } from './helpers/nasty-values';
import { freePort } from './helpers/process';
import { fakeTwilio } from './helpers/twilio-fake';
import { messageSid } from './helpers/twilio-sid';

/**
 * Twilio's inbound webhook under generated requests that carry a valid signature (issue 29,
 * finding 4): whatever is signed, in whatever body, the answer is TwiML or a clear 4xx in our
 * error shape, never a 5xx. Signed JSON with a number in it was a 500 before.
 */
const SID = `AC${'e5'.repeat(16)}`;
const TOKEN = 'twilio-webhook-fuzz-auth-token-01234';
const OUR_NUMBER = '+15017122664';
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
const twilio = fakeTwilio(() => ({ status: 201, body: { sid: messageSid(), status: 'queued' } }));

beforeAll(async () => {
  const twilioUrl = await twilio.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({
    PUBLIC_URL: base,
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: OUR_NUMBER,
    TWILIO_BASE_URL: twilioUrl,
  }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await close();
  await twilio.stop();
});

const valid = () => ({
  MessageSid: messageSid(),
  AccountSid: SID,
  From: '+61412345678',
  To: OUR_NUMBER,
  Body: 'hi',
  NumMedia: '0',
});
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** A valid message with one thing changed, added or removed, as names and values (strings). */
const formCase = fc.oneof(
  fc
    .record({ key: fc.constantFrom(...Object.keys(valid())), value: nastyValue.map(asText) })
    .map(({ key, value }) => ({
      ...valid(),
      [key]: value,
    })),
  fc
    .record({ key: nastyKey, value: nastyValue.map(asText) })
    .map(({ key, value }) => ({ ...valid(), [key]: value })),
  fc.constantFrom(...Object.keys(valid())).map((key) => {
    const form: Record<string, string> = valid();
    delete form[key];
    return form;
  }),
);

describe('the Twilio webhook under signed, generated requests', () => {
  it('answers every signed form with TwiML or a 4xx, never a 5xx', async () => {
    const url = `${base}/v1/sms/inbound`;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(formCase, async (form) => {
        const res = await app.inject({
          method: 'POST',
          url: '/v1/sms/inbound',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': twilioSignature(TOKEN, url, form),
          },
          payload: new URLSearchParams(form).toString(),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${JSON.stringify(form)} -> ${res.body}`).toBeLessThan(500);
        if (res.statusCode !== 200) expect(res.json().error.code).toMatch(/^[A-Z_]+$/);
      }),
      { numRuns: RUNS, seed: 29 },
    );
    // Both ways were taken: read and refused.
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 60_000);

  it('answers every other body, signed as Twilio would sign its fields, with 415', async () => {
    const url = `${base}/v1/sms/inbound`;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(nastyKey, fc.constantFrom('Body', 'From', 'MessageSid')), nastyValue, {
          maxKeys: 6,
        }),
        fc.constantFrom('application/json', 'text/plain', 'application/xml', 'application/octet-stream'),
        async (fields, type) => {
          const signed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, asText(v)]));
          const res = await app.inject({
            method: 'POST',
            url: '/v1/sms/inbound',
            headers: { 'content-type': type, 'x-twilio-signature': twilioSignature(TOKEN, url, signed) },
            payload: JSON.stringify({ ...valid(), ...fields }),
          });
          expect(res.statusCode, `${type} ${JSON.stringify(fields)} -> ${res.body}`).toBe(415);
          expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
        },
      ),
      { numRuns: Math.ceil(RUNS / 3), seed: 29 },
    );
  }, 60_000);
});
