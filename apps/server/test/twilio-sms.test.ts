import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsDeliveryError } from '../src/providers/sms/sms';
import { TwilioSms } from '../src/providers/sms/twilio';
import { post } from './helpers/auth';
import { build } from './helpers/build';
import { fakeTwilio } from './helpers/twilio-fake';

const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'twilio-test-auth-token-0123456789';

describe('Twilio adapter', () => {
  const twilio = fakeTwilio(({ form }) =>
    form.get('To') === '+15005550001'
      ? {
          status: 400,
          body: {
            code: 21211,
            message: "The 'To' number +15005550001 is not a valid phone number.",
            status: 400,
          },
        }
      : { status: 201, body: { sid: `SM${'b2'.repeat(16)}`, status: 'queued' } },
  );
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await twilio.start();
  });
  afterAll(() => twilio.stop());

  it('posts the Messages form with basic auth, as Twilio expects', async () => {
    const sms = new TwilioSms({ accountSid: SID, authToken: TOKEN, from: '+15017122661', baseUrl });
    await expect(sms.send({ to: '+61412345678', body: 'Hello 12345' })).resolves.toEqual({
      id: `SM${'b2'.repeat(16)}`,
    });
    const request = twilio.seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request.form)).toEqual({
      To: '+61412345678',
      Body: 'Hello 12345',
      From: '+15017122661',
    });
  });

  it('sends through a Messaging Service when configured with one', async () => {
    const service = `MG${'c3'.repeat(16)}`;
    await new TwilioSms({ accountSid: SID, authToken: TOKEN, from: service, baseUrl }).send({
      to: '+61412345678',
      body: 'x',
    });
    const form = twilio.seen.at(-1)!.form;
    expect(form.get('MessagingServiceSid')).toBe(service);
    expect(form.has('From')).toBe(false);
  });

  it('answers WhatsApp on WhatsApp: both ends of the message named whatsapp:+...', async () => {
    const sms = new TwilioSms({ accountSid: SID, authToken: TOKEN, from: '+15017122661', baseUrl });
    await expect(
      sms.send({ to: '+61412345678', body: '明天 9:00 有站会', channel: 'whatsapp' }),
    ).resolves.toEqual({
      id: `SM${'b2'.repeat(16)}`,
    });
    expect(Object.fromEntries(twilio.seen.at(-1)!.form)).toEqual({
      To: 'whatsapp:+61412345678',
      Body: '明天 9:00 有站会',
      From: 'whatsapp:+15017122661',
    });

    // Named 'sms', or not named at all, it stays a text message.
    await sms.send({ to: '+61412345678', body: 'x', channel: 'sms' });
    expect(twilio.seen.at(-1)!.form.get('To')).toBe('+61412345678');
    expect(twilio.seen.at(-1)!.form.get('From')).toBe('+15017122661');
  });

  it('lets a Messaging Service pick its WhatsApp sender', async () => {
    const service = `MG${'c3'.repeat(16)}`;
    await new TwilioSms({ accountSid: SID, authToken: TOKEN, from: service, baseUrl }).send({
      to: '+61412345678',
      body: 'x',
      channel: 'whatsapp',
    });
    const form = twilio.seen.at(-1)!.form;
    expect(form.get('To')).toBe('whatsapp:+61412345678');
    expect(form.get('MessagingServiceSid')).toBe(service);
    expect(form.has('From')).toBe(false);
  });

  it("reports Twilio's refusal with its code", async () => {
    const sms = new TwilioSms({ accountSid: SID, authToken: TOKEN, from: '+15017122661', baseUrl });
    const error = await sms.send({ to: '+15005550001', body: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as SmsDeliveryError).detail).toEqual({ status: 400, providerCode: 21211 });
  });

  it('reports an unreachable Twilio', async () => {
    const sms = new TwilioSms({
      accountSid: SID,
      authToken: TOKEN,
      from: '+15017122661',
      baseUrl: 'http://127.0.0.1:9',
    });
    await expect(sms.send({ to: '+61412345678', body: 'x' })).rejects.toBeInstanceOf(SmsDeliveryError);
    // Nothing was taken: the SMS outbox may try again.
    const refused = await sms
      .send({ to: '+61412345678', body: 'x' })
      .catch((error: SmsDeliveryError) => error);
    expect((refused as SmsDeliveryError).detail.outcomeUnknown).toBeUndefined();
  });

  it('says when the outcome is unknown: Twilio took the request and did not answer in time', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const sms = new TwilioSms(
        { accountSid: SID, authToken: TOKEN, from: '+15017122661', baseUrl: `http://127.0.0.1:${port}` },
        200,
      );
      await expect(sms.send({ to: '+61412345678', body: 'x' })).rejects.toMatchObject({
        name: 'SmsDeliveryError',
        detail: { outcomeUnknown: true },
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('is what the app uses once configured: the code goes to Twilio, not the outbox', async () => {
    const { app, close } = await build({
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+15017122661',
      TWILIO_BASE_URL: baseUrl,
    });
    try {
      const res = await post(app, '/v1/api/send-verification-code', { phoneNumber: '+61412345679' });
      expect(res.statusCode).toBe(200);
      const request = twilio.seen.at(-1)!;
      expect(request.form.get('To')).toBe('+61412345679');
      expect(request.form.get('Body')).toMatch(/^\d{5} is your Relay sign-in code/);
      expect(await app.devOutbox.list({ to: '+61412345679', limit: 5 })).toEqual([]);
      expect((await app.inject({ method: 'GET', url: '/v1/config' })).json().standIns).not.toContain('sms');

      const refused = await post(app, '/v1/api/send-verification-code', { phoneNumber: '+15005550001' });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error.code).toBe('PROVIDER_ERROR');
    } finally {
      await close();
    }
  });
});
