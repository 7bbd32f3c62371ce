import {
  AsYouType,
  type CountryCode,
  Metadata,
  type MetadataJson,
  parsePhoneNumberFromString as parseWith,
} from 'libphonenumber-js/core';
import { isValidNationalNumber, NANP_DIGITS, PHONE_MAX_DIGITS } from './constants';
import { COUNTRIES, type TCountry, type TCountryIso } from './countries';
import phoneMetadata from './phone-metadata.json';

/**
 * One set of phone rules for the page and the server (spec §5): the page formats and
 * checks as the person types, the server re-checks the E.164 number it receives.
 */

// The supported calling codes' share of libphonenumber-js's metadata (scripts/phone-metadata.mjs).
const metadataJson = phoneMetadata as unknown as MetadataJson;
const metadata = new Metadata(metadataJson);

function parsePhoneNumberFromString(text: string, country?: CountryCode) {
  return country ? parseWith(text, country, metadataJson) : parseWith(text, metadataJson);
}

/** Digits a person may type for this country: its longest number, plus a leading trunk prefix (0 or 1). */
export function maxInputDigits(country: TCountry): number {
  if (country.dialCode === '+1') return NANP_DIGITS + 1;
  metadata.selectNumberingPlan(country.iso);
  const plan = metadata.numberingPlan;
  const longest = Math.max(...(plan?.possibleLengths() ?? [PHONE_MAX_DIGITS]));
  // Present at run time, missing from the typings.
  const prefix = (plan as unknown as { nationalPrefix?: () => string | undefined })?.nationalPrefix?.()
    ? 1
    : 0;
  return Math.min(PHONE_MAX_DIGITS, longest) + prefix;
}

/** Keeps digits only; a pasted "+61 ..." loses the country code it repeats. */
export function cleanPhoneInput(country: TCountry, raw: string): string {
  const trimmed = raw.trim();
  const code = country.dialCode.slice(1);
  let digits = trimmed.replace(/\D/g, '');
  if ((trimmed.startsWith('+') || trimmed.startsWith('00')) && digits.replace(/^00/, '').startsWith(code)) {
    digits = digits.replace(/^00/, '').slice(code.length);
  }
  return digits.slice(0, maxInputDigits(country));
}

/**
 * As-you-type formatting in the country's own style: "(415) 555-2671", "0412 345 678", and
 * "412 345 678" when typed without the trunk 0 (national formatting leaves that unspaced,
 * so the international pattern without its country code is used).
 */
export function formatPhoneInput(country: TCountry, digits: string): string {
  if (!digits) return '';
  const national = new AsYouType(country.iso as TCountryIso, metadataJson).input(digits);
  if (national !== digits) return national;
  const international = new AsYouType(undefined, metadataJson).input(`${country.dialCode}${digits}`);
  const stripped = international.slice(country.dialCode.length).trim();
  return stripped.replace(/\D/g, '') === digits ? stripped : digits;
}

/** The national significant number: what is left once a trunk prefix ("0", or "1" in NANP) is dropped. */
export function nationalNumber(country: TCountry, digits: string): string {
  const parsed = parsePhoneNumberFromString(digits, country.iso as TCountryIso);
  if (parsed && `+${parsed.countryCallingCode}` === country.dialCode) return parsed.nationalNumber;
  return digits;
}

/** The page's check, the same as the server's: the number must be one the server will take. */
export function isValidPhoneInput(country: TCountry, digits: string): boolean {
  if (digits.length > maxInputDigits(country)) return false;
  const national = nationalNumber(country, digits);
  return (
    isValidNationalNumber(country.dialCode, national) &&
    normaliseE164(`${country.dialCode}${national}`) !== null
  );
}

/** "+61412345678" (the canonical form the server keys on) for valid input, null otherwise. */
export function toE164(country: TCountry, digits: string): string | null {
  if (!isValidPhoneInput(country, digits)) return null;
  return normaliseE164(`${country.dialCode}${nationalNumber(country, digits)}`);
}

const SUPPORTED_DIAL_CODES = new Set<string>(COUNTRIES.map((c) => c.dialCode));

/**
 * The one key of a phone number (design §5): the canonical E.164 form of a number that
 * libphonenumber-js parses as valid for its country, in a supported country, within the
 * spec's length rule. Anything else is null, so "+610412345678" and "+61412345678" are one
 * number and "+6100412345678" none.
 */
export function normaliseE164(input: string): string | null {
  if (!/^\+[0-9]{2,18}$/.test(input)) return null;
  const parsed = parsePhoneNumberFromString(input);
  if (!parsed?.isValid()) return null;
  const dialCode = `+${parsed.countryCallingCode}`;
  if (!SUPPORTED_DIAL_CODES.has(dialCode) || !isValidNationalNumber(dialCode, parsed.nationalNumber))
    return null;
  return parsed.number;
}

/** "+61 412 345 678" for showing a stored E.164 number back to its owner. */
export function formatE164(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
