import { COUNTRIES } from '@app/contract/countries';
import { describe, expect, it } from 'vitest';
import { countryName, searchCountries } from '@/lib/country-names';
import { countryFromLocales, countryFromPosition, countryFromTimeZone } from '@/lib/default-country';

describe('default country', () => {
  it.each([
    ['Australia/Sydney', 'AU'],
    ['America/Toronto', 'CA'],
    ['America/Los_Angeles', 'US'],
    ['Europe/London', 'GB'],
    ['Asia/Shanghai', 'CN'],
    ['America/Argentina/Buenos_Aires', 'AR'],
  ])('time zone %s -> %s', (zone, iso) => {
    expect(countryFromTimeZone(zone)?.iso).toBe(iso);
  });

  it('says nothing for a zone outside the 26 countries', () => {
    expect(countryFromTimeZone('Europe/Moscow')).toBeUndefined();
    expect(countryFromTimeZone(undefined)).toBeUndefined();
  });

  it('falls back to the browser locale', () => {
    expect(countryFromLocales(['ru-RU', 'de-AT'])?.iso).toBe('AT');
    expect(countryFromLocales(['pt-BR'])?.iso).toBe('BR');
    expect(countryFromLocales(['xx', 'ru-RU'])).toBeUndefined();
  });

  it('then to the position, preferring the smallest country that holds it', () => {
    expect(countryFromPosition(-33.87, 151.21)?.iso).toBe('AU');
    expect(countryFromPosition(47.37, 8.54)?.iso).toBe('CH');
    expect(countryFromPosition(52.37, 4.9)?.iso).toBe('NL');
    expect(countryFromPosition(0, 0)).toBeUndefined();
  });
});

describe('country search', () => {
  const find = (query: string, language = 'en') => searchCountries(query, language).map((c) => c.iso);

  it('type-ahead on names, ISO codes and dial codes', () => {
    // Australia before Austria, so "aus" + Enter picks Australia.
    expect(find('aus')).toEqual(['AU', 'AT']);
    expect(find('zeal')).toEqual(['NZ']);
    expect(find('+61')).toEqual(['AU']);
    expect(find('44')).toEqual(['GB']);
    expect(find('+1')).toEqual(['US', 'CA']);
    expect(find('')).toHaveLength(26);
  });

  it('matches the name in Chinese too', () => {
    expect(countryName(COUNTRIES.find((c) => c.iso === 'AU')!, 'zh')).toBe('澳大利亚');
    expect(find('澳大利亚', 'zh')).toEqual(['AU']);
  });

  it('finds nothing for nonsense', () => {
    expect(find('qqq')).toEqual([]);
  });
});
