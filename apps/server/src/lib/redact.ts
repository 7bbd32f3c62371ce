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

/**
 * What a request log keeps of a URL: the path, and the names of its query parameters without
 * their values. A value there can be a credential (a verified-phone proof, an OAuth code or
 * state) that anyone who reads the logs could replay; the names are enough to debug with.
 */
export function loggableUrl(url: string, maskPhones: boolean): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const shown = maskPhones ? redactPhoneNumbers(path) : path;
  if (mark === -1) return shown;
  const names = new Set(new URLSearchParams(url.slice(mark + 1)).keys());
  return `${shown}?${[...names].map((name) => `${encodeURIComponent(name)}=`).join('&')}`;
}
