import { describe, expect, it } from 'vitest';
import { formattedExamples, mobileMaxLengths, subsetPhoneMetadata } from '../scripts/phone-metadata.mjs';
import { COUNTRIES } from '../src/countries';
import { normaliseE164 } from '../src/phone';
import { examplePhone } from '../src/phone-example';
import committedExamples from '../src/phone-examples.json';
import committedMetadata from '../src/phone-metadata.json';
import committedMobileLengths from '../src/phone-mobile-lengths.json';

describe('phone metadata subset and examples (scripts/phone-metadata.mjs; run it after upgrading libphonenumber-js)', () => {
  it('match the installed libphonenumber-js', () => {
    expect(committedMetadata).toEqual(subsetPhoneMetadata());
    expect(committedExamples).toEqual(formattedExamples());
    expect(committedMobileLengths).toEqual(mobileMaxLengths());
  });

  it('give every supported country an example in its national style', () => {
    for (const country of COUNTRIES) expect(examplePhone(country), country.iso).not.toBe('');
    expect(examplePhone(COUNTRIES.find((c) => c.iso === 'AU') ?? COUNTRIES[0])).toBe('0412 345 678');
  });

  it("know each country's longest mobile number, not its longest number of any kind", () => {
    expect(committedMobileLengths).toMatchObject({ US: 10, DE: 11, AU: 9, GB: 10, CN: 11 });
    expect(Object.keys(committedMobileLengths)).toEqual(COUNTRIES.map((c) => c.iso));
  });

  it('still parse numbers of territories that share a supported calling code', () => {
    // Jamaica (+1 876) and Jersey (+44 7797) parse as before; a calling code we do not serve does not.
    expect(normaliseE164('+18765551234')).toBe('+18765551234');
    expect(normaliseE164('+447797123456')).toBe('+447797123456');
    expect(normaliseE164('+74951234567')).toBeNull();
  });
});
