import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RedirectIfAuthenticated, RequireAuth } from './guards';
import { lazyScreen } from './lazy-route';

const LoginPage = lazyScreen(
  'login',
  () => import('@/features/auth/components/login-page'),
  (m) => m.LoginPage,
);
const ConnectPage = lazyScreen(
  'connect',
  () => import('@/features/auth/components/connect-page'),
  (m) => m.ConnectPage,
);
const VerificationPage = lazyScreen(
  'verification',
  () => import('@/features/auth/components/verification-page'),
  (m) => m.VerificationPage,
);
const AppLayout = lazyScreen(
  'app-layout',
  () => import('./layouts/app-layout'),
  (m) => m.AppLayout,
);
const IntegrationsPage = lazyScreen(
  'integrations',
  () => import('@/features/integrations/components/integrations-page'),
  (m) => m.IntegrationsPage,
);
const AssistantPage = lazyScreen(
  'assistant',
  () => import('@/features/assistant/components/assistant-page'),
  (m) => m.AssistantPage,
  ['assistant'],
);
const BillingPage = lazyScreen(
  'billing',
  () => import('@/features/billing/components/billing-page'),
  (m) => m.BillingPage,
  ['billing'],
);
const ContactPage = lazyScreen(
  'contact',
  () => import('@/features/contact/components/contact-page'),
  (m) => m.ContactPage,
);
const AccountPage = lazyScreen(
  'account',
  () => import('@/features/account/components/account-page'),
  (m) => m.AccountPage,
  ['account'],
);
const PublicLayout = lazyScreen(
  'public-layout',
  () => import('./layouts/public-layout'),
  (m) => m.PublicLayout,
);
const PrivacyPage = lazyScreen(
  'privacy',
  () => import('@/features/legal/components/privacy-page'),
  (m) => m.PrivacyPage,
  ['legal'],
);
const TermsPage = lazyScreen(
  'terms',
  () => import('@/features/legal/components/terms-page'),
  (m) => m.TermsPage,
  ['legal'],
);
const AppleGuidePage = lazyScreen(
  'apple-guide',
  () => import('@/features/guide/components/apple-guide-page'),
  (m) => m.AppleGuidePage,
  ['legal'],
);
const OutboxPage = lazyScreen(
  'dev-outbox',
  () => import('@/features/dev/components/outbox-page'),
  (m) => m.OutboxPage,
);
const PhonePage = lazyScreen(
  'dev-phone',
  () => import('@/features/dev/components/phone-page'),
  (m) => m.PhonePage,
  ['dev'],
);
const OAuthCallbackRoute = lazyScreen(
  'oauth-callback',
  () => import('./routes/oauth-callback'),
  (m) => m.OAuthCallbackRoute,
);

/**
 * The spec's route table (§2). Screens and the two layouts load on demand (the signed-in
 * layout's drawer and menus are not for the sign-in page); the guards decide access before
 * any of that code runs.
 */
export const routes: RouteObject[] = [
  {
    children: [
      {
        element: <RedirectIfAuthenticated />,
        children: [
          {
            path: paths.login,
            element: <LoginPage />,
          },
          {
            path: paths.connect,
            element: <ConnectPage />,
          },
        ],
      },
      {
        path: paths.verification,
        element: <VerificationPage />,
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              ...[paths.root, paths.integrations].map((path) => ({
                path,
                element: <IntegrationsPage />,
              })),
              {
                path: paths.assistant,
                element: <AssistantPage />,
              },
              {
                path: paths.billing,
                element: <BillingPage />,
              },
              {
                path: paths.contact,
                element: <ContactPage />,
              },
              {
                path: paths.account,
                element: <AccountPage />,
              },
            ],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          {
            path: paths.privacy,
            element: <PrivacyPage />,
          },
          {
            path: paths.terms,
            element: <TermsPage />,
          },
          {
            path: paths.appleGuide,
            element: <AppleGuidePage />,
          },
          {
            path: paths.devOutbox,
            element: <OutboxPage />,
          },
          {
            path: paths.devPhone,
            element: <PhonePage />,
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
          element: <OAuthCallbackRoute />,
        }),
      ),
      { path: '*', element: <Navigate to={paths.login} replace /> },
    ],
  },
];
