// Built for Node (`vite build --ssr`, tools/prerender-pages.mjs) and run once per web build: the
// sign-in page's first render as HTML, in each language, with and without the stand-in banner.
// The server puts the variant that fits the request into the page, so a phone draws the screen
// before the app's code arrives; React then renders the same screen over it (main.tsx).

import type { TAppConfigResponse } from '@app/contract/app/get-app-config';
import { STAND_IN_SERVICES } from '@app/contract/app/get-app-config';
import { messageBundle } from '@app/contract/messages';
import { QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/login-page';
import { appConfigQueryOptions, FALLBACK_APP_CONFIG } from '@/lib/app-config';
import { HTML_LANG, LANGUAGES, type Language } from '@/lib/i18n';
import enCommon from '@/locales/en/common.json';
import zhCommon from '@/locales/zh/common.json';

/** One prerendered screen: where, in which language, for a server with or without stand-ins. */
export interface PrerenderedPage {
  path: string;
  language: Language;
  htmlLang: string;
  standIns: 'all' | 'none';
  /** Rendered with this product name: a server named otherwise serves the page without it. */
  productName: string;
  html: string;
}

const SCREENS = { [paths.login]: LoginPage };

export async function prerenderPages(config: Partial<TAppConfigResponse> = {}): Promise<PrerenderedPage[]> {
  await i18n.use(initReactI18next).init({
    resources: {
      en: { common: enCommon, errors: messageBundle('en') },
      zh: { common: zhCommon, errors: messageBundle('zh') },
    },
    ns: ['common', 'errors'],
    defaultNS: 'common',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const pages: PrerenderedPage[] = [];
  for (const [path, Screen] of Object.entries(SCREENS))
    for (const language of LANGUAGES)
      for (const standIns of ['all', 'none'] as const) {
        await i18n.changeLanguage(language);
        const queryClient = new QueryClient();
        const pageConfig = {
          ...FALLBACK_APP_CONFIG,
          ...config,
          standIns: standIns === 'all' ? [...STAND_IN_SERVICES] : [],
        };
        queryClient.setQueryData(appConfigQueryOptions.queryKey, pageConfig);
        const html = renderToString(
          <AppProvider queryClient={queryClient}>
            <MemoryRouter initialEntries={[path]}>
              <Screen />
            </MemoryRouter>
          </AppProvider>,
        );
        pages.push({
          path,
          language,
          htmlLang: HTML_LANG[language],
          standIns,
          productName: pageConfig.productName,
          html,
        });
      }
  return pages;
}
