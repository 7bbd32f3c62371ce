import ICAL from 'ical.js';
import { ProviderError } from '../provider-errors';

/** What a contact search shows of one vCard (RFC 2426 vCard 3.0 as iCloud writes it, RFC 6350 4.0). */
export interface VcardFields {
  /** FN, else the N parts as "Given Family", else the organization or first email. */
  name: string;
  emails: string[];
  /** As written (a 4.0 `tel:` URI without its scheme). */
  phones: string[];
  /** The organization's name, ORG's first part. */
  organization: string | null;
}

function texts(card: ICAL.Component, name: string): string[] {
  return card
    .getAllProperties(name)
    .flatMap((property) => property.getValues())
    .map((value) => (Array.isArray(value) ? value.map(String) : [String(value ?? '')]))
    .map((parts) => parts.join(';').trim())
    .filter((value) => value !== '');
}

function structured(card: ICAL.Component, name: string): string[] {
  const value = card.getFirstPropertyValue(name);
  if (value === null || value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((part) => String(part ?? '').trim());
}

/**
 * Reads one vCard with ical.js (which unfolds lines, unescapes `\,` and `\;`, and knows both
 * versions and Apple's `item1.EMAIL` groups); what is not a vCard is a 'protocol' failure.
 */
export function readVcard(text: string): VcardFields {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new ProviderError('protocol', 'CardDAV answered an unreadable vCard', { cause: error });
  }
  // An address object holds one vCard (RFC 6352 §5.1); of several, the first is read.
  const first = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed;
  if (!Array.isArray(first) || first[0] !== 'vcard') {
    throw new ProviderError('protocol', 'CardDAV answered something other than a vCard');
  }
  try {
    const card = new ICAL.Component(first);
    const emails = texts(card, 'email').map((email) => email.replace(/^mailto:/i, ''));
    const phones = texts(card, 'tel').map((phone) => phone.replace(/^tel:/i, ''));
    const organization = structured(card, 'org')[0] || null;
    const [family = '', given = ''] = structured(card, 'n');
    const fromParts = `${given} ${family}`.trim();
    const name = texts(card, 'fn')[0] || fromParts || organization || emails[0] || '';
    return { name, emails, phones, organization };
  } catch (error) {
    throw new ProviderError('protocol', 'CardDAV answered a vCard we cannot read', { cause: error });
  }
}
