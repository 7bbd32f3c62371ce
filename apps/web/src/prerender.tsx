// Built for Node (`vite build --ssr`, tools/prerender-pages.mjs) and run once per web build: the
// first render of the public screens that need no one's data (sign-in, privacy, terms) as HTML,
// in each language, with and without the stand-in banner; and of each signed-in screen as it
// looks before any of its data has arrived (the signed-in layout with its header, navigation and
// banner, and the screen's title and cards in their loading state). Nobody's data is in them: the
// session lives in the browser, so the server serves the same shell to everyone, and an inline
// script sends a visitor without a session on to /login before it is painted (spa-page.ts). The
// server puts the variant that fits the request into the page, so a phone draws the screen
// before the app's code arrives; React then renders the same screen over it (main.tsx), and its
// fields take over what was typed into the drawn ones (lib/drawn-fields.ts, decision 330).

import { PassThrough } from 'node:stream';
import { STAND_IN_SERVICES } from '@app/contract/app/get-app-config';
import { longDate } from '@app/contract/long-date';
import { messageBundle } from '@app/contract/messages';
import { formatE164 } from '@app/contract/phone';
import type { PrerenderedPage } from '@app/contract/web-build';
import { QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppLayout } from '@/app/layouts/app-layout';
import { PublicLayout } from '@/app/layouts/public-layout';
import { AppProvider } from '@/app/provider';
import { paths } from '@/config/paths';
import { AccountPage } from '@/features/account/components/account-page';
import { AssistantPage } from '@/features/assistant/components/assistant-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { BillingPage } from '@/features/billing/components/billing-page';
import { ContactPage } from '@/features/contact/components/contact-page';
import { IntegrationsPage } from '@/features/integrations/components/integrations-page';
import { PrivacyPage } from '@/features/legal/components/privacy-page';
import { TermsPage } from '@/features/legal/components/terms-page';
import { appConfigQueryOptions, FALLBACK_APP_CONFIG } from '@/lib/app-config';
import { untilCodeRuns } from '@/lib/drawn-screen';
import { HTML_LANG, LANGUAGES } from '@/lib/i18n';
import { unbreakable } from '@/lib/unbreakable';
import enAccount from '@/locales/en/account.json';
import enAssistant from '@/locales/en/assistant.json';
import enBilling from '@/locales/en/billing.json';
import enCommon from '@/locales/en/common.json';
import enLegal from '@/locales/en/legal.json';
import zhAccount from '@/locales/zh/account.json';
import zhAssistant from '@/locales/zh/assistant.json';
import zhBilling from '@/locales/zh/billing.json';
import zhCommon from '@/locales/zh/common.json';
import zhLegal from '@/locales/zh/legal.json';

// Text that no translation or setting contains, and that React's escaping leaves as it is.
const PLACEHOLDERS = { productName: 'PRODUCT-NAME-7f3a', supportEmail: 'support-7f3a@example.invalid' };
/** The chat's number, drawn as a number no server uses (the fictional 555-01xx range), then replaced. */
const CHAT_NUMBER = '+15550107913';
const CHAT_NUMBER_SHOWN = unbreakable(formatE164(CHAT_NUMBER));

/** Each path with its screen; `layout`: the layout route it renders in (routes.tsx); `dated`: prints today's date. */
const SCREENS: { path: string; Screen: ComponentType; layout?: ComponentType; dated?: boolean }[] = [
  { path: paths.login, Screen: LoginPage },
  // Signed out: a signed-in visitor sees "Back to the app" once the app's render replaces it.
  { path: paths.privacy, Screen: PrivacyPage, layout: PublicLayout, dated: true },
  { path: paths.terms, Screen: TermsPage, layout: PublicLayout, dated: true },
  // Signed in (route-chunks.json's `signedIn`): rendered with no one's data, every query but the
  // app's settings pending, which is what the app's first render shows too.
  ...[paths.root, paths.integrations].map((path) => ({ path, Screen: IntegrationsPage, layout: AppLayout })),
  { path: paths.assistant, Screen: AssistantPage, layout: AppLayout },
  { path: paths.billing, Screen: BillingPage, layout: AppLayout },
  { path: paths.contact, Screen: ContactPage, layout: AppLayout },
  { path: paths.account, Screen: AccountPage, layout: AppLayout },
];

export async function prerenderPages(): Promise<PrerenderedPage[]> {
  await i18n.use(initReactI18next).init({
    resources: {
      en: {
        common: enCommon,
        errors: messageBundle('en'),
        legal: enLegal,
        account: enAccount,
        assistant: enAssistant,
        billing: enBilling,
      },
      zh: {
        common: zhCommon,
        errors: messageBundle('zh'),
        legal: zhLegal,
        account: zhAccount,
        assistant: zhAssistant,
        billing: zhBilling,
      },
    },
    ns: ['common', 'errors', 'legal', 'account', 'assistant', 'billing'],
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
          chatSmsNumber: CHAT_NUMBER,
          standIns: standIns === 'all' ? [...STAND_IN_SERVICES] : [],
        };
        queryClient.setQueryData(appConfigQueryOptions.queryKey, pageConfig);
        const dayBefore = longDate(language, new Date());
        const tree = (
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
          </AppProvider>
        );
        await failOnRenderErrors(tree, `${path} ${language} ${standIns}`);
        // Live only where it works without code: fields and links (decision 330).
        const html = untilCodeRuns(renderToString(tree));
        // The day it prints (the one before or after rendering, should a build cross midnight).
        const today = dated
          ? [dayBefore, longDate(language, new Date())].find((day) => html.includes(day))
          : undefined;
        pages.push({
          path,
          language,
          htmlLang: HTML_LANG[language],
          standIns,
          fill: {
            ...PLACEHOLDERS,
            ...(today ? { today } : {}),
            ...(html.includes(CHAT_NUMBER) || html.includes(CHAT_NUMBER_SHOWN)
              ? { chatSmsNumber: { raw: CHAT_NUMBER, shown: CHAT_NUMBER_SHOWN } }
              : {}),
          },
          year: new Date().getFullYear(),
          html,
        });
      }
  return pages;
}

/**
 * A component that throws while rendered here (one that reads `window`, say) does not stop
 * renderToString: it draws the nearest Suspense fallback instead, the app's spinner, and leaves
 * the rest to the browser. That would serve a spinner in place of the screen, so the build fails.
 */
function failOnRenderErrors(tree: ReactNode, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = [];
    const stream = renderToPipeableStream(tree, {
      onError: (error) => {
        errors.push(error);
      },
      onAllReady: () => {
        stream.pipe(new PassThrough().resume());
        if (errors.length === 0) resolve();
        else
          reject(
            new Error(`prerender: ${name} failed to render: ${String(errors[0])}`, { cause: errors[0] }),
          );
      },
      onShellError: reject,
    });
  });
}
