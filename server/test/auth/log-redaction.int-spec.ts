import type { ExternalShareSummary, SessionResponse, UploadResult } from '@paddock/rules';
import sharp from 'sharp';
import type { ExternalShareResult } from '../../src/jobs/job-catalogue';
import { startTestApp, type TestApp } from '../support/test-app';
import { tusUpload } from '../support/tus-client';
import { as, finished, get, post, seedDemoOrganisation } from '../workflow/workflow-fixtures';
import { PASSWORD, call, hubDb, postForm, providerDb, seedPeople, signIn } from './auth-fixtures';

jest.setTimeout(180_000);

/** The real log output: pino writes to process.stdout, whose write is replaced from beforeAll to afterAll. */
function captureStdout(): string[] {
  const output: string[] = [];
  let spy: jest.SpyInstance | undefined;
  beforeAll(() => {
    spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      output.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
  });
  afterAll(() => spy?.mockRestore());
  return output;
}

/**
 * Captures the real log output at LOG_LEVEL=info through sign-in, page load, SSO sign-in and
 * sign-out, and looks for every secret.
 */
describe('logs hold no password and no token', () => {
  let t: TestApp;
  const output = captureStdout();

  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info' });
    await seedPeople(t);
  });
  afterAll(() => t.close());

  it('never writes the secrets that went through it', async () => {
    const secrets: string[] = [PASSWORD];

    const cookieUser = await signIn(t, 'mario.rossi');
    secrets.push(cookieUser.token, cookieUser.session.csrfToken);
    expect((await call(t, 'GET', '/api/session', { headers: { cookie: cookieUser.cookie } })).status).toBe(
      200,
    );

    const headerUser = await signIn(t, 'anna.bianchi');
    secrets.push(headerUser.token, headerUser.session.csrfToken);
    const headers = { username: 'anna.bianchi', token: headerUser.token, clientid: 'paddock' };
    expect((await call(t, 'GET', '/api/session', { headers })).status).toBe(200);

    const wrong = await call(t, 'POST', '/api/session', {
      json: { username: 'anna.bianchi', password: 'Wrong-Secret-77' },
    });
    expect(wrong.status).toBe(401);
    secrets.push('Wrong-Secret-77');

    const login = await postForm<{ tokenId: string }>(
      t,
      '/provider/xsso/resources/accessmanager/login/paddock',
      {
        username: 'acme.supplier',
        password: PASSWORD,
      },
    );
    secrets.push(login.body.tokenId);
    const sso = await call<SessionResponse>(t, 'POST', '/api/session/token', {
      json: { token: login.body.tokenId },
    });
    expect(sso.status).toBe(200);
    secrets.push(sso.body.csrfToken);

    const signOut = await call(t, 'DELETE', '/api/session', {
      headers: { cookie: cookieUser.cookie, 'x-csrf-token': cookieUser.session.csrfToken },
    });
    expect(signOut.status).toBe(204);

    // The built-in provider's own door: a caller's token arrives as X-TOKENID (the hub's own calls
    // go in-process and write no request line).
    await call(t, 'GET', '/provider/xsso/resources/vusermanager/detail/', {
      headers: { 'x-tokenid': login.body.tokenId },
    });

    // The provider tokens the hub holds went over the wire to the provider as X-TOKENID.
    const sessions = await hubDb(t).session.findMany();
    secrets.push(...sessions.map((s) => s.providerToken));

    const logs = output.join('');
    expect(logs).toContain('request completed');
    expect(logs).toContain('/api/session');
    expect(logs).toContain('/provider/xsso/resources/accessmanager/login/paddock');
    // Headers are logged, with the secret ones censored.
    expect(logs).toContain('"cookie":"[redacted]"');
    expect(logs).toContain('"x-tokenid":"[redacted]"');
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });

  // issue 11, point 5: THRON's `?tokenId=` on a GET (research §1) is censored wherever the URL or query is written.
  it('writes the thumbnail request without its tokenId, in the URL and in the query', async () => {
    const login = await postForm<{ tokenId: string }>(
      t,
      `/provider/xsso/resources/accessmanager/login/paddock`,
      {
        username: 'mario.rossi',
        password: PASSWORD,
      },
    );
    const token = login.body.tokenId;
    expect(token).toBeTruthy();
    const thumbnail = `/provider/xcontents/resources/delivery/getThumbnail/paddock/100x100/missing.jpg`;
    await fetch(`${t.url}${thumbnail}?tokenId=${token}`);
    // An unknown parameter name case and a second secret parameter: every one is censored.
    await fetch(`${t.url}${thumbnail}?lang=it&TOKENID=${token}&access_token=${token}`);

    const logs = output.join('');
    expect(logs).toContain('getThumbnail/paddock/100x100/missing.jpg?tokenId=[redacted]');
    expect(logs).toContain('"tokenId":"[redacted]"');
    expect(logs).toContain('lang=it&TOKENID=[redacted]&access_token=[redacted]');
    expect(logs).not.toContain(token);
  });
});

