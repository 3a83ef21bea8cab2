import { queryOptions } from '@tanstack/react-query';
import { fetchWebhooks } from '../../api/webhooks.api';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
};

/** The administrators' endpoints; refreshed while a delivery is pending, so its outcome shows. */
export function webhookListQueryOptions() {
  return queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => fetchWebhooks(signal),
    refetchInterval: (query) =>
      query.state.data?.some((e) => e.deliveries.some((d) => d.state === 'pending')) ? 3000 : false,
  });
}
