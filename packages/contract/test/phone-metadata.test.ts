import { describe, expect, it } from 'vitest';
import { subsetPhoneMetadata } from '../scripts/phone-metadata.mjs';
import { COUNTRIES } from '../src/countries';
import { examplePhone, normaliseE164 } from '../src/phone';
import committed from '../src/phone-metadata.json';

describe('phone metadata subset', () => {
  it('matches the installed libphonenumber-js (run scripts/phone-metadata.mjs after an upgrade)', () => {
    expect(committed).toEqual(subsetPhoneMetadata());
  });

  it('holds every supported country, with an example number for each', () => {
    for (const country of COUNTRIES) expect(examplePhone(country), country.iso).not.toBe('');
  });

  it('still parses numbers of territories that share a supported calling code', () => {
    // Jamaica (+1 876) and Jersey (+44 7797) parse as before; a calling code we do not serve does not.
    expect(normaliseE164('+18765551234')).toBe('+18765551234');
    expect(normaliseE164('+447797123456')).toBe('+447797123456');
    expect(normaliseE164('+74951234567')).toBeNull();
  });
});