/** Where in a parsed log record (`$.req.params.path[2]`) each named secret appears, in a value or a key. */
function leaksIn(value: unknown, secrets: Record<string, string>, at = '$'): string[] {
  const found = (text: string, where: string) =>
    Object.entries(secrets)
      .filter(([, secret]) => text.includes(secret))
      .map(([name]) => `${where}: ${name}`);
  if (typeof value === 'string') return found(value, at);
  if (Array.isArray(value)) return value.flatMap((v, i) => leaksIn(v, secrets, `${at}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => [
      ...found(key, `${at} (key ${key})`),
      ...leaksIn(v, secrets, `${at}.${key}`),
    ]);
  return [];
}

/**
 * issue 21, point 3: a real link share made through the hub, then every route of its recipient page
 * (the page before and after the password, the password wrong and right, each rendition, the
 * original, the ZIP, an unknown route and a wrong method under the link, the token percent-encoded)
 * at LOG_LEVEL=debug. Every record written is parsed and every field of it walked, at any depth,
 * for the token, the passwords and the cookies.
 */
describe('share pages leave no token, password or cookie in any field of any log record', () => {
  const STRONG = 'Press-Kit-2026#Spider';
  const WRONG = 'Wrong-Guess-2026#Spider';
  let t: TestApp;
  const output = captureStdout();
  let mario: Awaited<ReturnType<typeof as>>;
  let contentId: string;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'debug' });
    const archive = (await seedDemoOrganisation(t)).get('arch04-marketing')!;
    mario = await as(t, 'mario.rossi');
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03' } })
      .jpeg()
      .toBuffer();
    const { result } = await tusUpload(t, mario, jpeg, {
      filename: 'spider.jpg',
      filetype: 'image/jpeg',
      folderId: archive,
    });
    contentId = (result?.body as UploadResult).contentId;
    const deadline = Date.now() + 90_000;
    while ((await providerDb(t).derivative.count({ where: { contentId } })) < 2) {
      if (Date.now() > deadline) throw new Error('no derivatives');
      await new Promise((r) => setTimeout(r, 200));
    }
    const submitted = await post<{ jobId: string }>(t, mario, '/api/external-shares', {
      type: 'link',
      name: 'Press kit',
      contentIds: [contentId],
      folderId: archive,
      password: STRONG,
      contentDownload: true,
      language: 'en',
    });
    expect(submitted.status).toBe(202);
    const { shareId } = (await finished(t, mario, submitted.body.jobId)).result as ExternalShareResult;
    // The job keeps the share id; its owner reads the link from the provider.
    url = (await get<ExternalShareSummary>(t, mario, `/api/external-shares/${shareId}`)).body.url!;
  });
  afterAll(() => t.close());

  it('writes every route of the page, and nothing secret in any field', async () => {
    const token = new URL(url).pathname.split('/').pop()!;
    const encoded = [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const send = (path: string, init: RequestInit = {}) =>
      fetch(`${t.url}/provider/share/${path}`, { redirect: 'manual', ...init });
    const password = (value: string) =>
      send(`${token}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password: value }).toString(),
      });

    expect((await send(token)).status).toBe(200);
    expect((await password(WRONG)).status).toBe(401);
    const signedIn = await password(STRONG);
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
    const withCookie = { headers: { cookie } };
    const routes: Array<[string, number]> = [
      ['', 200],
      [`/assets/${contentId}/thumb`, 200],
      [`/assets/${contentId}/preview`, 200],
      [`/assets/${contentId}/original`, 200],
      ['/zip', 200],
      // Answered by Nest's router: "Cannot GET /provider/share/<token>/nope".
      ['/nope', 404],
      [`/assets/${contentId}`, 404],
    ];
    for (const [suffix, status] of routes)
      expect([suffix, (await send(`${token}${suffix}`, withCookie)).status]).toEqual([suffix, status]);
    expect((await send(`${token}/session`, { method: 'PUT' })).status).toBe(404);
    expect((await send(encoded, withCookie)).status).toBe(200);
    // The last request's line is written once its response has finished.
    await new Promise((r) => setTimeout(r, 200));

    const records = output
      .join('')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { req?: { method?: string; url?: string } });
    const seen = new Set(records.map((r) => `${r.req?.method} ${r.req?.url}`));
    for (const line of [
      'GET /provider/share/[redacted]',
      'POST /provider/share/[redacted]/session',
      'PUT /provider/share/[redacted]/session',
      ...routes.map(([suffix]) => `GET /provider/share/[redacted]${suffix}`),
    ])
      expect(seen).toContain(line);

    const secrets = {
      token,
      'encoded token': encoded,
      'share password': STRONG,
      'wrong share password': WRONG,
      'share cookie': cookie.split('=')[1],
      'share cookie, decoded': decodeURIComponent(cookie.split('=')[1]),
      'hub session': mario.token,
      'CSRF token': mario.session.csrfToken,
    };
    expect(records.flatMap((record) => leaksIn(record, secrets))).toEqual([]);
  });
});
