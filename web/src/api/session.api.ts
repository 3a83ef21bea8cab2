import type { SessionResponse } from '@paddock/rules';
import { request } from './http';

export interface Credentials {
  username: string;
  password: string;
}

/** The session behind the cookie; 401 means nobody is signed in. */
export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return request<SessionResponse>('/api/session', { signal, unauthorizedIsAnswer: true });
}

export function signIn(credentials: Credentials): Promise<SessionResponse> {
  return request<SessionResponse>('/api/session', {
    method: 'POST',
    body: credentials,
    unauthorizedIsAnswer: true,
  });
}

/** Signs in with a single sign-on token. */
export function signInWithToken(token: string): Promise<SessionResponse> {
  return request<SessionResponse>('/api/session/token', {
    method: 'POST',
    body: { token },
    unauthorizedIsAnswer: true,
  });
}

export function signOut(): Promise<void> {
  return request<void>('/api/session', { method: 'DELETE', unauthorizedIsAnswer: true });
}
