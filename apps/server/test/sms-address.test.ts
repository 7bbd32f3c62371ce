import { ZListOutboxResponse } from '@app/contract/dev/list-outbox';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { formatAddress, parseAddress } from '../src/providers/sms/address';
import { LocalSms } from '../src/providers/sms/local';
import { useApp } from './helpers/build';

describe('parseAddress', () => {
  it('reads an SMS sender and a WhatsApp sender as the same number on two channels', () => {
    expect(parseAddress('+14155550100')).toEqual({ channel: 'sms', e164: '+14155550100' });
    expect(parseAddress('whatsapp:+14155550100')).toEqual({ channel: 'whatsapp', e164: '+14155550100' });
    expect(parseAddress('WhatsApp:+61412345678')).toEqual({ channel: 'whatsapp', e164: '+61412345678' });
  });

  it('refuses what is not a number it could answer', () => {
    for (const from of [
      '',
      'whatsapp:',
      '14155550100',
      'whatsapp:14155550100',
      '+0123456789',
      '+1234567890123456',
      '+1 415 555 0100',
      'whatsapp: +14155550100',
      'whatsapp:whatsapp:+14155550100',
      'messenger:+14155550100',
      'rcs:+14155550100',
      'sms:+14155550100',
      '12345',
      'RELAY',
      '+1415555010a',
      '+14155550100\n',
      ' +14155550100',
    ]) {
      expect(parseAddress(from), JSON.stringify(from)).toBeNull();
    }
  });

  it('writes an address back as Twilio does', () => {
    expect(formatAddress('sms', '+14155550100')).toBe('+14155550100');
    expect(formatAddress('whatsapp', '+14155550100')).toBe('whatsapp:+14155550100');
    const parsed = parseAddress('whatsapp:+14155550100')!;
    expect(formatAddress(parsed.channel, parsed.e164)).toBe('whatsapp:+14155550100');
  });
});

/** A logger that keeps what it is given, to check what a production log would hold. */
function keepingLog() {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  const log = {
    info: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the local stand-in on WhatsApp', () => {
  const ctx = useApp();

  it('puts a WhatsApp message in the outbox addressed whatsapp:+..., and an SMS as before', async () => {
    await ctx.app.sms.send({ to: '+61412345678', body: 'Your answer on WhatsApp', channel: 'whatsapp' });
    await ctx.app.sms.send({ to: '+61412345678', body: 'Your answer by SMS' });
    await ctx.app.sms.send({ to: '+61412345678', body: 'Also SMS', channel: 'sms' });

    const list = async (to: string) =>
      ZListOutboxResponse.parse(
        (await ctx.app.inject({ method: 'GET', url: `/v1/dev/outbox?to=${encodeURIComponent(to)}` })).json(),
      ).messages;
    expect((await list('whatsapp:+61412345678')).map((m) => [m.channel, m.to, m.body])).toEqual([
      ['sms', 'whatsapp:+61412345678', 'Your answer on WhatsApp'],
    ]);
    expect((await list('+61412345678')).map((m) => m.body)).toEqual(['Also SMS', 'Your answer by SMS']);
  });

  it('logs the channel, and in production neither the number nor the text', async () => {
    const { log, lines } = keepingLog();
    await new LocalSms(ctx.app.devOutbox, log, { redact: true }).send({
      to: '+61412345678',
      body: 'Lunch with Sam at 12:30 tomorrow',
      channel: 'whatsapp',
    });
    expect(lines).toEqual([
      {
        fields: { to: 'whatsapp:+*********78', code: undefined },
        message: 'WhatsApp (local stand-in, see /dev/outbox)',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('Lunch');
    expect(JSON.stringify(lines)).not.toContain('412345678');

    const dev = keepingLog();
    await new LocalSms(ctx.app.devOutbox, dev.log).send({ to: '+61412345678', body: 'Hi' });
    expect(dev.lines).toEqual([
      { fields: { to: '+61412345678', body: 'Hi' }, message: 'SMS (local stand-in, see /dev/outbox)' },
    ]);
  });
});
