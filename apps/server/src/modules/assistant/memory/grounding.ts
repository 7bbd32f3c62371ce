import { addressesIn } from '../tools/known-recipients';

/**
 * Whether a fact the model wants remembered is grounded in the person's own words (decision 431):
 * the rule in code that decides between saving at once and asking for a YES.
 *
 * - every email address in the fact appears in the person's text, and every number (its digits,
 *   leading zeros aside; "10am" needs a 10), and every name: a capitalised word not starting a
 *   sentence ("My boss is Eve" when they said Ana is not theirs, however many other words match);
 * - at least two thirds of the fact's content words appear there: Latin words of three letters or
 *   more, compared by their first five letters (prefers/prefer, meetings/meeting), filler words
 *   such as "the", "user", "person" left out; Chinese by characters, particles left out;
 * - and the fact has at least one such word, address or number.
 *
 * A fact taken from a mail, an event, a contact or a tool result fails it (its address, its name,
 * its words are not in what the person typed), so it can only be proposed.
 */
export const GROUNDED_SHARE = 2 / 3;

const FILLER = new Set(
  'the and that this with for are was were has have had user person people their they them his her hers him she you your who whose named called should would wants want also from about into likes'.split(
    ' ',
  ),
);
const ZH_FILLER = new Set(Array.from('的了是我你他她它们在和与也都就要会这那个一吧呢啊用户'));
const CJK = /[\u3400-\u9fff]/u;

const key = (word: string) => word.slice(0, 5);

function contentOf(text: string): { words: string[]; chars: string[]; numbers: string[] } {
  const lower = text.toLowerCase();
  const withoutAddresses = addressesIn(lower).reduce((rest, address) => rest.split(address).join(' '), lower);
  const words = (withoutAddresses.match(/[a-z]+/g) ?? []).filter((w) => w.length >= 3 && !FILLER.has(w));
  const chars = Array.from(withoutAddresses).filter((c) => CJK.test(c) && !ZH_FILLER.has(c));
  const numbers = (withoutAddresses.match(/\d+/g) ?? []).map((n) => n.replace(/^0+/, '')).filter(Boolean);
  return { words, chars, numbers };
}

/** Capitalised words not at a sentence's start, lower-cased: the names a fact must not invent. */
function namesIn(text: string): string[] {
  const names: string[] = [];
  for (const sentence of text.split(/[.!?。！？\n]+/)) {
    const words = sentence.trim().match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
    for (const word of words.slice(1)) if (/^[A-Z][a-z]/.test(word)) names.push(word.toLowerCase());
  }
  return names;
}

/** Whether `fact` is grounded in `theirs` (the person's own texts), by the rule above. */
export function isGrounded(fact: string, theirs: string): boolean {
  const addresses = addressesIn(fact);
  const typed = new Set(addressesIn(theirs));
  if (!addresses.every((address) => typed.has(address))) return false;
  const f = contentOf(fact);
  const t = contentOf(theirs);
  const numbers = new Set(t.numbers);
  if (!f.numbers.every((n) => numbers.has(n))) return false;
  const lower = theirs.toLowerCase();
  if (!namesIn(fact).every((name) => lower.includes(name.replace(/['’]s$/, '')))) return false;
  const words = new Set(t.words.map(key));
  const chars = new Set(t.chars);
  const units = f.words.length + f.chars.length;
  if (units === 0) return addresses.length + f.numbers.length > 0;
  const found = f.words.filter((w) => words.has(key(w))).length + f.chars.filter((c) => chars.has(c)).length;
  return found / units >= GROUNDED_SHARE;
}
