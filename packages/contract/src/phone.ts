import {
  AsYouType,
  type CountryCode,
  Metadata,
  type MetadataJson,
  parsePhoneNumberFromString as parseWith,
} from 'libphonenumber-js/core';
import { isValidNationalNumber, NANP_DIGITS, PHONE_MAX_DIGITS } from './constants';
import { COUNTRIES, type TCountry, type TCountryIso } from './countries';
import { examplePhone } from './phone-example';
import phoneMetadata from './phone-metadata.json';
import mobileLengths from './phone-mobile-lengths.json';

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

/**
 * The longest national number a person may type for this country: its longest mobile number
 * (the code goes by text), never past the spec's 15 (+1: 10). Numbers of other kinds can be
 * longer (Australia has 12-digit ones), which let the field take digits past any number that
 * could get the text.
 */
export function maxNationalDigits(country: TCountry): number {
  if (country.dialCode === '+1') return NANP_DIGITS;
  const mobile = (mobileLengths as Record<string, number>)[country.iso] ?? PHONE_MAX_DIGITS;
  return Math.min(PHONE_MAX_DIGITS, mobile);
}

/** The trunk prefix a person may type before the national number ("0", or "1" in NANP). */
function trunkPrefixLength(country: TCountry): number {
  if (country.dialCode === '+1') return 1;
  metadata.selectNumberingPlan(country.iso);
  // Present at run time, missing from the typings.
  const plan = metadata.numberingPlan as unknown as { nationalPrefix?: () => string | undefined } | undefined;
  return plan?.nationalPrefix?.()?.length ?? 0;
}

/**
 * Digits a person may type for this country: the longest mobile number with a trunk prefix, or
 * a mobile number as the country writes it, where that is longer (Argentina's "011 15-2345-6789"
 * adds a carrier code).
 */
export function maxInputDigits(country: TCountry): number {
  const written = examplePhone(country).replace(/\D/g, '').length;
  return Math.max(maxNationalDigits(country) + trunkPrefixLength(country), written);
}

/** The national number in what has been typed so far, its trunk prefix left out. */
function typedNationalNumber(country: TCountry, digits: string): string {
  const typing = new AsYouType(country.iso as TCountryIso, metadataJson);
  typing.input(digits);
  // Present at run time, missing from the core build's typings (the default build has it).
  return (typing as unknown as { getNationalNumber: () => string }).getNationalNumber() || digits;
}

/** Keeps digits only, and no more than the country's longest number; a pasted "+61 ..." loses the country code it repeats. */
export function cleanPhoneInput(country: TCountry, raw: string): string {
  const trimmed = raw.trim();
  const code = country.dialCode.slice(1);
  let digits = trimmed.replace(/\D/g, '');
  if ((trimmed.startsWith('+') || trimmed.startsWith('00')) && digits.replace(/^00/, '').startsWith(code)) {
    digits = digits.replace(/^00/, '').slice(code.length);
  }
  digits = digits.slice(0, maxInputDigits(country));
  // A trunk prefix counts only when it was typed: "0412 345 678" takes 10 digits, "412 345 678" 9.
  // A valid number is measured as parsed: Argentina's "011 15-2345-6789" is 11 digits, 9 11 2345 6789.
  const max = maxNationalDigits(country);
  const national = (typed: string) =>
    isValidPhoneInput(country, typed) ? nationalNumber(country, typed) : typedNationalNumber(country, typed);
  while (national(digits).length > max) digits = digits.slice(0, -1);
  return digits;
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

/**
 * The ISO country of an E.164 number ("+61412345678" -> "AU"), or null when it is not a number
 * of a supported calling code or its country cannot be told (an unassigned +1 area code).
 */
export function countryOfE164(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
