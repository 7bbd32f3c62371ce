import type { TProvider } from '@app/contract/common';
import { TOAST_MS } from '@app/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useStartOAuth } from '@/lib/start-oauth';
import { showToast } from '@/lib/toast';

/** Spec §8's message of a Connect that cannot start, kept for the log, in English as logs are. */
const OAUTH_URL_FAILED: Record<Exclude<TProvider, 'apple'>, string> = {
  google: 'Failed to get Google OAuth URL',
  microsoft: 'Failed to get Microsoft OAuth URL',
  facebook: 'Failed to get Facebook OAuth URL',
};

/**
 * Connect and Reconnect: Google, Microsoft and Facebook through the same OAuth hand-over as
 * sign-in (the server repairs a broken connection in place), Apple through its credentials modal.
 */
export function useConnectFlow() {
  const { t } = useTranslation();
  const oauth = useStartOAuth();
  const [appleOpen, setAppleOpen] = useState(false);

  const start = (provider: TProvider) => {
    if (provider === 'apple') return setAppleOpen(true);
    oauth.mutate(
      { provider, returnPath: paths.integrations },
      {
        // The person is told what failed for them (spec §8's toast); what broke goes to the log.
        onError: (error) => {
          console.error(OAUTH_URL_FAILED[provider], error);
          showToast(
            'red',
            t(`integrations.connectFailed.${provider}`),
            TOAST_MS.integrations,
            'bottom-center',
          );
        },
      },
    );
  };

  return {
    start,
    // Stays "loading" until the window has left for the provider (spec §4: sets loading).
    pending: oauth.isPending || oauth.isSuccess ? oauth.variables?.provider : undefined,
    appleOpen,
    closeApple: () => setAppleOpen(false),
  };
}
