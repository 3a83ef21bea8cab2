import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

const MAX_RETRIES = 2;

/** Network failures and server errors may pass, so they are retried; the hub's refusals (4xx) are final. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const refused = isApiError(error) && error.status >= 400 && error.status < 500;
  return !refused && failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
