/**
 * How many SMS segments a text costs, and how to make a reply fit in a few (design §9: replies
 * are at most 3 segments). Carriers bill and deliver per segment, and a long answer split into
 * many parts arrives out of order on some phones, so the assistant cuts its own replies and
 * says where the rest is rather than letting Twilio split them freely.
 */

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsSegments {
  encoding: SmsEncoding;
  segments: number;
  /** Septets for GSM-7 (an extension character is 2), UTF-16 code units for UCS-2 (an emoji is 2). */
  units: number;
}

/** GSM 03.38's basic character set: 127 characters, one septet each (the 128th code is the escape). */
export const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: each is the escape plus one code, so two septets. */
export const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

/**
 * One message holds 140 bytes. Split into parts, each part gives 6 bytes to the header that
 * puts them back together: 160 septets or 70 UTF-16 units alone, 153 or 67 in a part.
 */
const CAPACITY: Record<SmsEncoding, { single: number; part: number }> = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
};

/** Whether every character of the text is in GSM-7 (so the whole message can be sent in it). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!BASIC.has(char) && !EXTENSION.has(char)) return false;
  return true;
}

/**
 * Typography outside GSM-7 that has a plain look-alike inside it: curly quotes, dashes, an
 * ellipsis, unusual spaces. One of them makes a whole English text UCS-2, 67 characters a
 * part instead of 153 (three times the parts, and the price), for nothing a reader would miss.
 */
const GSM7_LOOKALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
  '\u2022': '-',
};
const LOOKALIKE = new RegExp(`[${Object.keys(GSM7_LOOKALIKES).join('')}]`, 'g');

/**
 * The text in GSM-7 where only such typography keeps it out (as Twilio's Smart Encoding does);
 * otherwise unchanged: a Chinese text is UCS-2 anyway, and its “quotes” are its own.
 */
export function plainForSms(text: string): string {
  if (isGsm7(text)) return text;
  const plain = text.replace(LOOKALIKE, (char) => GSM7_LOOKALIKES[char] ?? char);
  return isGsm7(plain) ? plain : text;
}

function unitsOf(char: string, encoding: SmsEncoding): number {
  return encoding === 'gsm7' ? (EXTENSION.has(char) ? 2 : 1) : char.length;
}

/**
 * The encoding, segment count and size of a text as a phone network sees it. An empty text is
 * 0 segments (there is nothing to send). In a split message neither an extension character's
 * escape and code nor an emoji's two halves may be torn between parts, so a part may carry one
 * unit less than its capacity: the parts are packed character by character, not divided.
 */
export function segmentsOf(text: string): SmsSegments {
  const encoding: SmsEncoding = isGsm7(text) ? 'gsm7' : 'ucs2';
  const { single, part } = CAPACITY[encoding];
  let units = 0;
  for (const char of text) units += unitsOf(char, encoding);
  if (units <= single) return { encoding, segments: units === 0 ? 0 : 1, units };
  let segments = 1;
  let used = 0;
  for (const char of text) {
    const size = unitsOf(char, encoding);
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, segments, units };
}

export interface FitReplyOptions {
  /** Default 3 (design §9). */
  maxSegments?: number;
  /** Appended after a space when the text is cut: where the rest can be read ("the rest is in the app: <url>"). */
  more: string;
}

/**
 * Where a sentence ends: after . ! ? … followed by whitespace or the end (so 3.5 and example.com
 * are not ends), after 。！？ (Chinese has no space after them), either one with any closing quote
 * or bracket that follows; and before a line break.
 */
