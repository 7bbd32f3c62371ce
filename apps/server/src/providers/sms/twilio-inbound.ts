import { parseAddress, type SmsAddress } from './address';

/**
 * What Twilio posts for an incoming message, read strictly (issue 29, finding 4; decision 292).
 * Twilio's signature hashes the URL and the sorted names and values run together, so the same
 * signed bytes can be re-split into other names and values: a captured, signed YES could be
 * replayed with its parameters shifted across a name boundary, keep its signature and carry a
 * new MessageSid past the duplicate check. A request counts only when every name is one Twilio
 * documents for incoming messages, the names it always sends are there, each once, and each value
 * has Twilio's shape; then no shift of the same bytes reads as another message.
 */

/** Names Twilio sends with an incoming message (SMS, MMS, WhatsApp), from its webhook docs. */
const DOCUMENTED = new Set([
  'MessageSid',
  'SmsSid',
  'SmsMessageSid',
  'AccountSid',
  'MessagingServiceSid',
  'From',
  'To',
  'Body',
  'NumMedia',
  'NumSegments',
  'SmsStatus',
  'ApiVersion',
  'OptOutType',
  'AddOns',
  'FromCity',
  'FromState',
  'FromZip',
  'FromCountry',
  'ToCity',
  'ToState',
  'ToZip',
  'ToCountry',
  // WhatsApp
  'ProfileName',
  'WaId',
  'Forwarded',
  'FrequentlyForwarded',
  'ButtonText',
  'ButtonPayload',
  'Latitude',
  'Longitude',
  'Address',
  'Label',
  'MessageType',
  'ChannelMetadata',
  'OriginalRepliedMessageSender',
  'OriginalRepliedMessageSid',
  'ReferralBody',
  'ReferralHeadline',
  'ReferralSourceId',
  'ReferralSourceType',
  'ReferralSourceUrl',
  'ReferralMediaId',
  'ReferralMediaContentType',
  'ReferralMediaUrl',
  'ReferralNumMedia',
  'ReferralCtwaClid',
]);
/** MediaUrl0..MediaUrl9 and MediaContentType0..9: at most 10 media per message. */
const MEDIA = /^Media(Url|ContentType)[0-9]$/;
/** Twilio always sends these. */
const REQUIRED = ['MessageSid', 'AccountSid', 'From', 'To', 'Body'] as const;

/** A Message resource's sid: SM (or MM for media) and 32 hexadecimal digits. */
export const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/;
const SERVICE_SID = /^MG[0-9a-f]{32}$/;
const COUNT = /^[0-9]{1,2}$/;
const API_VERSION = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
/** Twilio's own limit for a message body. */
export const BODY_LIMIT = 1600;
/** Anything else Twilio sends is short (a city, a profile name, a media URL). */
const VALUE_LIMIT = 2048;

export interface TwilioInbound {
  sid: string;
  from: SmsAddress;
  to: SmsAddress;
  body: string;
}

/**
 * The message in a signed form, or why it is not one as Twilio sends it (for the log: names
 * only, never values). `accountSid` is ours: another account's message is not for us.
 */
export function readTwilioInbound(
  form: Record<string, string>,
  accountSid: string,
): { ok: TwilioInbound } | { refused: string } {
  const names = Object.keys(form);
  const unknown = names.filter((name) => !DOCUMENTED.has(name) && !MEDIA.test(name));
  if (unknown.length > 0) return { refused: `unknown parameters: ${unknown.slice(0, 5).join(', ')}` };
  const missing = REQUIRED.filter((name) => form[name] === undefined);
  if (missing.length > 0) return { refused: `missing parameters: ${missing.join(', ')}` };
  for (const [name, value] of Object.entries(form)) {
    if (value.length > (name === 'Body' ? BODY_LIMIT : VALUE_LIMIT)) return { refused: `${name} too long` };
    // No text message holds a NUL, and PostgreSQL cannot store one in text.
    if (value.includes('\u0000')) return { refused: `${name} holds a NUL` };
  }
  const sid = form.MessageSid!;
  if (!MESSAGE_SID.test(sid)) return { refused: 'MessageSid is not a message sid' };
  // The deprecated copies of the sid, when sent, are the same sid.
  for (const copy of ['SmsSid', 'SmsMessageSid'])
    if (form[copy] !== undefined && form[copy] !== sid) return { refused: `${copy} differs from MessageSid` };
  if (form.AccountSid !== accountSid) return { refused: 'AccountSid is not ours' };
  if (form.MessagingServiceSid !== undefined && !SERVICE_SID.test(form.MessagingServiceSid))
    return { refused: 'MessagingServiceSid is not a service sid' };
  for (const name of ['NumMedia', 'NumSegments', 'ReferralNumMedia'])
    if (form[name] !== undefined && !COUNT.test(form[name]!)) return { refused: `${name} is not a count` };
  if (form.ApiVersion !== undefined && !API_VERSION.test(form.ApiVersion))
    return { refused: 'ApiVersion is not a version' };
  const from = parseAddress(form.From!);
  const to = parseAddress(form.To!);
  if (!from || !to) return { refused: 'From or To is not a number' };
  // A WhatsApp message goes from a WhatsApp address to ours, an SMS from a number to a number.
  if (from.channel !== to.channel) return { refused: 'From and To are on different channels' };
  return { ok: { sid, from, to, body: form.Body! } };
}
