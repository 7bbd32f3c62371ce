import {
  setPhoneMappingRoute,
  type TSetPhoneMappingRequest,
} from '@app/contract/phone-mapping/set-phone-mapping';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { phoneMappingQueryOptions } from './get-phone-mapping';

/** First call sends the number; when the server answers verificationRequired, a second call carries the code. */
export function useLinkPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSetPhoneMappingRequest) => apiRequest(setPhoneMappingRoute, { body: input }),
    onSuccess: (answer) => {
      if (answer.isLinked) queryClient.setQueryData(phoneMappingQueryOptions.queryKey, answer);
    },
  });
}
