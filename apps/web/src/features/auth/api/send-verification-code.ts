import type { TSendVerificationCodeRequest } from '@app/contract/auth/send-verification-code';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The route (and with it the validation library) loads with the first send, not with the
 * sign-in page: the page preloads it as soon as someone starts on the form.
 */
export const loadSendVerificationCodeRoute = () => import('@app/contract/auth/send-verification-code');

export async function sendVerificationCode(input: TSendVerificationCodeRequest) {
  const { sendVerificationCodeRoute } = await loadSendVerificationCodeRoute();
  return apiRequest(sendVerificationCodeRoute, { body: input });
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