const SENTENCE_END = /[.!?…]+["'”’)\]）」』】]*(?=\s|$)|[。！？]+["'”’)\]）」』】]*|(?=\r?\n)/g;

/**
 * What a cut piece must not end with: whitespace, a clause mark, an opening quote or bracket, a
 * dash. Straight quotes stay: they close as often as they open (`said "hi."`).
 */
const DANGLING = /[\s,，、;；:：([{“‘（「『【\-–—]+$/u;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
// ICU's word breaks know Chinese words, which have no spaces between them.
const words = new Intl.Segmenter('und', { granularity: 'word' });

/** The largest end in an ascending list for which `fits` holds, or 0. `fits` is monotone. */
function lastFitting(ends: readonly number[], fits: (end: number) => boolean): number {
  let low = 0;
  let high = ends.length - 1;
  let best = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const end = ends[mid]!;
    if (fits(end)) {
      best = end;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return best;
}

/**
 * The text as is when it fits in `maxSegments`; otherwise its longest head that fits together
 * with " " + `more`, cut where a reader expects a pause:
 * 1. at the last sentence end, if that keeps at least half of what could fit (a cut that throws
 *    away most of the room to end on a full stop reads worse than one mid-sentence);
 * 2. else at the last space, under the same rule;
 * 3. else at the last word boundary (Chinese text has no spaces);
 * 4. else anywhere between two characters as the reader sees them (never inside an emoji).
 * Every fit is measured on the final text, so a `more` with characters outside GSM-7 turns the
 * whole reply into UCS-2 and is cut accordingly. A `more` too long to fit on its own is dropped.
 * Typography with a GSM-7 look-alike is replaced first (`plainForSms`).
 */
export function fitReply(given: string, options: FitReplyOptions): { text: string; cut: boolean } {
  const text = plainForSms(given);
  const fits = fitsIn(options.maxSegments);
  if (fits(text)) return { text, cut: false };
  const more = options.more.trim();
  return { text: headBefore(text, more && fits(more) ? more : '', ' ', fits), cut: true };
}

/**
 * `text`, `separator` and `tail` when all fit in `maxSegments`; otherwise the longest head of
 * `text` that fits before them, cut as `fitReply` cuts, or `tail` alone when no head fits. The
 * tail is never cut here: it is what must arrive whole (an approval request before its YES).
 * A tail too long on its own comes back alone, for `fitReply` to shorten as any reply.
 * `cut`: whether any of `text` was left out (what the screen then shows whole).
 */
export function fitBefore(
  text: string,
  givenTail: string,
  options: { maxSegments?: number; separator: string },
): { text: string; cut: boolean } {
  const fits = fitsIn(options.maxSegments);
  const head = plainForSms(text.trim());
  const tail = plainForSms(givenTail);
  if (!head) return { text: tail, cut: false };
  if (!fits(tail)) return { text: tail, cut: true };
  const whole = `${head}${options.separator}${tail}`;
  return fits(whole)
    ? { text: whole, cut: false }
    : { text: headBefore(head, tail, options.separator, fits), cut: true };
}

function fitsIn(maxSegments = 3): (candidate: string) => boolean {
  if (!Number.isInteger(maxSegments) || maxSegments < 1) {
    throw new RangeError(`maxSegments must be a positive integer, not ${maxSegments}`);
  }
  return (candidate) => segmentsOf(candidate).segments <= maxSegments;
}

/** The longest head of `text` that fits followed by `separator` + `tail` (see fitReply). */
function headBefore(
  text: string,
  tail: string,
  separator: string,
  fits: (candidate: string) => boolean,
): string {
  const finish = (end: number) => {
    const head = text.slice(0, end).replace(DANGLING, '');
    return head && tail ? `${head}${separator}${tail}` : head || tail;
  };
  const fitsAt = (end: number) => fits(finish(end));

  const graphemeEnds = [...graphemes.segment(text)].map((s) => s.index + s.segment.length);
  const room = lastFitting(graphemeEnds, fitsAt);

  const sentenceEnds = [...text.matchAll(SENTENCE_END)].map((m) => m.index + m[0].length);
  const spaceEnds = [...text.matchAll(/\s+/g)].map((m) => m.index);
  for (const ends of [sentenceEnds, spaceEnds]) {
    const end = lastFitting(ends, fitsAt);
    if (end > 0 && end >= room / 2) return finish(end);
  }
  const wordEnds = [...words.segment(text)].map((s) => s.index).filter((index) => index > 0);
  return finish(lastFitting(wordEnds, fitsAt) || room);
}
