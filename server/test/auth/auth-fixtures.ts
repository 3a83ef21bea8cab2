import { GENERAL_GROUPS, SESSION_COOKIE, type SessionResponse } from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import type { TestApp } from '../support/test-app';

export const PASSWORD = 'Paddock-Test-Pa55word!';

/** Users of every login outcome, in the built-in provider. */
export async function seedPeople(t: TestApp): Promise<void> {
  const seeder = t.app.get(BuiltinIdentitySeeder);
  const day = 86_400_000;
  await seeder.upsertUser({
    username: 'mario.rossi',
    password: PASSWORD,
    firstName: 'Mario',
    lastName: 'Rossi',
    email: 'mario.rossi@example.com',
    companyName: 'Marketing',
    imageUrl: 'https://example.com/mario.png',
    groups: ['L/MARKETING', 'APP.MARKETING.STEP2', 'L/SALES', GENERAL_GROUPS['multi-department']],
  });
  await seeder.upsertUser({
    username: 'anna.bianchi',
    password: PASSWORD,
    companyName: 'Sales',
    groups: ['L/SALES'],
  });
  await seeder.upsertUser({ username: 'acme.supplier', password: PASSWORD, companyName: 'ACME Parts' });
  await seeder.upsertUser({
    username: 'expired.user',
    password: PASSWORD,
    passwordExpiresAt: new Date(Date.now() - day),
    groups: ['L/SALES'],
  });
  await seeder.upsertUser({
    username: 'disabled.user',
    password: PASSWORD,
    active: false,
    groups: ['L/SALES'],
  });
}

export function providerDb(t: TestApp): BuiltinProviderPrismaService {
  return t.app.get(BuiltinProviderPrismaService);
}

export function hubDb(t: TestApp): HubPrismaService {
  return t.app.get(HubPrismaService);
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = unknown>(
  t: TestApp,
  method: string,
  path: string,
  options: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

export interface SignedIn {
  token: string;
  cookie: string;
  session: SessionResponse;
  setCookie: string;
}

/** The headers of a signed-in browser's request: the session cookie and the CSRF token. */
export function headersOf(s: SignedIn): Record<string, string> {
  return { cookie: s.cookie, 'x-csrf-token': s.session.csrfToken };
}

/** Signs in through the hub; `ip` poses as a distinct client (loopback is a trusted proxy). */
export async function signIn(
  t: TestApp,
  username = 'mario.rossi',
  password = PASSWORD,
  ip = '198.51.100.1',
): Promise<SignedIn> {
  const res = await call<SessionResponse>(t, 'POST', '/api/session', {
    json: { username, password },
    headers: { 'x-forwarded-for': ip },
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${username} answered ${res.status}: ${JSON.stringify(res.body)}`);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  const token = setCookie.slice(SESSION_COOKIE.length + 1).split(';')[0];
  return { token, cookie: `${SESSION_COOKIE}=${token}`, session: res.body, setCookie };
}

/** Answers of the built-in provider's form endpoints. */
export async function postForm<T = unknown>(
  t: TestApp,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}
