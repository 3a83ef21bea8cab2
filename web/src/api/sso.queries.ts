import { queryOptions } from '@tanstack/react-query';
import { fetchSsoConfig } from './sso.api';

export const ssoKeys = {
  all: ['sso'] as const,
  config: () => [...ssoKeys.all, 'config'] as const,
};

export function ssoConfigQueryOptions() {
  return queryOptions({
    queryKey: ssoKeys.config(),
    queryFn: ({ signal }) => fetchSsoConfig(signal),
    staleTime: Infinity,
  });
}
