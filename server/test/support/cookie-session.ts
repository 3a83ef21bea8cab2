import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import type { TestApp } from './test-app';

/** A browser's session: the paddock_session cookie and the CSRF token the sign-in answered. */
export interface CookieSession {
  cookie: string;
  csrf: string;
}

/** Signs in through POST /api/session as a browser does. */
export async function signInWithCookie(
  t: TestApp,
  username: string,
  password: string,
): Promise<CookieSession> {
  const res = await fetch(`${t.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('paddock_session='));
  const body = (await res.json()) as { csrfToken: string };
  if (!cookie) throw new Error('no session cookie');
  return { cookie, csrf: body.csrfToken };
}

/** A hub request as that browser (or anonymous without `who`). */
export function callAs(t: TestApp, path: string, who?: CookieSession, init: RequestInit = {}) {
  return fetch(`${t.url}${path}`, {
    ...init,
    headers: { ...(who ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : {}), ...init.headers },
  });
}

/** A person 'first.last' in the built-in provider with these groups, ready to sign in with `password`. */
export async function seedPerson(
  t: TestApp,
  username: string,
  groups: string[],
  password: string,
): Promise<void> {
  const [firstName, lastName] = username.split('.');
  await t.app.get(BuiltinIdentitySeeder, { strict: false }).upsertUser({
    username,
    password,
    firstName,
    lastName,
    email: `${username}@paddock.example`,
    companyName: 'Paddock',
    groups,
  });
}
