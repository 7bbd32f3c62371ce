import type { TProvider } from '@app/contract/common';
import { TOAST_MS } from '@app/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useStartOAuth } from '@/lib/start-oauth';
import { showToast } from '@/lib/toast';

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
        onError: () =>
          showToast(
            'red',
            t('integrations.oauthUrlFailed', { provider: t(`integrations.providers.${provider}`) }),
            TOAST_MS.integrations,
            'bottom-center',
          ),
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
