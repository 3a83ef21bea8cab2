import { ERROR_CODES, LOAD_E_CODES } from '@paddock/rules';
import type { AxiosInstance } from 'axios';
import { PROVIDER_HTTP } from '../../src/provider/http-provider.gateway';
import { PROVIDER_PATHS } from '../../src/provider/provider-paths';
import { PASSWORD, call, headersOf, signIn, type SignedIn } from '../auth/auth-fixtures';
import { seedPerson } from '../support/cookie-session';
import { scriptProvider, type ProviderReply } from '../support/scripted-provider';
import { startTestApp, type TestApp } from '../support/test-app';

const CONTENT = '0b0c6f36-3b8e-4d4f-9a51-5c7f0c2d9e11';
const FOLDER = 'f-marketing';
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** One hub call; every call that reaches the provider is listed: workflow submits, search, folders, assets, uploads, downloads. */
interface Route {
  method: string;
  path: string;
  json?: unknown;
  headers?: Record<string, string>;
}

const json = (method: string, path: string, body: unknown): Route => ({ method, path, json: body });
const items = { contentIds: [CONTENT], folderId: FOLDER };
const ROUTES: Route[] = [
  { method: 'GET', path: '/api/assets' },
  { method: 'GET', path: '/api/assets/total?q=red' },
  { method: 'GET', path: '/api/assets/counts' },
  { method: 'GET', path: '/api/folders/tree' },
  { method: 'GET', path: `/api/folders/${FOLDER}` },
  json('POST', '/api/folders', { parentId: FOLDER, name: 'New' }),
  json('PATCH', `/api/folders/${FOLDER}`, { name: 'New' }),
  { method: 'DELETE', path: `/api/folders/${FOLDER}` },
  { method: 'GET', path: `/api/assets/${CONTENT}` },
  json('PATCH', `/api/assets/${CONTENT}`, { name: 'New name' }),
  { method: 'GET', path: `/api/assets/${CONTENT}/thumbnail` },
  { method: 'GET', path: `/api/assets/${CONTENT}/preview` },
  { method: 'GET', path: `/api/assets/${CONTENT}/original` },
  {
    method: 'POST',
    path: '/api/uploads',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '3',
      'upload-metadata': `filename ${b64('a.jpg')},folderId ${b64(FOLDER)}`,
    },
  },
  json('POST', '/api/downloads', { contentIds: [CONTENT], images: ['original'], videos: [] }),
  // GET /api/downloads/:id is not here: with the built-in provider in this process the ZIP streams
  // through InProcessArchivesGateway, which makes no axios call to script; archives-gateway.int-spec
  // checks both archives gateways' refusals (another user's, expired, unknown downloadId).
  json('POST', '/api/workflow/accept', items),
  json('POST', '/api/workflow/reject', { ...items, note: 'Blurred' }),
  json('POST', '/api/workflow/move', { ...items, toFolderId: 'f-other' }),
  json('POST', '/api/workflow/delete', items),
  json('POST', '/api/workflow/restore', { ...items, toFolderId: 'f-other' }),
  json('POST', '/api/workflow/permanent-delete', items),
  json('POST', '/api/workflow/supplier-remove', items),
];

const outage = (status: number, code: string) =>
  status === 503 && (code === ERROR_CODES.PROVIDER_UNAVAILABLE || LOAD_E_CODES.has(code));

/** What the provider answers, and what the hub must make of it (status and code). */
const FAILURES: [name: string, reply: ProviderReply, expected: (status: number, code: string) => boolean][] =
  [
    [
      'a business refusal (418)',
      { status: 418, data: { resultCode: 'EXCEPTION', errorDescription: 'refused' } },
      (status, code) => code !== ERROR_CODES.INTERNAL && ((status >= 400 && status < 500) || status === 503),
    ],
    [
      'NOT_FOUND (404)',
      { status: 404, data: { resultCode: 'NOT_FOUND' } },
      (s, c) => s === 404 && c === 'NOT_FOUND',
    ],
    [
      'FORBIDDEN (403)',
      { status: 403, data: { resultCode: 'ACCESS_DENIED' } },
      (s, c) => s === 403 && c === 'FORBIDDEN',
    ],
    ['a timeout', { network: 'ECONNABORTED' }, outage],
    ['a reset connection', { network: 'ECONNRESET' }, outage],
    ['a provider outage (502)', { status: 502, data: 'Bad Gateway' }, outage],
  ];

describe('Provider failures → HTTP, one mapping, under every hub call', () => {
  let t: TestApp;
  let who: SignedIn;
  let failure: ProviderReply | undefined;
  let scripted = 0;
  /** code → every status it was answered with, over all routes and failures. */
  const statusesOf = new Map<string, Set<number>>();

  beforeAll(async () => {
    t = await startTestApp();
    await seedPerson(t, 'paolo.verdi', ['L/MARKETING'], PASSWORD);
    who = await signIn(t, 'paolo.verdi');
    const clientId = t.config.CLIENT_ID;
    // Sign-in and session checks keep their own table (auth): only the calls under test fail.
    const identity = new Set([
      PROVIDER_PATHS.identity.login(clientId),
      PROVIDER_PATHS.identity.validateToken(clientId),
      PROVIDER_PATHS.identity.logout(clientId),
      PROVIDER_PATHS.identity.userDetail(),
    ]);
    scriptProvider(t.app.get<AxiosInstance>(PROVIDER_HTTP), (request) => {
      if (!failure || identity.has(request.url ?? '')) return undefined;
      scripted++;
      return failure;
    });
  }, 120_000);

  afterAll(() => t?.close());

  describe.each(FAILURES)('when the provider answers %s', (_name, reply, expected) => {
    beforeAll(() => (failure = reply));
    afterAll(() => (failure = undefined));

    it.each(ROUTES)('$method $path answers a code and a 4xx or 503, never a 500', async (route) => {
      scripted = 0;
      const res = await call<unknown>(t, route.method, route.path, {
        json: route.json,
        headers: { ...headersOf(who), ...route.headers },
      });
      const body = (typeof res.body === 'string' ? JSON.parse(res.body) : res.body) as { code?: string };
      const code = body?.code ?? '';
      statusesOf.set(code, (statusesOf.get(code) ?? new Set()).add(res.status));
      expect(scripted).toBeGreaterThan(0);
      expect({ status: res.status, code, ok: expected(res.status, code) }).toEqual({
        status: res.status,
        code: expect.stringMatching(/^[A-Z0-9_]+$/),
        ok: true,
      });
    });
  });

  it('answers the same status for the same code everywhere', () => {
    const mixed = [...statusesOf]
      .filter(([, statuses]) => statuses.size > 1)
      .map(([code, s]) => [code, [...s]]);
    expect(mixed).toEqual([]);
    expect(statusesOf.size).toBeGreaterThan(3);
  });
});
