import { Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/app-config';
import type { SignInProvider } from '@/lib/start-oauth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Agreement } from './agreement';
import { AuthHeading, AuthScreen } from './auth-screen';
import { OAuthButtons, SIGN_IN_FAILURE_KEYS, SignInFailure, useOAuthSignIn } from './oauth-buttons';
import { PhoneForm } from './phone-form';

/** /login, the spec's connect/login page for signing in: the phone number first, Gmail and Outlook below. */
export function LoginPage() {
  const { t } = useTranslation();
  const { productName } = useAppConfig();
  useDocumentTitle(t('login.title', { product: productName }));
  const [failed, setFailed] = useState<SignInProvider | null>(null);
  const oauth = useOAuthSignIn({ verifiedPhone: null, onFailure: setFailed });

  return (
    <AuthScreen>
      <Stack gap="lg">
        <AuthHeading title={t('login.title', { product: productName })} subtitle={t('login.subtitle')} />
        {failed ? (
          <SignInFailure onClose={() => setFailed(null)}>{t(SIGN_IN_FAILURE_KEYS[failed])}</SignInFailure>
        ) : null}
        <PhoneForm />
        <Divider label={t('login.or')} labelPosition="center" />
        <OAuthButtons
          pending={oauth.pending}
          disabled={oauth.isPending}
          onSignIn={(provider) => {
            setFailed(null);
            oauth.signIn(provider);
          }}
        />
        <Agreement />
      </Stack>
    </AuthScreen>
  );
}
