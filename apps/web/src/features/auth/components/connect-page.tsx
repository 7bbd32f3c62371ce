import { formatE164 } from '@app/contract/phone';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { createUserSession } from '@/lib/session';
import type { SignInProvider } from '@/lib/start-oauth';
import { readLocal, readSession, removeSession, sessionStorageKeys, storageKeys } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStartPhoneSession } from '../api/start-phone-session';
import { Agreement } from './agreement';
import { AuthHeading, AuthScreen } from './auth-screen';
import { OAuthButtons, SIGN_IN_FAILURE_KEYS, SignInFailure, useOAuthSignIn } from './oauth-buttons';

/**
 * /connect, the spec's connect/login page for finishing sign-up: a newly verified number
 * links Gmail or Outlook, or goes on with the phone alone. A 401 sends people here too;
 * without a verified number it offers the phone sign-in instead.
 */
export function ConnectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { productName } = useAppConfig();
  useDocumentTitle(t('login.title', { product: productName }));
  const proof = readSession(sessionStorageKeys.verifiedPhoneToken);
  const verifiedNumber = proof ? readLocal(storageKeys.verifiedPhoneNumber) : null;

  const phoneSession = useStartPhoneSession();
  const [failed, setFailed] = useState<SignInProvider | 'phone' | null>(null);
  const oauth = useOAuthSignIn({ verifiedPhone: proof, onFailure: setFailed });
  const busy = oauth.isPending || phoneSession.isPending;

  const continueWithPhone = () => {
    if (!proof) return;
    setFailed(null);
    phoneSession.mutate(proof, {
      onSuccess: ({ sessionToken, user }) => {
        createUserSession(user, sessionToken, 'phone');
        removeSession(sessionStorageKeys.verifiedPhoneToken);
        navigate(paths.integrations, { replace: true });
      },
      onError: () => setFailed('phone'),
    });
  };

  return (
    <AuthScreen>
      <Stack gap="lg">
        <AuthHeading title={t('connect.title')} subtitle={t('connect.subtitle')} />
        {failed ? (
          <SignInFailure onClose={() => setFailed(null)}>
            {failed === 'phone' ? t('errors:proofInvalid') : t(SIGN_IN_FAILURE_KEYS[failed])}
          </SignInFailure>
        ) : null}

        {proof ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
            <Text fz="sm" c="var(--mantine-color-text)">
              {t('connect.verified', { phone: verifiedNumber ? formatE164(verifiedNumber) : '' })}
            </Text>
          </Alert>
        ) : null}

        <OAuthButtons
          pending={oauth.pending}
          disabled={busy}
          onSignIn={(provider) => {
            setFailed(null);
            oauth.signIn(provider);
          }}
        >
          {proof ? (
            <Button
              size="md"
              variant="subtle"
              onClick={continueWithPhone}
              loading={phoneSession.isPending}
              disabled={busy}
            >
              {t('connect.continueWithPhone')}
            </Button>
          ) : null}
        </OAuthButtons>

        {!proof ? (
          <Text ta="center" fz="sm">
            <Anchor component={Link} to={paths.login} fw={600}>
              {t('connect.usePhone')}
            </Anchor>
          </Text>
        ) : null}

        <Agreement />
      </Stack>
    </AuthScreen>
  );
}
