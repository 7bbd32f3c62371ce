// Built for Node (`vite build --ssr`, tools/prerender-pages.mjs) and run once per web build: the
// first render of the public screens that need no one's data (sign-in, privacy, terms) as HTML,
// in each language, with and without the stand-in banner. The server puts the variant that fits
// the request into the page, so a phone draws the screen before the app's code arrives; React
// then renders the same screen over it (main.tsx).

import { STAND_IN_SERVICES } from '@app/contract/app/get-app-config';
import { longDate } from '@app/contract/long-date';
import { messageBundle } from '@app/contract/messages';
import type { PrerenderedPage } from '@app/contract/web-build';
import { QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PublicLayout } from '@/app/layouts/public-layout';
import { AppProvider } from '@/app/provider';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/login-page';
import { PrivacyPage } from '@/features/legal/components/privacy-page';
import { TermsPage } from '@/features/legal/components/terms-page';
import { appConfigQueryOptions, FALLBACK_APP_CONFIG } from '@/lib/app-config';
import { HTML_LANG, LANGUAGES } from '@/lib/i18n';
import enCommon from '@/locales/en/common.json';
import enLegal from '@/locales/en/legal.json';
import zhCommon from '@/locales/zh/common.json';
import zhLegal from '@/locales/zh/legal.json';

// Text that no translation or setting contains, and that React's escaping leaves as it is.
const PLACEHOLDERS = { productName: 'PRODUCT-NAME-7f3a', supportEmail: 'support-7f3a@example.invalid' };

/** Each path with its screen; `layout`: the layout route it renders in (routes.tsx); `dated`: prints today's date. */
const SCREENS: { path: string; Screen: ComponentType; layout?: ComponentType; dated?: boolean }[] = [
  { path: paths.login, Screen: LoginPage },
  // Signed out: a signed-in visitor sees "Back to the app" once the app's render replaces it.
  { path: paths.privacy, Screen: PrivacyPage, layout: PublicLayout, dated: true },
  { path: paths.terms, Screen: TermsPage, layout: PublicLayout, dated: true },
];

export async function prerenderPages(): Promise<PrerenderedPage[]> {
  await i18n.use(initReactI18next).init({
    resources: {
      en: { common: enCommon, errors: messageBundle('en'), legal: enLegal },
      zh: { common: zhCommon, errors: messageBundle('zh'), legal: zhLegal },
    },
    ns: ['common', 'errors', 'legal'],
    defaultNS: 'common',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const pages: PrerenderedPage[] = [];
  for (const { path, Screen, layout: Layout, dated } of SCREENS)
    for (const language of LANGUAGES)
      for (const standIns of ['all', 'none'] as const) {
        await i18n.changeLanguage(language);
        const queryClient = new QueryClient();
        const pageConfig = {
          ...FALLBACK_APP_CONFIG,
          ...PLACEHOLDERS,
          standIns: standIns === 'all' ? [...STAND_IN_SERVICES] : [],
        };
        queryClient.setQueryData(appConfigQueryOptions.queryKey, pageConfig);
        const dayBefore = longDate(language, new Date());
        const html = renderToString(
          <AppProvider queryClient={queryClient}>
            <MemoryRouter initialEntries={[path]}>
              {Layout ? (
                <Routes>
                  <Route element={<Layout />}>
                    <Route path={path} element={<Screen />} />
                  </Route>
                </Routes>
              ) : (
                <Screen />
              )}
            </MemoryRouter>
          </AppProvider>,
        );
        // The day it prints (the one before or after rendering, should a build cross midnight).
        const today = dated
          ? [dayBefore, longDate(language, new Date())].find((day) => html.includes(day))
          : undefined;
        pages.push({
          path,
          language,
          htmlLang: HTML_LANG[language],
          standIns,
          fill: { ...PLACEHOLDERS, ...(today ? { today } : {}) },
          year: new Date().getFullYear(),
          html,
        });
      }
  return pages;
}
