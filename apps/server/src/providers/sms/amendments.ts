/**
 * "YES but make it 1pm": a yes that changes what it answers (decision 451). Never a YES: the
 * request it answers is cancelled and the changed one asked again. "YES 2 but …" names one of
 * several. The yes words are the approval's own (keywords.ts); the change must say something.
 */
export interface Amendment {
  /** The request it names ("YES 2 but …"), or null. */
  number: number | null;
  /** What the person wants changed, as they wrote it. */
  change: string;
}

const EN = /^(?:yes|y)\s*#?\s*([1-9][0-9]?)?\s*[,.!;:\-–—]*\s*but\b[\s,:]*([\s\S]+)$/iu;
const ZH =
  /^(?:是|好的|好|确认)\s*#?\s*([1-9][0-9]?)?\s*[，,。.!！;；:：\s]*(?:但是|但|不过|可是)\s*[，,:：]?\s*([\s\S]+)$/u;

/** The amendment a whole message is, or null. */
export function parseAmendment(body: string): Amendment | null {
  const text = body.normalize('NFKC').trim();
  const match = EN.exec(text) ?? ZH.exec(text);
  if (!match) return null;
  const change = match[2]!.trim();
  if (!/[\p{L}\p{N}]/u.test(change)) return null;
  return { number: match[1] ? Number(match[1]) : null, change };
}
