import { DEFAULT_COUNTRY, findCountry, type TCountry } from '@app/contract/countries';

/** Time zones of the supported countries (the first word of a zone is not enough: America/* spans many). */
const ZONES: Record<string, string> = {
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Phoenix': 'US',
  'America/Los_Angeles': 'US',
  'America/Anchorage': 'US',
  'Pacific/Honolulu': 'US',
  'America/Detroit': 'US',
  'America/Boise': 'US',
  'America/Indiana/Indianapolis': 'US',
  'America/Kentucky/Louisville': 'US',
  'America/Juneau': 'US',
  'America/Adak': 'US',
  'America/Menominee': 'US',
  'America/North_Dakota/Center': 'US',
  'America/Sitka': 'US',
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
  'America/Edmonton': 'CA',
  'America/Winnipeg': 'CA',
  'America/Halifax': 'CA',
  'America/St_Johns': 'CA',
  'America/Regina': 'CA',
  'America/Moncton': 'CA',
  'America/Whitehorse': 'CA',
  'America/Yellowknife': 'CA',
  'America/Iqaluit': 'CA',
  'Europe/London': 'GB',
  'Europe/Belfast': 'GB',
  'Europe/Paris': 'FR',
  'Europe/Berlin': 'DE',
  'Europe/Busingen': 'DE',
  'Europe/Rome': 'IT',
  'Europe/Madrid': 'ES',
  'Atlantic/Canary': 'ES',
  'Africa/Ceuta': 'ES',
  'Europe/Amsterdam': 'NL',
  'Europe/Stockholm': 'SE',
  'Europe/Oslo': 'NO',
  'Europe/Copenhagen': 'DK',
  'Europe/Helsinki': 'FI',
  'Europe/Zurich': 'CH',
  'Europe/Vienna': 'AT',
  'Europe/Brussels': 'BE',
  'Europe/Lisbon': 'PT',
  'Atlantic/Madeira': 'PT',
  'Atlantic/Azores': 'PT',
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Perth': 'AU',
  'Australia/Adelaide': 'AU',
  'Australia/Hobart': 'AU',
  'Australia/Darwin': 'AU',
  'Australia/Canberra': 'AU',
  'Australia/Lord_Howe': 'AU',
  'Australia/Broken_Hill': 'AU',
  'Australia/Eucla': 'AU',
  'Australia/Lindeman': 'AU',
  'Pacific/Auckland': 'NZ',
  'Pacific/Chatham': 'NZ',
  'Asia/Tokyo': 'JP',
  'Asia/Seoul': 'KR',
  'Asia/Shanghai': 'CN',
  'Asia/Urumqi': 'CN',
  'Asia/Chongqing': 'CN',
  'Asia/Harbin': 'CN',
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'America/Sao_Paulo': 'BR',
  'America/Manaus': 'BR',
  'America/Recife': 'BR',
  'America/Bahia': 'BR',
  'America/Fortaleza': 'BR',
  'America/Belem': 'BR',
  'America/Cuiaba': 'BR',
  'America/Porto_Velho': 'BR',
  'America/Rio_Branco': 'BR',
  'America/Noronha': 'BR',
  'America/Mexico_City': 'MX',
  'America/Cancun': 'MX',
  'America/Monterrey': 'MX',
  'America/Tijuana': 'MX',
  'America/Merida': 'MX',
  'America/Chihuahua': 'MX',
  'America/Hermosillo': 'MX',
  'America/Mazatlan': 'MX',
  'America/Argentina/Buenos_Aires': 'AR',
  'America/Buenos_Aires': 'AR',
  'America/Argentina/Cordoba': 'AR',
  'America/Argentina/Mendoza': 'AR',
  'Africa/Johannesburg': 'ZA',
};

/** Rough boxes (south, west, north, east) used only when time zone and locale both say nothing. */
const BOXES: [string, number, number, number, number][] = [
  ['CH', 45.8, 5.9, 47.8, 10.5],
  ['AT', 46.4, 9.5, 49.0, 17.2],
  ['BE', 49.5, 2.5, 51.5, 6.4],
  ['NL', 50.7, 3.3, 53.6, 7.2],
  ['DK', 54.5, 8.0, 57.8, 15.2],
  ['PT', 36.9, -9.6, 42.2, -6.2],
  ['GB', 49.8, -8.7, 60.9, 1.8],
  ['FR', 41.3, -5.2, 51.1, 9.6],
  ['DE', 47.2, 5.8, 55.1, 15.1],
  ['IT', 36.6, 6.6, 47.1, 18.6],
  ['ES', 35.9, -9.4, 43.8, 4.4],
  ['SE', 55.3, 11.0, 69.1, 24.2],
  ['NO', 57.9, 4.6, 71.2, 31.1],
  ['FI', 59.8, 20.5, 70.1, 31.6],
  ['NZ', -47.3, 166.4, -34.4, 178.6],
  ['AU', -43.7, 113.3, -10.6, 153.6],
  ['JP', 24.0, 122.9, 45.6, 145.8],
  ['KR', 33.1, 124.6, 38.6, 131.9],
  ['CN', 18.2, 73.5, 53.6, 134.8],
  ['IN', 6.7, 68.1, 35.5, 97.4],
  ['ZA', -34.8, 16.5, -22.1, 32.9],
  ['MX', 14.5, -118.4, 32.7, -86.7],
  ['AR', -55.1, -73.6, -21.8, -53.6],
  ['BR', -33.8, -74.0, 5.3, -34.8],
  ['US', 24.5, -124.8, 49.4, -66.9],
  ['CA', 41.7, -141.0, 83.1, -52.6],
];

export function countryFromTimeZone(timeZone: string | undefined): TCountry | undefined {
  return timeZone ? findCountry(ZONES[timeZone]) : undefined;
}

export function countryFromLocales(locales: readonly string[]): TCountry | undefined {
  for (const locale of locales) {
    try {
      const region = new Intl.Locale(locale).maximize().region;
      const country = findCountry(region);
      if (country) return country;
    } catch {
      // not a valid locale tag
    }
  }
  return undefined;
}

/** The smallest box that holds the point, so Switzerland wins over the boxes around it. */
export function countryFromPosition(latitude: number, longitude: number): TCountry | undefined {
  const hits = BOXES.filter(
    ([, s, w, n, e]) => latitude >= s && latitude <= n && longitude >= w && longitude <= e,
  ).sort((a, b) => (a[3] - a[1]) * (a[4] - a[2]) - (b[3] - b[1]) * (b[4] - b[2]));
  return findCountry(hits[0]?.[0]);
}

export const GEOLOCATION_TIMEOUT_MS = 5000;

function positionCountry(): Promise<TCountry | undefined> {
  if (!('geolocation' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), GEOLOCATION_TIMEOUT_MS);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        clearTimeout(timer);
        resolve(countryFromPosition(position.coords.latitude, position.coords.longitude));
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60 * 60 * 1000 },
    );
  });
}

/** Spec §9: time zone, then browser locale, then geolocation (5 s), else the first country (US). */
export async function detectDefaultCountry(): Promise<TCountry> {
  const byZone = countryFromTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (byZone) return byZone;
  const byLocale = countryFromLocales(
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );
  if (byLocale) return byLocale;
  return (await positionCountry()) ?? DEFAULT_COUNTRY;
}
