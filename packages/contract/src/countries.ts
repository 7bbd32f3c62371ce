/**
 * The 26 supported countries (spec §9), in the spec's order: the first (US) is the
 * fallback default. Names are English; the web shows them in the reader's language
 * with Intl.DisplayNames.
 */
export const COUNTRIES = [
  { iso: 'US', dialCode: '+1', flag: '🇺🇸', name: 'United States' },
  { iso: 'CA', dialCode: '+1', flag: '🇨🇦', name: 'Canada' },
  { iso: 'GB', dialCode: '+44', flag: '🇬🇧', name: 'United Kingdom' },
  { iso: 'FR', dialCode: '+33', flag: '🇫🇷', name: 'France' },
  { iso: 'DE', dialCode: '+49', flag: '🇩🇪', name: 'Germany' },
  { iso: 'IT', dialCode: '+39', flag: '🇮🇹', name: 'Italy' },
  { iso: 'ES', dialCode: '+34', flag: '🇪🇸', name: 'Spain' },
  { iso: 'NL', dialCode: '+31', flag: '🇳🇱', name: 'Netherlands' },
  { iso: 'SE', dialCode: '+46', flag: '🇸🇪', name: 'Sweden' },
  { iso: 'NO', dialCode: '+47', flag: '🇳🇴', name: 'Norway' },
  { iso: 'DK', dialCode: '+45', flag: '🇩🇰', name: 'Denmark' },
  { iso: 'FI', dialCode: '+358', flag: '🇫🇮', name: 'Finland' },
  { iso: 'CH', dialCode: '+41', flag: '🇨🇭', name: 'Switzerland' },
  { iso: 'AT', dialCode: '+43', flag: '🇦🇹', name: 'Austria' },
  { iso: 'BE', dialCode: '+32', flag: '🇧🇪', name: 'Belgium' },
  { iso: 'PT', dialCode: '+351', flag: '🇵🇹', name: 'Portugal' },
  { iso: 'AU', dialCode: '+61', flag: '🇦🇺', name: 'Australia' },
  { iso: 'NZ', dialCode: '+64', flag: '🇳🇿', name: 'New Zealand' },
  { iso: 'JP', dialCode: '+81', flag: '🇯🇵', name: 'Japan' },
  { iso: 'KR', dialCode: '+82', flag: '🇰🇷', name: 'South Korea' },
  { iso: 'CN', dialCode: '+86', flag: '🇨🇳', name: 'China' },
  { iso: 'IN', dialCode: '+91', flag: '🇮🇳', name: 'India' },
  { iso: 'BR', dialCode: '+55', flag: '🇧🇷', name: 'Brazil' },
  { iso: 'MX', dialCode: '+52', flag: '🇲🇽', name: 'Mexico' },
  { iso: 'AR', dialCode: '+54', flag: '🇦🇷', name: 'Argentina' },
  { iso: 'ZA', dialCode: '+27', flag: '🇿🇦', name: 'South Africa' },
] as const;

export type TCountry = (typeof COUNTRIES)[number];
export type TCountryIso = TCountry['iso'];

export const DEFAULT_COUNTRY: TCountry = COUNTRIES[0];

export function findCountry(iso: string | null | undefined): TCountry | undefined {
  const upper = iso?.toUpperCase();
  return COUNTRIES.find((country) => country.iso === upper);
}
