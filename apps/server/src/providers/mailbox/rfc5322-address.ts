import type { TMailAddress } from '@app/contract/workspace/mail';
import addressparser from 'nodemailer/lib/addressparser';
import { decodeHeaderText } from './mime-words';

/**
 * What we accept as an address: a plain addr-spec. A quoted local part or a comma hidden in
 * angle brackets would otherwise become two recipients when a reply-all writes it back.
 */
const ADDR_SPEC = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+$/;

/**
 * The addresses of a From, To or Cc header (RFC 5322 §3.4): `"Doe, Jane" <jane@x.org>`,
 * `Jane <jane@x.org>`, `jane@x.org (Jane)`, groups (`team: a@x, b@x;`), read by nodemailer's
 * addressparser; names' encoded-words decoded. What is not a plain address is left out, never
 * guessed at.
 */
export function parseAddressList(value: string | null | undefined): TMailAddress[] {
  if (!value) return [];
  return addressparser(value, { flatten: true }).flatMap(({ address, name }) => {
    const email = address.trim();
    if (!ADDR_SPEC.test(email)) return [];
    return [{ email, name: decodeHeaderText(name).trim() || null }];
  });
}
