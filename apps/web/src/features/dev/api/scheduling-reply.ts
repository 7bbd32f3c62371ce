import { devSchedulingReplyRoute, type TSchedulingReplyRequest } from '@app/contract/dev/sample-world';
import { devSchedulingOpenRoute } from '@app/contract/dev/scheduling-open';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const openKey = (phone: string) => ['dev', 'scheduling-open', phone] as const;

/** The linked person's latest scheduling request waiting on answers (issue 32), polled. */
export function useOpenSchedulingRequest(phone: string) {
  return useQuery({
    queryKey: openKey(phone),
    queryFn: ({ signal }) => apiRequest(devSchedulingOpenRoute, { query: { phone }, signal }),
    refetchInterval: 2000,
  });
}

/** Makes the sample person answer it: a pick, another time or a decline. */
export function useSchedulingReply(phone: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSchedulingReplyRequest) => apiRequest(devSchedulingReplyRoute, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: openKey(phone) }),
  });
}
