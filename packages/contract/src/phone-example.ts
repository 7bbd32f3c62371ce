import type { TCountry } from './countries';
import examples from './phone-examples.json';

/**
 * A typical mobile number of the country in its national format, for the phone field's
 * placeholder: written out ahead of time (scripts/phone-metadata.mjs), so showing it does not
 * need the formatting rules.
 */
export function examplePhone(country: TCountry): string {
  return (examples as Record<string, string>)[country.iso] ?? '';
}
