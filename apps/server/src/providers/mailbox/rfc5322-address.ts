import type { TMailAddress } from '@app/contract/workspace/mail';
import { decodeHeaderText } from './mime-words';

/**
 * What we accept as an address: a plain addr-spec. A quoted local part or a comma hidden in
 * angle brackets would otherwise become two recipients when a reply-all writes it back.
 */
const ADDR_SPEC = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+$/;

/**
 * The addresses of a From, To or Cc header (RFC 5322 §3.4): `"Doe, Jane" <jane@x.org>`,
 * `Jane <jane@x.org>`, `jane@x.org (Jane)`, groups (`team: a@x, b@x;`). What is not an address
 * is left out, never guessed at.
 */
export function parseAddressList(value: string | null | undefined): TMailAddress[] {
  if (!value) return [];
  return splitMailboxes(value).flatMap((item) => {
    const parsed = parseMailbox(item);
    return parsed ? [parsed] : [];
  });
}

/** Splits at commas (and a group's `:` and `;`) outside quotes, angle brackets and comments. */
function splitMailboxes(value: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let angle = false;
  let comment = 0;
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]!;
    if (quoted) {
      if (char === '\\' && i + 1 < value.length) {
        current += char + value[i + 1];
        i += 1;
        continue;
      }
      if (char === '"') quoted = false;
    } else if (comment > 0) {
      if (char === '(') comment += 1;
      else if (char === ')') comment -= 1;
    } else if (char === '"') quoted = true;
    else if (char === '(') comment = 1;
    else if (char === '<') angle = true;
    else if (char === '>') angle = false;
    else if (!angle && (char === ',' || char === ';')) {
      items.push(current);
      current = '';
      continue;
    } else if (!angle && char === ':') {
      // What came before was a group's name, not a mailbox.
      current = '';
      continue;
    }
    current += char;
  }
  items.push(current);
  return items.map((item) => item.trim()).filter(Boolean);
}

function parseMailbox(item: string): TMailAddress | null {
  const angle = /<([^<>]*)>\s*$/.exec(item);
  if (angle) {
    const email = angle[1]!.trim();
    if (!ADDR_SPEC.test(email)) return null;
    return { email, name: displayName(item.slice(0, angle.index)) };
  }
  const comment = /\(([^()]*)\)/.exec(item);
  const email = item.replace(/\([^()]*\)/g, '').trim();
  if (!ADDR_SPEC.test(email)) return null;
  return { email, name: comment ? displayName(comment[1]!) : null };
}

function displayName(raw: string): string | null {
  let name = raw.replace(/\([^()]*\)/g, '').trim();
  if (name.startsWith('"') && name.endsWith('"') && name.length >= 2)
    name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  name = decodeHeaderText(name).trim();
  return name || null;
}
