import {
  sendVerificationCodeRoute,
  type TSendVerificationCodeRequest,
} from '@app/contract/auth/send-verification-code';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function sendVerificationCode(input: TSendVerificationCodeRequest) {
  return apiRequest(sendVerificationCodeRoute, { body: input });
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
