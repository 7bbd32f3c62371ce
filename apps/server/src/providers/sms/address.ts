/**
 * Twilio names the sender of an inbound message by channel: "+14155550100" for SMS,
 * "whatsapp:+14155550100" for WhatsApp. The person is the number either way; the channel is
 * where the reply must go back (a WhatsApp message answered by SMS reaches another app, or
 * nobody).
 */

export type SmsChannel = 'sms' | 'whatsapp';

export interface SmsAddress {
  channel: SmsChannel;
  e164: string;
}

/** E.164's shape: a plus, a non-zero country digit, at most 15 digits in all. */
const E164 = /^\+[1-9][0-9]{1,14}$/;

/**
 * The channel and number of a Twilio address, or null for anything else: a short code, an
 * alphanumeric sender, another channel (messenger:..., rcs:...), or a malformed number. Only the
 * shape is checked, exactly (Twilio sends no spaces; anything else was not written by Twilio);
 * whether the number belongs to anyone is the caller's question.
 */
export function parseAddress(from: string): SmsAddress | null {
  const prefix = /^whatsapp:/i.exec(from);
  const e164 = prefix ? from.slice(prefix[0].length) : from;
  if (!E164.test(e164)) return null;
  return { channel: prefix ? 'whatsapp' : 'sms', e164 };
}

/** The address as Twilio writes it: the number for SMS, "whatsapp:" + the number for WhatsApp. */
export function formatAddress(channel: SmsChannel, e164: string): string {
  return channel === 'whatsapp' ? `whatsapp:${e164}` : e164;
}
