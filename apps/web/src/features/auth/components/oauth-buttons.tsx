import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { type OAuthProvider, type SignInProvider, useStartOAuth } from '@/lib/start-oauth';

const OAUTH_BUTTONS = [
  { provider: 'google', labelKey: 'login.connectGmail', Icon: IconBrandGoogle },
  { provider: 'microsoft', labelKey: 'login.connectOutlook', Icon: IconBrandWindows },
] as const;

/** Spec §8: the sign-in banner's text for each provider. */
export const SIGN_IN_FAILURE_KEYS: Record<SignInProvider, string> = {
  google: 'login.googleFailed',
  microsoft: 'login.microsoftFailed',
};

/**
 * Starts Google or Microsoft sign-in (spec §4: the server's authUrl, then the whole window),
 * coming back to /integrations; a verified number's proof goes along when there is one.
 */
export function useOAuthSignIn({
  verifiedPhone,
  onFailure,
}: {
  verifiedPhone: string | null;
  onFailure: (provider: SignInProvider) => void;
}) {
  const startOAuth = useStartOAuth();
  return {
    signIn: (provider: SignInProvider) =>
      startOAuth.mutate(
        { provider, returnPath: paths.integrations, verifiedPhone },
        { onError: () => onFailure(provider) },
      ),
    pending: startOAuth.isPending ? startOAuth.variables?.provider : undefined,
    isPending: startOAuth.isPending,
  };
}

/** 'Connect with Gmail' and 'Connect with Outlook', plus any further choice of the page below them. */
export function OAuthButtons({
  pending,
  disabled,
  onSignIn,
  children,
}: {
  pending: OAuthProvider | undefined;
  disabled: boolean;
  onSignIn: (provider: SignInProvider) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {OAUTH_BUTTONS.map(({ provider, labelKey, Icon }) => (
        <Button
          key={provider}
          size="md"
          variant="default"
          leftSection={<Icon size={20} aria-hidden />}
          loading={pending === provider}
          disabled={disabled}
          onClick={() => onSignIn(provider)}
        >
          {t(labelKey)}
        </Button>
      ))}
      {children}
    </Stack>
  );
}

/** The dismissible error banner of the connect/login page (spec §2). */
export function SignInFailure({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      withCloseButton
      closeButtonLabel={t('login.dismiss')}
      onClose={onClose}
      role="alert"
    >
      {children}
    </Alert>
  );
}
