import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { RedirectIfAuthenticated, RequireAuth } from './guards';
import { lazyRoute } from './lazy-route';
import { RouteError } from './route-error';

/**
 * The spec's route table (§2). Screens and the two layouts load on demand (the signed-in
 * layout's drawer and menus are not for the sign-in page); the guards decide access before
 * any of that code runs.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <RedirectIfAuthenticated />,
        children: [
          {
            path: paths.login,
            lazy: lazyRoute(
              'login',
              () => import('@/features/auth/components/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: paths.connect,
            lazy: lazyRoute(
              'connect',
              () => import('@/features/auth/components/connect-page'),
              (m) => m.ConnectPage,
            ),
          },
        ],
      },
      {
        path: paths.verification,
        lazy: lazyRoute(
          'verification',
          () => import('@/features/auth/components/verification-page'),
          (m) => m.VerificationPage,
        ),
      },
      {
        element: <RequireAuth />,
        errorElement: <RouteError />,
        children: [
          {
            lazy: lazyRoute(
              'app-layout',
              () => import('./layouts/app-layout'),
              (m) => m.AppLayout,
            ),
            children: [
              ...[paths.root, paths.integrations].map((path) => ({
                path,
                lazy: lazyRoute(
                  'integrations',
                  () => import('@/features/integrations/components/integrations-page'),
                  (m) => m.IntegrationsPage,
                ),
              })),
              {
                path: paths.assistant,
                lazy: lazyRoute(
                  'assistant',
                  () => import('@/features/assistant/components/assistant-page'),
                  (m) => m.AssistantPage,
                  ['assistant'],
                ),
              },
              {
                path: paths.billing,
                lazy: lazyRoute(
                  'billing',
                  () => import('@/features/billing/components/billing-page'),
                  (m) => m.BillingPage,
                  ['billing'],
                ),
              },
              {
                path: paths.contact,
                lazy: lazyRoute(
                  'contact',
                  () => import('@/features/contact/components/contact-page'),
                  (m) => m.ContactPage,
                ),
              },
              {
                path: paths.account,
                lazy: lazyRoute(
                  'account',
                  () => import('@/features/account/components/account-page'),
                  (m) => m.AccountPage,
                  ['account'],
                ),
              },
            ],
          },
        ],
      },
      {
        lazy: lazyRoute(
          'public-layout',
          () => import('./layouts/public-layout'),
          (m) => m.PublicLayout,
        ),
        errorElement: <RouteError />,
        children: [
          {
            path: paths.privacy,
            lazy: lazyRoute(
              'privacy',
              () => import('@/features/legal/components/privacy-page'),
              (m) => m.PrivacyPage,
              ['legal'],
            ),
          },
          {
            path: paths.terms,
            lazy: lazyRoute(
              'terms',
              () => import('@/features/legal/components/terms-page'),
              (m) => m.TermsPage,
              ['legal'],
            ),
          },
          {
            path: paths.appleGuide,
            lazy: lazyRoute(
              'apple-guide',
              () => import('@/features/guide/components/apple-guide-page'),
              (m) => m.AppleGuidePage,
              ['legal'],
            ),
          },
          {
            path: paths.devOutbox,
            lazy: lazyRoute(
              'dev-outbox',
              () => import('@/features/dev/components/outbox-page'),
              (m) => m.OutboxPage,
            ),
          },
          {
            path: paths.devPhone,
            lazy: lazyRoute(
              'dev-phone',
              () => import('@/features/dev/components/phone-page'),
              (m) => m.PhonePage,
              ['dev'],
            ),
          },
        ],
      },
      ...[paths.calendar, paths.calendarSettings, paths.settings].map((path) => ({
        path,
        element: <Navigate to={paths.integrations} replace />,
      })),
      ...[paths.googleCallback, paths.azureCallback, paths.facebookCallback, paths.calendarCallback].map(
        (path) => ({
          path,
          lazy: lazyRoute(
            'oauth-callback',
            () => import('./routes/oauth-callback'),
            (m) => m.OAuthCallbackRoute,
          ),
        }),
      ),
      { path: '*', element: <Navigate to={paths.login} replace /> },
    ],
  },
];
