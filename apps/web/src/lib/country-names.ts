import { COUNTRIES, type TCountry } from '@app/contract/countries';

const cache = new Map<string, Intl.DisplayNames | null>();

/** The country's name in the reader's language ("Australia", "澳大利亚"), English if the browser cannot say. */
export function countryName(country: TCountry, language: string): string {
  if (!cache.has(language)) {
    try {
      cache.set(language, new Intl.DisplayNames([language === 'zh' ? 'zh-CN' : 'en'], { type: 'region' }));
    } catch {
      cache.set(language, null);
    }
  }
  return cache.get(language)?.of(country.iso) ?? country.name;
}

/** Type-ahead: matches the start of any word of the local or English name, the ISO code, or the dial code. */
export function matchesCountry(country: TCountry, query: string, language: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (q.startsWith('+') || /^\d+$/.test(q))
    return country.dialCode.startsWith(q.startsWith('+') ? q : `+${q}`);
  const names = [countryName(country, language), country.name].map((n) => n.toLowerCase());
  return (
    country.iso.toLowerCase() === q ||
    names.some(
      (name) =>
        name.startsWith(q) ||
        name.split(/[\s-]+/).some((word) => word.startsWith(q)) ||
        (/[^\p{ASCII}]/u.test(q) && name.includes(q)),
    )
  );
}

/**
 * The countries matching a query. Without a query, the spec's order; with one, names that
 * begin with it first, then alphabetical, so "aus" puts Australia before Austria.
 */
export function searchCountries(query: string, language: string): TCountry[] {
  const q = query.trim().toLowerCase();
  const matches = COUNTRIES.filter((country) => matchesCountry(country, q, language));
  if (!q || q.startsWith('+') || /^\d+$/.test(q)) return matches;
  const rank = (country: TCountry) =>
    countryName(country, language).toLowerCase().startsWith(q)
      ? 0
      : country.name.toLowerCase().startsWith(q)
        ? 1
        : 2;
  return [...matches].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
