import { request } from './http';

export interface SsoConfig {
  enabled: boolean;
  startUrl: string;
}

export function fetchSsoConfig(signal?: AbortSignal): Promise<SsoConfig> {
  return request<SsoConfig>('/api/auth/sso', { signal, unauthorizedIsAnswer: true });
}

/** Trades the identity provider's code for a single sign-on token. */
export async function exchangeSsoCode(code: string, state: string, iss?: string): Promise<string> {
  const { token } = await request<{ token: string }>('/api/auth/sso/exchange', {
    method: 'POST',
    body: iss ? { code, state, iss } : { code, state },
    unauthorizedIsAnswer: true,
  });
  return token;
}
