import { getExampleNumber } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY, findCountry, type TCountryIso } from '../src/countries';
import {
  cleanPhoneInput,
  formatPhoneInput,
  isValidPhoneInput,
  maxInputDigits,
  maxNationalDigits,
  normaliseE164,
  toE164,
} from '../src/phone';

describe('the 26 supported countries', () => {
  it('are the spec list, US first', () => {
    expect(COUNTRIES).toHaveLength(26);
    expect(DEFAULT_COUNTRY.iso).toBe('US');
    expect(new Set(COUNTRIES.map((c) => c.iso)).size).toBe(26);
    expect(findCountry('au')?.dialCode).toBe('+61');
  });
});

describe.each(COUNTRIES.map((c) => [c.name, c] as const))('%s', (_name, country) => {
  const example = getExampleNumber(country.iso as TCountryIso, examples)!;
  const national = example.nationalNumber;

  it('formats a mobile number as it is typed, keeping every digit in order', () => {
    const formatted = formatPhoneInput(country, national);
    expect(formatted.replace(/\D/g, '')).toBe(national);
    expect(formatted.length).toBeGreaterThanOrEqual(national.length);
  });

  it('accepts a real mobile number and turns it into E.164', () => {
    expect(isValidPhoneInput(country, national)).toBe(true);
    expect(toE164(country, national)).toBe(example.number);
  });

  it('the server accepts the same number and keeps it canonical', () => {
    expect(normaliseE164(example.number)).toBe(example.number);
  });

  it('accepts the number typed with its trunk prefix', () => {
    const prefix = country.dialCode === '+1' ? '1' : '0';
    const withPrefix = `${prefix}${national}`;
    if (
      formatPhoneInput(country, withPrefix).replace(/\D/g, '') === withPrefix &&
      withPrefix.length <= maxInputDigits(country)
    ) {
      const e164 = toE164(country, withPrefix);
      // Countries without a trunk prefix (Spain, Denmark, Portugal, ...) keep the digit as typed.
      if (e164 !== null) expect([example.number, `${country.dialCode}${withPrefix}`]).toContain(e164);
    }
  });

  it('rejects numbers that are too short', () => {
    expect(isValidPhoneInput(country, '123456')).toBe(false);
    expect(toE164(country, '')).toBeNull();
  });

  it('strips everything but digits and stops at the country maximum', () => {
    expect(cleanPhoneInput(country, ` (${national.slice(0, 3)}) ${national.slice(3)} `)).toBe(national);
    expect(cleanPhoneInput(country, '9'.repeat(40))).toHaveLength(maxNationalDigits(country));
    expect(cleanPhoneInput(country, 'abc-def')).toBe('');
  });

  it('drops a repeated country code from a pasted international number', () => {
    expect(cleanPhoneInput(country, `${country.dialCode} ${national}`)).toBe(national);
  });
});

describe('the field stops at the longest mobile number (issue 19, 2.4)', () => {
  it.each([
    // What the field used to take: US 11, DE 15, AU 13 digits, none of them a number.
    ['US', '41555526719', '4155552671'],
    ['DE', '151234567890123', '15123456789'],
    ['AU', '4123456789012', '412345678'],
    // A trunk prefix typed in front adds its digit, and only then.
    ['US', '141555526719', '14155552671'],
    ['DE', '0151234567890123', '015123456789'],
    ['AU', '04123456789012', '0412345678'],
  ])('%s: %s is cut to %s, a valid number', (iso, typed, kept) => {
    const country = findCountry(iso)!;
    expect(cleanPhoneInput(country, typed)).toBe(kept);
    expect(isValidPhoneInput(country, kept)).toBe(true);
  });

  it("never cuts a country's real mobile number, however it is typed", () => {
    for (const country of COUNTRIES) {
      const example = getExampleNumber(country.iso as TCountryIso, examples)!;
      expect(cleanPhoneInput(country, example.nationalNumber), country.iso).toBe(example.nationalNumber);
      expect(cleanPhoneInput(country, example.number), country.iso).toBe(example.nationalNumber);
      const national = example.formatNational().replace(/\D/g, '');
      expect(cleanPhoneInput(country, national), country.iso).toBe(national);
      expect(national.length, country.iso).toBeLessThanOrEqual(maxInputDigits(country));
    }
  });
});

describe('the spec length rule', () => {
  const us = findCountry('US')!;
  const de = findCountry('DE')!;

  it('+1 takes exactly 10 digits', () => {
    expect(isValidPhoneInput(us, '415555267')).toBe(false);
    expect(isValidPhoneInput(us, '4155552671')).toBe(true);
    expect(normaliseE164('+141555526712')).toBeNull();
    expect(normaliseE164('+14155552671')).toBe('+14155552671');
  });

  it('other countries take 7 to 15 national digits', () => {
    expect(normaliseE164('+49123456')).toBeNull();
    expect(normaliseE164('+491234567')).toBe('+491234567');
    expect(isValidPhoneInput(de, '1234567')).toBe(true);
  });

  it('the server refuses unsupported countries and junk', () => {
    expect(normaliseE164('+74951234567')).toBeNull();
    expect(normaliseE164('61412345678')).toBeNull();
    expect(normaliseE164('+61 412 345 678')).toBeNull();
    expect(normaliseE164('+٦١٤١٢٣٤٥٦٧٨')).toBeNull();
    expect(normaliseE164(`+${'1'.repeat(30)}`)).toBeNull();
  });

  it('the server drops a trunk zero sent after the country code', () => {
    expect(normaliseE164('+610412345678')).toBe('+61412345678');
  });

  it('gives one key per number, and none to what is not a valid number of its country', () => {
    expect(normaliseE164('+6100412345678')).toBeNull();
    expect(normaliseE164('+15550100000')).toBeNull();
    expect(normaliseE164('+447700900123')).toBeNull();
    const au = findCountry('AU')!;
    // However it is typed, one number gives one key.
    for (const typed of ['412345678', '0412345678']) expect(toE164(au, typed)).toBe('+61412345678');
    // A second trunk zero makes more digits than an Australian mobile has: the field stops first.
    expect(cleanPhoneInput(au, '00412345678')).toBe('0041234567');
    expect(toE164(au, '0041234567')).toBeNull();
  });
});
