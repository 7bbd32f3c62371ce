import { startPhoneSessionRoute } from '@app/contract/auth/start-phone-session';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function useStartPhoneSession() {
  return useMutation({
    mutationFn: (verifiedPhoneToken: string) =>
      apiRequest(startPhoneSessionRoute, { body: { verifiedPhoneToken } }),
  });
}
