import { formatE164 } from '@app/contract/phone';
import { Alert, Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconBrandWindows, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '@/components/logo';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { createUserSession } from '@/lib/session';
import { readLocal, readSession, removeSession, sessionStorageKeys, storageKeys } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type SignInProvider, useStartOAuth } from '../api/start-oauth';
import { useStartPhoneSession } from '../api/start-phone-session';
import { AuthScreen } from './auth-screen';
import { PhoneForm } from './phone-form';

const OAUTH_BUTTONS = [
  { provider: 'google', labelKey: 'login.connectGmail', Icon: IconBrandGoogle },
  { provider: 'microsoft', labelKey: 'login.connectOutlook', Icon: IconBrandWindows },
] as const;

const FAILURE_KEYS: Record<SignInProvider, string> = {
  google: 'login.googleFailed',
  microsoft: 'login.microsoftFailed',
};

function NewTabLink({ to, children }: { to: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Anchor href={to} target="_blank" rel="noopener noreferrer" fz="inherit" underline="always">
      {children}
      <span className="visually-hidden"> {t('login.opensInNewTab')}</span>
    </Anchor>
  );
}

/**
 * The connect/login page (spec §2). /login signs in by phone first, with Google and
 * Microsoft below; /connect is where a newly verified number finishes sign-up (link
 * Gmail or Outlook, or go on with the phone alone) and where a 401 sends people.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { productName } = useAppConfig();
  useDocumentTitle(t('login.title', { product: productName }));
  const isConnect = pathname === paths.connect;
  const proof = isConnect ? readSession(sessionStorageKeys.verifiedPhoneToken) : null;
  const verifiedNumber = proof ? readLocal(storageKeys.verifiedPhoneNumber) : null;

  const startOAuth = useStartOAuth();
  const phoneSession = useStartPhoneSession();
  const [failed, setFailed] = useState<SignInProvider | 'phone' | null>(null);
  const pending = startOAuth.isPending ? startOAuth.variables?.provider : undefined;
  const busy = startOAuth.isPending || phoneSession.isPending;

  const signIn = (provider: SignInProvider) => {
    setFailed(null);
    startOAuth.mutate(
      { provider, returnPath: paths.integrations, verifiedPhone: proof },
      { onError: () => setFailed(provider) },
    );
  };

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
        <Stack gap="xs" align="center" ta="center">
          <LogoMark size={56} />
          <Title order={1} fz={26}>
            {t(isConnect ? 'connect.title' : 'login.title', { product: productName })}
          </Title>
          <Text c="dimmed">{t(isConnect ? 'connect.subtitle' : 'login.subtitle')}</Text>
        </Stack>

        {failed ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            withCloseButton
            closeButtonLabel={t('login.dismiss')}
            onClose={() => setFailed(null)}
            role="alert"
          >
            {failed === 'phone' ? t('errors:proofInvalid') : t(FAILURE_KEYS[failed])}
          </Alert>
        ) : null}

        {proof ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
            <Text fz="sm" c="var(--mantine-color-text)">
              {t('connect.verified', { phone: verifiedNumber ? formatE164(verifiedNumber) : '' })}
            </Text>
          </Alert>
        ) : null}

        {!isConnect ? (
          <>
            <PhoneForm />
            <Divider label={t('login.or')} labelPosition="center" />
          </>
        ) : null}

        <Stack gap="sm">
          {OAUTH_BUTTONS.map(({ provider, labelKey, Icon }) => (
            <Button
              key={provider}
              size="md"
              variant="default"
              leftSection={<Icon size={20} aria-hidden />}
              loading={pending === provider}
              disabled={busy}
              onClick={() => signIn(provider)}
            >
              {t(labelKey)}
            </Button>
          ))}
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
        </Stack>

        {isConnect && !proof ? (
          <Text ta="center" fz="sm">
            <Anchor component={Link} to={paths.login} fw={600}>
              {t('connect.usePhone')}
            </Anchor>
          </Text>
        ) : null}

        <Text fz="xs" c="dimmed" ta="center">
          <Trans
            i18nKey="login.agreement"
            components={{
              terms: <NewTabLink to={paths.terms} />,
              privacy: <NewTabLink to={paths.privacy} />,
            }}
          />
        </Text>
      </Stack>
    </AuthScreen>
  );
}
