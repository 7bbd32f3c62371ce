import { type TVerifyCodeRequest, verifyCodeRoute } from '@app/contract/auth/verify-code';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function useVerifyCode() {
  return useMutation({
    mutationFn: (input: TVerifyCodeRequest) => apiRequest(verifyCodeRoute, { body: input }),
  });
}
