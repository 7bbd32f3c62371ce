import { Alert, Anchor, Box, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { LogoMark } from '@/components/logo';
import { StandInBanner } from '@/components/stand-in-banner';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type SignInProvider, useStartOAuth } from '../api/start-oauth';

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

/** The connect/login page (spec §2): sign in with Google or Microsoft; phone sign-in joins it next. */
export function LoginPage() {
  const { t } = useTranslation();
  const { productName } = useAppConfig();
  useDocumentTitle(t('login.title', { product: productName }));
  const startOAuth = useStartOAuth();
  const [failed, setFailed] = useState<SignInProvider | null>(null);
  const pending = startOAuth.isPending ? startOAuth.variables?.provider : undefined;

  const signIn = (provider: SignInProvider) => {
    setFailed(null);
    startOAuth.mutate({ provider, returnPath: paths.integrations }, { onError: () => setFailed(provider) });
  };

  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <StandInBanner />
      <Group justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center component="main" id="main" style={{ flex: 1 }} px="md" pb={48}>
        <Card withBorder shadow="sm" radius="lg" padding="xl" w="100%" maw={420}>
          <Stack gap="lg">
            <Stack gap="xs" align="center" ta="center">
              <LogoMark size={56} />
              <Title order={1} fz={26}>
                {t('login.title', { product: productName })}
              </Title>
              <Text c="dimmed">{t('login.subtitle')}</Text>
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
                {t(FAILURE_KEYS[failed])}
              </Alert>
            ) : null}

            <Stack gap="sm">
              <Button
                size="md"
                variant="default"
                leftSection={<IconBrandGoogle size={20} aria-hidden />}
                loading={pending === 'google'}
                disabled={startOAuth.isPending}
                onClick={() => signIn('google')}
              >
                {t('login.connectGmail')}
              </Button>
              <Button
                size="md"
                variant="default"
                leftSection={<IconBrandWindows size={20} aria-hidden />}
                loading={pending === 'microsoft'}
                disabled={startOAuth.isPending}
                onClick={() => signIn('microsoft')}
              >
                {t('login.connectOutlook')}
              </Button>
            </Stack>

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
        </Card>
      </Center>
    </Box>
  );
}
