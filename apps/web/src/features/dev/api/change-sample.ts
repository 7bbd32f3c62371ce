import { devSampleChangeRoute, type TSampleChangeRequest } from '@app/contract/dev/sample-world';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Makes the person's sample workspace move: a mail arrives, or an event moves or is cancelled. */
export function useChangeSample() {
  return useMutation({
    mutationFn: (input: TSampleChangeRequest) => apiRequest(devSampleChangeRoute, { body: input }),
  });
}
