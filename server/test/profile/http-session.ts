import {
  CLIENT_ID,
  HEADER_CLIENT_ID,
  HEADER_CSRF,
  HEADER_TOKEN,
  HEADER_USERNAME,
  SESSION_COOKIE,
  type SessionResponse,
} from '@paddock/rules';
import {
  BuiltinIdentitySeeder,
  type SeedUser,
} from '../../src/builtin-provider/identity/builtin-identity.seeder';
import type { TestApp } from '../support/test-app';

/** Test-only password of the people these tests sign in. */
export const TEST_PASSWORD = 'Paddock-Profile-Te5t!';

export interface Answer<T> {
  status: number;
  body: T;
}

/** A signed-in browser (cookie + CSRF token) or an API client (SPEC §7 header contract). */
export interface ApiClient {
  username: string;
  get<T = unknown>(path: string): Promise<Answer<T>>;
  post<T = unknown>(path: string, json: unknown, options?: { csrf?: boolean }): Promise<Answer<T>>;
}

let nextIp = 1;

/** Creates (or updates) people in the built-in provider; they enter the hub's directory at sign-in. */
export async function seedPeople(t: TestApp, people: Omit<SeedUser, 'password'>[]): Promise<void> {
  const seeder = t.app.get(BuiltinIdentitySeeder);
  for (const p of people) await seeder.upsertUser({ groups: ['L/MARKETING'], ...p, password: TEST_PASSWORD });
}

async function send<T>(
  t: TestApp,
  method: string,
  path: string,
  headers: Record<string, string>,
  json?: unknown,
) {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Signs in through POST /api/session, as a distinct client address each time (the sign-in throttle is per address). */
export async function signIn(
  t: TestApp,
  username: string,
  as: 'browser' | 'header-contract' = 'browser',
): Promise<ApiClient> {
  const ip = `198.51.100.${(nextIp++ % 250) + 1}`;
  const res = await fetch(`${t.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
  const session = (await res.json()) as SessionResponse;
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  const token = setCookie.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '';
  const auth: Record<string, string> =
    as === 'browser'
      ? { cookie: `${SESSION_COOKIE}=${token}` }
      : { [HEADER_USERNAME]: username, [HEADER_TOKEN]: token, [HEADER_CLIENT_ID]: CLIENT_ID };
  return {
    username,
    get: (path) => send(t, 'GET', path, auth),
    post: (path, json, options = {}) =>
      send(
        t,
        'POST',
        path,
        {
          ...auth,
          ...(as === 'browser' && options.csrf !== false ? { [HEADER_CSRF]: session.csrfToken } : {}),
        },
        json,
      ),
  };
}
