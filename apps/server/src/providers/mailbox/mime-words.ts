/**
 * Reading RFC 2047 encoded-words (`=?UTF-8?B?...?=`), the way a header carries text that is not
 * ASCII, and the charsets mail bodies come in. Writing them is nodemailer's (gmail-raw.ts); it
 * has no decoder.
 */

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** A header value with its encoded-words decoded; the space between two adjacent words goes. */
export function decodeHeaderText(value: string): string {
  return value
    .replace(/(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)\s+(?==\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)/g, '$1')
    .replace(ENCODED_WORD, (word, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            );
      // RFC 2231 lets a language follow the charset: `UTF-8*en`.
      return decodeCharset(bytes, charset.split('*')[0] ?? '') ?? word;
    });
}

/**
 * Bytes as text in the charset the mail names. An unknown charset reads as UTF-8: a wrong
 * accent is better than a lost message. Null only when even that is impossible.
 */
export function decodeCharset(bytes: Uint8Array, charset: string): string | null {
  for (const label of [charset.trim().toLowerCase() || 'utf-8', 'utf-8']) {
    let encoding: string;
    try {
      encoding = new TextDecoder(label).encoding;
    } catch {
      continue; // an unknown label: try the next
    }
    // Latin-1, ASCII and cp1252 all name windows-1252 (WHATWG), which Node 20 decodes as
    // ISO-8859-1: the € and the curly quotes of Outlook mail would come out as control characters.
    return encoding === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(encoding).decode(bytes);
  }
  return null;
}

/** windows-1252's 0x80-0x9F (encoding.spec.whatwg.org/index-windows-1252.txt); the rest is Latin-1. */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes)
    text += String.fromCharCode(byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_HIGH[byte - 0x80]! : byte);
  return text;
}
