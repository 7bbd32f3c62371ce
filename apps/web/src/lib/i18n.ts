import { bundleOf, LANGUAGES, type TLanguage } from '@app/contract/messages-core';
import { enCodes, en as enMessages } from '@app/contract/messages-en';
import { LANGUAGE_COOKIE } from '@app/contract/web-build';
import i18n, { type LanguageDetectorModule } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import enCommon from '@/locales/en/common.json';
import { readLocal, readSession, storageKeys, writeLocal } from './storage';

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
] as const;

// The key i18next-browser-languagedetector read in storage, which this replaces.
const STORED_LANGUAGE_KEY = 'i18nextLng';

function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : undefined;
}

const LOOKUPS: Record<(typeof DETECTION_ORDER)[number], () => (string | null | undefined)[]> = {
  userChoice: () => [readLocal(storageKeys.language)],
  navigator: () => [...(navigator.languages ?? []), navigator.language],
  localStorage: () => [readLocal(STORED_LANGUAGE_KEY)],
  sessionStorage: () => [readSession(STORED_LANGUAGE_KEY)],
  // The cookie the switch writes for the server (spa-page.ts).
  cookie: () => [readCookie(LANGUAGE_COOKIE)],
  htmlTag: () => [document.documentElement.getAttribute('lang')],
};

/**
 * Every language the sources name, in DETECTION_ORDER; i18next takes the first it supports.
 * What i18next-browser-languagedetector did with these options, in a few lines instead of 6 KB
 * of the first load (docs/decisions/261).
 */
export function detectedLanguages(): string[] {
  const codes = DETECTION_ORDER.flatMap((source) => LOOKUPS[source]()).filter(
    (code): code is string => typeof code === 'string' && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(code),
  );
  return [...new Set(codes)];
}

const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectedLanguages,
  init: () => undefined,
  cacheUserLanguage: () => undefined,
};

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
  i18n
    .use(detector)
    // Long texts (legal pages, the guide) load with the page that needs them; the Chinese
    // catalogue of errors with the Chinese common texts.
    .use(
      resourcesToBackend((lng: string, ns: string) =>
        ns === 'errors' && lng === 'zh'
          ? import('@app/contract/messages-zh').then((m) => bundleOf(m.zh, m.zhCodes))
          : import(`../locales/${lng}/${ns}.json`),
      ),
    )
    .use(initReactI18next);
  const ready = i18n.init({
    ...(options.lng ? { lng: options.lng } : {}),
    // `errors` is the contract's catalogue, shared with the server: small, so English ships with the app.
    resources: { en: { common: enCommon, errors: bundleOf(enMessages, enCodes) } },
    partialBundledLanguages: true,
    ns: ['common', 'errors'],
    defaultNS: 'common',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
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
