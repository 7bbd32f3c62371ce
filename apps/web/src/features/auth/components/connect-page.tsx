import { formatE164 } from '@app/contract/phone';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { createUserSession } from '@/lib/session';
import type { SignInProvider } from '@/lib/start-oauth';
import { readLocal, readSession, removeSession, sessionStorageKeys, storageKeys } from '@/lib/storage';
import { unbreakable } from '@/lib/unbreakable';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStartPhoneSession } from '../api/start-phone-session';
import { Agreement } from './agreement';
import { AuthHeading, AuthScreen } from './auth-screen';
import { LoginPage } from './login-page';
import { OAuthButtons, SIGN_IN_FAILURE_KEYS, SignInFailure, useOAuthSignIn } from './oauth-buttons';

/**
 * /connect: the spec's route table makes it and /login one screen. With a newly verified
 * number it finishes sign-up (link Gmail or Outlook, or go on with the phone alone). Without
 * one it is the sign-in screen itself: a 401 sends people here, and whoever signed in by phone
 * must find the phone form where they land, not a link to it.
 */
export function ConnectPage() {
  const proof = readSession(sessionStorageKeys.verifiedPhoneToken);
  return proof ? <FinishSignUp proof={proof} /> : <LoginPage />;
}

function FinishSignUp({ proof }: { proof: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { productName } = useAppConfig();
  useDocumentTitle(t('login.title', { product: productName }));
  const verifiedNumber = readLocal(storageKeys.verifiedPhoneNumber);

  const phoneSession = useStartPhoneSession();
  const [failed, setFailed] = useState<SignInProvider | 'phone' | null>(null);
  const oauth = useOAuthSignIn({ verifiedPhone: proof, onFailure: setFailed });
  const busy = oauth.isPending || phoneSession.isPending;

  const continueWithPhone = () => {
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

        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
          <Text fz="sm" c="var(--mantine-color-text)">
            {t('connect.verified', { phone: verifiedNumber ? unbreakable(formatE164(verifiedNumber)) : '' })}
          </Text>
        </Alert>

        <OAuthButtons
          pending={oauth.pending}
          disabled={busy}
          onSignIn={(provider) => {
            setFailed(null);
            oauth.signIn(provider);
          }}
        >
          <Button
            size="md"
            variant="subtle"
            onClick={continueWithPhone}
            loading={phoneSession.isPending}
            disabled={busy}
          >
            {t('connect.continueWithPhone')}
          </Button>
        </OAuthButtons>

        <Agreement />
      </Stack>
    </AuthScreen>
  );
}
