import type { TProvider } from '@app/contract/common';
import { TOAST_MS } from '@app/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { useDisconnectIntegration } from '../api/disconnect-integration';

/** Spec §4: confirmation, loading, a success or failure toast at the bottom for 5 s, then refresh. */
export function useDisconnectFlow({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<TProvider | null>(null);
  const disconnect = useDisconnectIntegration();

  const confirm = () => {
    if (!asking) return;
    const provider = t(`integrations.providers.${asking}`);
    disconnect.mutate(asking, {
      onSuccess: () => {
        showToast(
          'green',
          catalogueText('disconnected', { provider }),
          TOAST_MS.integrations,
          'bottom-center',
        );
        setAsking(null);
        onDone();
      },
      onError: () => {
        showToast(
          'red',
          t('integrations.disconnectFailed', { provider }),
          TOAST_MS.integrations,
          'bottom-center',
        );
        setAsking(null);
      },
    });
  };

  return {
    asking,
    loading: disconnect.isPending,
    ask: (provider: TProvider) => setAsking(provider),
    cancel: () => setAsking(null),
    confirm,
  };
}
