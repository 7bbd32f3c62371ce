/** A phone number, raw or URL-encoded ("+61412345678", "%2B61412345678"), or a long run of digits. */
const PHONE_LIKE = /(?:\+|%2B)?\d(?:[\d\s().-]{5,18})\d/gi;

/** "+61*******78": enough to tell two numbers apart in a log, not enough to call anyone. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${phone.startsWith('+') ? '+' : ''}${'*'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
}

/** Replaces every phone-like run in a text (a request URL, say) with its masked form. */
export function redactPhoneNumbers(text: string): string {
  return text.replace(PHONE_LIKE, (match) =>
    match.replace(/\D/g, '').length >= 7 ? maskPhone(match.replace(/^%2B/i, '+')) : match,
  );
}
