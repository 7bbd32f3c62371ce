/** The entities Gmail writes into a snippet (`&#39;`, `&amp;`, `&quot;`, ...), decoded to text. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
};

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z]+);/g, (entity, body: string) => {
    if (!body.startsWith('#')) return NAMED[body.toLowerCase()] ?? entity;
    const code =
      body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    // A code point that is no character (a surrogate, past Unicode) stays as it was written.
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || code === 0) return entity;
    return String.fromCodePoint(code);
  });
}
