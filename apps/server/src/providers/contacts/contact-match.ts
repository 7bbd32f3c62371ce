import type { VcardFields } from './vcard';

/**
 * What a contact search means, decided here whatever the server did with its filter (a CardDAV
 * server may ignore text-match): the name or an email contains the query, case-insensitively;
 * or, for a query of digits, a phone number's digits contain its digits.
 */
export interface ContactQuery {
  text: string;
  /** The query's digits when it reads as a phone number (3 digits or more, no letters), else null. */
  digits: string | null;
}

function fold(value: string): string {
  return value.normalize('NFKC').toLowerCase();
}

export function contactQuery(q: string): ContactQuery {
  const text = fold(q.trim());
  const digits = q.replace(/\D/g, '');
  const phoneLike = /^[+\d\s().\-/]+$/.test(q.trim()) && digits.length >= 3;
  return { text, digits: phoneLike ? digits : null };
}

function phoneMatches(phone: string, digits: string): boolean {
  const own = phone.replace(/\D/g, '');
  if (own.includes(digits)) return true;
  // A national number ("0412 345 678") inside an international one ("+61 412 345 678").
  const national = digits.replace(/^0+/, '');
  return digits.startsWith('0') && national.length >= 6 && own.includes(national);
}

export function contactMatches(card: VcardFields, query: ContactQuery): boolean {
  if ([card.name, ...card.emails].some((value) => fold(value).includes(query.text))) return true;
  const { digits } = query;
  return digits !== null && card.phones.some((phone) => phoneMatches(phone, digits));
}
