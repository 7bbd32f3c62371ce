import { TOAST_MS } from '@app/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { billingInfoQueryOptions } from '../api/get-billing-info';
import { useProcessSuccess } from '../api/process-success';
import { showFailure } from '../utils/notify';

/**
 * Spec §4: back from checkout at /billing?success=true&session_id=..., the result is processed,
 * the address goes back to /billing (a reload must not process it twice) and the data reloads.
 */
export function useCheckoutReturn(): boolean {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const processSuccess = useProcessSuccess();
  // React runs effects twice in development; the session is processed once.
  const started = useRef(false);
  const sessionId = params.get('success') === 'true' ? params.get('session_id') : null;
  // Back from a checkout the person left (or whose card was declined): nothing to process.
  const declined = params.get('canceled') === 'true' && params.get('payment') === 'declined';

  useEffect(() => {
    if (!declined) return;
    showToast('red', t('errors:codes.PAYMENT_ERROR'), TOAST_MS.default);
    navigate(paths.billing, { replace: true });
  }, [declined, navigate, t]);

  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    processSuccess.mutate(sessionId, {
      onSuccess: (result) => {
        if (result.success) showToast('green', t('messages.paymentProcessed'), TOAST_MS.default);
      },
      onError: (error) => showFailure(t('errors:codes.PAYMENT_ERROR'), error),
      onSettled: () => {
        navigate(paths.billing, { replace: true });
        void queryClient.invalidateQueries({ queryKey: billingInfoQueryOptions.queryKey });
      },
    });
  }, [sessionId, processSuccess, navigate, queryClient, t]);

  return processSuccess.isPending;
}
