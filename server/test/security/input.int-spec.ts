import { ERROR_CODES, FOLDER_CODES, LIMITS, departmentFolderPrettyId } from '@paddock/rules';
import { DEMO_PASSWORD } from '../../src/config/config.schema';
import { call, hubDb, type SignedIn } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { as as demoSession } from '../workflow/workflow-fixtures';
import { tusUpload } from '../support/tus-client';
import { provider, providerState, seedSecurityWorld, type SecurityWorld } from './security-fixtures';

jest.setTimeout(120_000);

const NUL = '\u0000';
const ARCHIVE = departmentFolderPrettyId(FOLDER_CODES.departmentArchive, 'MARKETING');
const INVALID_ARGUMENTS = { resultCode: 'EXCEPTION', ssoCode: 'OK' };

/**
 * issue 11, point 5: bad input never gets a 5xx. Each finding of the "Input" paragraph,
 * replayed against the whole app (real PostgreSQL, Redis and built-in provider): refused at the
 * boundary with a code (400 / 413 and the hub's `{ code }`, or THRON's invalid-arguments envelope
 * on /provider), and nothing stored.
 */
describe('input at the boundary (PostgreSQL + Redis, demo organisation)', () => {
  let t: TestApp;
  let world: SecurityWorld;
  let mario: SignedIn;
  let token: string;
  const client = () => t.config.CLIENT_ID;
  const folder = (prettyId: string) => world.folders.get(prettyId)!;
  const as = (s: SignedIn) => ({ cookie: s.cookie, 'x-csrf-token': s.session.csrfToken });

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedSecurityWorld(t);
    mario = await demoSession(t, 'mario.rossi');
    token = await world.token('mario.rossi');
  });
  afterAll(() => t.close());

  describe('NUL bytes answer 400 VALIDATION_FAILED on the hub', () => {
    it('in a username at sign-in', async () => {
      const res = await call(t, 'POST', '/api/session', {
        json: { username: `mario${NUL}.rossi`, password: DEMO_PASSWORD },
      });
      expect(res).toMatchObject({ status: 400, body: { code: ERROR_CODES.VALIDATION_FAILED } });
    });

    it('in a folder id, as a path parameter and as a search filter', async () => {
      for (const path of [
        '/api/folders/a%00b',
        `/api/assets?folderId=a%00b`,
        `/api/assets/total?folderId=a%00b`,
        `/api/users/search?searchString=ros%00si`,
      ]) {
        const res = await call(t, 'GET', path, { headers: as(mario) });
        expect({ path, ...res }).toMatchObject({
          path,
          status: 400,
          body: { code: ERROR_CODES.VALIDATION_FAILED },
        });
      }
    });

    it('in a session cookie, before any lookup', async () => {
      const res = await call(t, 'GET', '/api/session', { headers: { cookie: 'paddock_session=a%00b' } });
      expect(res).toMatchObject({ status: 400, body: { code: ERROR_CODES.VALIDATION_FAILED } });
    });
  });

  it('refuses an offset past the page limit instead of overflowing in SQL', async () => {
    for (const offset of ['1e20', String(LIMITS.pageOffsetMax + 1), '-1'])
      expect(
        await call(t, 'GET', `/api/users/search?offset=${offset}`, { headers: as(mario) }),
      ).toMatchObject({ status: 400, body: { code: ERROR_CODES.VALIDATION_FAILED } });
    expect(
      (await call(t, 'GET', `/api/users/search?offset=${LIMITS.pageOffsetMax}`, { headers: as(mario) }))
        .status,
    ).toBe(200);
  });

  describe('bodies that do not parse', () => {
    const post = (path: string, body: string, headers: Record<string, string>) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });

    it('answers 400 to malformed JSON and 413 to an oversized body, on the hub', async () => {
      const malformed = await post('/api/workflow/move', '{"assetIds": [', as(mario));
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ code: ERROR_CODES.VALIDATION_FAILED });
      const oversized = await post(
        '/api/workflow/move',
        JSON.stringify({ assetIds: ['x'.repeat(LIMITS.jsonBodyMaxBytes)] }),
        as(mario),
      );
      expect(oversized.status).toBe(413);
      expect(await oversized.json()).toMatchObject({ code: ERROR_CODES.PAYLOAD_TOO_LARGE });
    });

    it("answers THRON's envelope to them on the provider", async () => {
      const path = `/provider/xcontents/resources/category/insert/${client()}`;
      const malformed = await post(path, '{"category": ', { 'x-tokenid': token });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject(INVALID_ARGUMENTS);
      const oversized = await post(path, JSON.stringify({ x: 'x'.repeat(LIMITS.jsonBodyMaxBytes) }), {
        'x-tokenid': token,
      });
      expect(oversized.status).toBe(413);
      expect(await oversized.json()).toMatchObject({ resultCode: 'EXCEPTION', ssoCode: 'OK' });
    });
  });

  describe('NUL bytes on the provider', () => {
    it("answer THRON's invalid arguments in a path, a query, a form and a JSON body, and change nothing", async () => {
      const before = await providerState(t);
      const archive = folder(ARCHIVE);
      const answers = [
        await provider(t, token, 'POST', `xcontents/resources/category/update/${client()}/a%00b`, {
          update: { locales: [{ locale: 'EN', name: 'Renamed' }] },
        }),
        await provider(
          t,
          token,
          'GET',
          `xcontents/resources/category/getCategory?clientId=${client()}&categoryId=a%00b`,
        ),
        await provider(t, token, 'POST', `xcontents/resources/category/update/${client()}/${archive}`, {
          update: { locales: [{ locale: 'EN', name: `Re${NUL}named` }] },
        }),
      ];
      const form = await fetch(`${t.url}/provider/xsso/resources/accessmanager/login/${client()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: `mario${NUL}`, password: DEMO_PASSWORD }).toString(),
      });
      answers.push({ status: form.status, body: (await form.json()) as Record<string, unknown> });
      for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: INVALID_ARGUMENTS });
      expect(await providerState(t)).toEqual(before);
    });

    it('answer 400 to a token in a query before it is looked up', async () => {
      const res = await fetch(
        `${t.url}/provider/xcontents/resources/delivery/getThumbnail/${client()}/100x100/x.jpg?tokenId=a%00b`,
      );
      expect(res.status).toBe(400);
    });
  });

  describe('names: Latin-1 and the length limit, on the hub and the provider alike', () => {
    it('refuses a 100,000-character folder name on category/update and keeps the old one', async () => {
      const before = await providerState(t);
      const res = await provider(
        t,
        token,
        'POST',
        `xcontents/resources/category/update/${client()}/${folder(ARCHIVE)}`,
        {
          update: { locales: [{ locale: 'EN', name: 'x'.repeat(100_000) }] },
        },
      );
      expect(res).toMatchObject({ status: 400, body: INVALID_ARGUMENTS });
      expect(await providerState(t)).toEqual(before);
    });

    it('refuses on the provider the names the hub refuses: one character over the limit, or not Latin-1', async () => {
      const content = await insertContent(t, {
        name: 'Auto',
        folders: [folder(ARCHIVE)],
        owner: 'mario.rossi',
      });
      const before = await providerState(t);
      for (const name of ['x'.repeat(LIMITS.nameMaxLength + 1), 'Ferrari ✓', `tab\u0007bell`]) {
        const renamed = await provider(t, token, 'POST', `xcontents/resources/content/updateContent4Locale`, {
          client: { clientId: client() },
          contentId: content,
          detail: { locale: 'EN', name },
        });
        expect({ name, ...renamed }).toMatchObject({ name, status: 400, body: INVALID_ARGUMENTS });
        const hub = await call(t, 'PATCH', `/api/assets/${content}`, { json: { name }, headers: as(mario) });
        expect({ name, ...hub }).toMatchObject({
          name,
          status: 400,
          body: { code: ERROR_CODES.VALIDATION_FAILED },
        });
      }
      expect(await providerState(t)).toEqual(before);
      const longest = 'x'.repeat(LIMITS.nameMaxLength);
      expect(
        (await call(t, 'PATCH', `/api/assets/${content}`, { json: { name: longest }, headers: as(mario) }))
          .status,
      ).toBe(200);
    });

    it('refuses an upload whose file name is not Latin-1 before a byte is sent, and makes no asset', async () => {
      const before = await providerState(t);
      const refused = await tusUpload(t, mario, Buffer.from('bytes'), {
        filename: 'Ferrari ✓.jpg',
        filetype: 'image/jpeg',
        folderId: folder(ARCHIVE),
      });
      expect(refused.create.status).toBe(400);
      expect(await refused.create.text()).toContain(ERROR_CODES.VALIDATION_FAILED);
      const tooLong = await tusUpload(t, mario, Buffer.from('bytes'), {
        filename: `${'x'.repeat(LIMITS.nameMaxLength)}.jpg`,
        filetype: 'image/jpeg',
        folderId: folder(ARCHIVE),
      });
      expect(tooLong.create.status).toBe(400);
      expect(await providerState(t)).toEqual(before);
    });
  });
  // issue 21, point 6: shapes that reached code which threw (500), and nesting that overflowed a recursion.
  describe('null, nested lists and deep nesting answer 400 with a code and change nothing', () => {
    const hub = (path: string, body: string) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...as(mario) },
        body,
      });
    /** The provider's database and the hub's jobs: nothing a refused request may change. */
    const state = async () => ({ provider: await providerState(t), jobs: await hubDb(t).jobRecord.count() });
    /** `depth` levels of lists (`[[[1]]]`) or of objects (`{"a":{"a":1}}`). */
    const deep = (depth: number, shape: 'lists' | 'objects') =>
      shape === 'lists'
        ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
        : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    let content: string;

    beforeAll(async () => {
      content = await insertContent(t, { name: 'Fuzzed', folders: [folder(ARCHIVE)], owner: 'mario.rossi' });
    });

    it('refuses a list where an object belongs and a null the contract does not allow, naming the field', async () => {
      const before = await state();
      const selection = { contentIds: [content], folderId: folder(ARCHIVE) };
      for (const [path, body, problem] of [
        ['/api/enrichment', { ...selection, vinTarga: [[]] }, 'vinTarga.0 must be an object, not a list'],
        ['/api/enrichment', { ...selection, overwrite: [] }, 'overwrite must be an object, not a list'],
        [
          '/api/enrichment',
          { ...selection, overwrite: { vinTarga: null } },
          'overwrite.vinTarga must not be null',
        ],
        ['/api/workflow/reject', { ...selection, note: 'No', canvas: null }, 'canvas must not be null'],
      ] as const) {
        const res = await hub(path, JSON.stringify(body));
        expect({ path, body, status: res.status, answer: await res.json() }).toMatchObject({
          status: 400,
          answer: { code: ERROR_CODES.VALIDATION_FAILED, details: [problem] },
        });
      }
      expect(await state()).toEqual(before);
    });

    it.each([5_000, 60_000])(
      'refuses a body nested %i levels deep, on the hub and the provider',
      async (depth) => {
        const before = await state();
        for (const shape of ['lists', 'objects'] as const) {
          const res = await hub(
            '/api/workflow/move',
            `{"contentIds":${deep(depth, shape)},"folderId":"x","toFolderId":"y"}`,
          );
          expect([shape, res.status, await res.json()]).toMatchObject([
            shape,
            400,
            { code: ERROR_CODES.VALIDATION_FAILED },
          ]);
          const thron = await fetch(`${t.url}/provider/xcontents/resources/category/insert/${client()}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-tokenid': token },
            body: `{"category":${deep(depth, shape)}}`,
          });
          expect([shape, thron.status, await thron.json()]).toMatchObject([shape, 400, INVALID_ARGUMENTS]);
        }
        expect(await state()).toEqual(before);
      },
    );

    it('refuses a JSON cookie nested 5,000 levels deep (10 kB of the 16 KiB of headers Node reads), on the hub and a share page', async () => {
      const cookie = `j:${deep(5_000, 'lists')}`;
      const hubAnswer = await fetch(`${t.url}/api/session`, {
        headers: { cookie: `paddock_session=${cookie}` },
      });
      expect([hubAnswer.status, await hubAnswer.json()]).toMatchObject([
        400,
        { code: ERROR_CODES.VALIDATION_FAILED },
      ]);
      const share = await fetch(`${t.url}/provider/share/${'A'.repeat(43)}`, {
        headers: { cookie: `paddock_share=${cookie}` },
      });
      expect([share.status, await share.json()]).toMatchObject([400, INVALID_ARGUMENTS]);
    });

    it('takes a body nested LIMITS.inputDepthMax levels, and refuses one level more', async () => {
      const draft = (levels: number) =>
        fetch(`${t.url}/provider/xcontents/resources/content/saveDraft/${client()}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-tokenid': token },
          // The body is the first level, the draft the second.
          body: `{"contentIds":["${content}"],"draft":${deep(levels - 1, 'objects')}}`,
        });
      expect((await draft(LIMITS.inputDepthMax)).status).toBe(200);
      const refused = await draft(LIMITS.inputDepthMax + 1);
      expect([refused.status, await refused.json()]).toMatchObject([400, INVALID_ARGUMENTS]);
    });
  });
});
