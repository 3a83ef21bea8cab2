import { queryOptions } from '@tanstack/react-query';
import { checkDisclaimer, fetchDisclaimer, fetchUserPreferences } from './profile.api';

export const profileKeys = {
  all: ['profile'] as const,
  disclaimerAcceptance: () => [...profileKeys.all, 'disclaimer-acceptance'] as const,
  disclaimer: () => [...profileKeys.all, 'disclaimer'] as const,
  preferences: () => [...profileKeys.all, 'preferences'] as const,
};

/**
 * The disclaimer state of SPEC §4: unknown (no data yet), then true or false. A failed check
 * counts as not accepted; once known the value is reused for the rest of the page load.
 */
export function disclaimerAcceptanceQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.disclaimerAcceptance(),
    queryFn: ({ signal }) => checkDisclaimer(signal).catch(() => false),
    staleTime: Infinity,
  });
}

export function disclaimerQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.disclaimer(),
    queryFn: ({ signal }) => fetchDisclaimer(signal),
    staleTime: Infinity,
  });
}

export function userPreferencesQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.preferences(),
    queryFn: ({ signal }) => fetchUserPreferences(signal),
    staleTime: Infinity,
  });
}
