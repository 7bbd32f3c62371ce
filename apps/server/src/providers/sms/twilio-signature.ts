import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * X-Twilio-Signature as Twilio computes it for a form-encoded webhook: HMAC-SHA1 keyed with the
 * account's auth token over the full URL Twilio requested (scheme, host, path and query string
 * exactly as configured in the console), followed by every POST parameter's name and value,
 * sorted by name, with nothing between them; base64.
 *
 * The caller builds `url` from configuration (PUBLIC_URL + the route's path), never from the
 * request's Host or forwarded headers: those are the attacker's to choose, and a URL they choose
 * is a URL they can also sign for any token they know.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  // Twilio's own libraries sort with the default string order (UTF-16 code units); parameter
  // names are ASCII, so that is also code-point order.
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** A SHA-1 digest (20 bytes) in base64 is always 27 characters and one '='. */
const SIGNATURE_SHAPE = /^[A-Za-z0-9+/]{27}=$/;

/**
 * Whether `header` (the request's X-Twilio-Signature) is Twilio's signature of this request.
 * Compared in constant time, so a forger cannot learn the signature a byte at a time from how
 * long a refusal takes. A missing, repeated (an array) or malformed header is simply false.
 */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string' || !SIGNATURE_SHAPE.test(header)) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params), 'utf8');
  const given = Buffer.from(header, 'utf8');
  // The shape check makes the lengths equal; timingSafeEqual throws otherwise, so say it again.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
