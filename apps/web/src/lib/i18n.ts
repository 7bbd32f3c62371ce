import { LANGUAGES, messageBundle, type TLanguage } from '@app/contract/messages';
import { LANGUAGE_COOKIE } from '@app/contract/web-build';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import enCommon from '@/locales/en/common.json';
import { readLocal, storageKeys, writeLocal } from './storage';

export { LANGUAGES };
export type Language = TLanguage;

/**
 * The spec's detection order (navigator, localStorage, sessionStorage, cookie, htmlTag),
 * preceded by the person's own pick from the language switch: the browser always names
 * a language, so without that a choice could never outlive a reload.
 */
export const DETECTION_ORDER = [
  'userChoice',
  'navigator',
  'localStorage',
  'sessionStorage',
  'cookie',
  'htmlTag',
];

export const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN' };

export function toLanguage(code: string | undefined): Language {
  return code?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/**
 * Starts i18next; the promise settles once the detected language's texts are in. English, the
 * fallback and the most common, comes with the app; Chinese visitors' `common` texts load at start
 * (start.tsx waits for them), so nobody downloads both languages (docs/decisions/261).
 */
export function initI18n(options: { lng?: Language } = {}): Promise<unknown> {
  const detector = new LanguageDetector();
  detector.addDetector({ name: 'userChoice', lookup: () => readLocal(storageKeys.language) ?? undefined });
  i18n
    .use(detector)
    // Long texts (legal pages, the guide) load with the page that needs them.
    .use(resourcesToBackend((lng: string, ns: string) => import(`../locales/${lng}/${ns}.json`)))
    .use(initReactI18next);
  const ready = i18n.init({
    ...(options.lng ? { lng: options.lng } : {}),
    // `errors` is the contract's catalogue, shared with the server: small, so it ships with the app.
    resources: {
      en: { common: enCommon, errors: messageBundle('en') },
      zh: { errors: messageBundle('zh') },
    },
    partialBundledLanguages: true,
    ns: ['common', 'errors'],
    defaultNS: 'common',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // The cookie step reads the cookie the switch writes for the server (spa-page.ts).
    detection: { order: DETECTION_ORDER, caches: [], lookupCookie: LANGUAGE_COOKIE },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  const applyHtmlLang = (lng: string) => {
    document.documentElement.lang = HTML_LANG[toLanguage(lng)];
  };
  applyHtmlLang(i18n.resolvedLanguage ?? i18n.language);
  i18n.on('languageChanged', applyHtmlLang);
  return ready;
}

/** The switch: remembered on this device, applied at once. */
export function chooseLanguage(lng: Language): Promise<unknown> {
  writeLocal(storageKeys.language, lng);
  // Also told to the server, which draws the sign-in screen ahead in this language (spa-page.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write that every browser supports (the Cookie Store API is not everywhere yet).
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
  return i18n.changeLanguage(lng);
}
