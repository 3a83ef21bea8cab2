import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { BLOB_STORE, type BlobStore } from '../../src/blob-store/blob-store';
import { MakeDerivativesHandler } from '../../src/builtin-provider/derivatives/make-derivatives.handler';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { TokenService } from '../../src/builtin-provider/identity/token.service';
import { demoImage } from '../../src/seed/demo-content';
import { PASSWORD, signIn } from '../auth/auth-fixtures';
import { recordProviderCalls } from '../enrichment/enrichment-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { addVersion, insertContent, makeDerivatives, providerDb } from './derivatives-fixtures';

jest.setTimeout(120_000);

/** THRON delivery/getThumbnail on the built-in provider: any divArea, cached, validated, ACL-checked. */
describe('provider delivery/getThumbnail (PostgreSQL + Redis + real images)', () => {
  let t: TestApp;
  let contentId: string;
  let viewerToken: string;
  let outsiderToken: string;
  const path = (divArea: string, id = contentId, client = 'paddock') =>
    `${t.url}/provider/xcontents/resources/delivery/getThumbnail/${client}/${divArea}/${id}`;

  /** A folder whose ACL lets `groupName` see it, holding `contentId`. */
  async function folderShowing(groupName: string, linked: string): Promise<void> {
    const db = providerDb(t);
    const group = await db.group.findUniqueOrThrow({ where: { name: groupName } });
    const folder = await db.category.create({
      data: {
        prettyId: `thumb-test-${randomUUID()}`,
        locales: [{ locale: 'EN', name: 'Thumbnail test' }],
        acl: { create: [{ groupId: group.id, show: true }] },
      },
    });
    await db.contentCategory.create({ data: { categoryId: folder.id, contentId: linked } });
  }

  beforeAll(async () => {
    t = await startTestApp();
    const seeder = t.app.get(BuiltinIdentitySeeder);
    const tokens = t.app.get(TokenService);
    const viewer = await seeder.upsertUser({ username: 'thumb.viewer', groups: ['L/THUMBS'] });
    const outsider = await seeder.upsertUser({ username: 'thumb.outsider', groups: ['L/ELSEWHERE'] });
    viewerToken = await tokens.issueToken(viewer);
    outsiderToken = await tokens.issueToken(outsider);
    const photo = await demoImage({
      width: 1600,
      height: 1000,
      from: '#1d4ed8',
      to: '#f97316',
      title: 'Spider 1966',
      format: 'jpeg',
    });
    contentId = await insertContent(t, 'spider-1966.jpg', photo);
    await folderShowing('L/THUMBS', contentId);
    expect((await makeDerivatives(t, contentId)).state).toBe('completed');
  });
  afterAll(() => t.close());

  it('answers a JPEG fitting the requested area, from the header token or ?tokenId=', async () => {
    const res = await fetch(path('100x70'), { headers: { 'X-TOKENID': viewerToken } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('etag')).toBe(`"${contentId}-v1-100x70"`);
    // 1600x1000 fitted inside 100x70 → 100 wide is too tall (62.5 < 70 fine): 100x63 (rounded).
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(100);
    expect(meta.height).toBeLessThanOrEqual(70);

    const byQuery = await fetch(`${path('768x0')}.jpg?tokenId=${encodeURIComponent(viewerToken)}`);
    expect(byQuery.status).toBe(200);
    const wide = await sharp(Buffer.from(await byQuery.arrayBuffer())).metadata();
    expect([wide.width, wide.height]).toEqual([768, 480]); // height unconstrained
  });

  it('keeps the pictures of standard boxes in the blob store, and fits any other box without storing it', async () => {
    const blobs = t.app.get<BlobStore>(BLOB_STORE);
    const stored = (box: string) => blobs.exists(`thumbnails/${contentId}/1/${box}.jpg`);
    for (const box of ['320x240', '317x233']) {
      const res = await fetch(path(box), { headers: { 'X-TOKENID': viewerToken } });
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(Number(box.split('x')[0]));
    }
    expect(await stored('320x240')).toBe(true);
    expect(await stored('317x233')).toBe(false);
  });

  it('answers 304 to If-None-Match with the current ETag, and 200 again after a new version', async () => {
    const first = await fetch(path('200x200'), { headers: { 'X-TOKENID': viewerToken } });
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(path('200x200'), {
      headers: { 'X-TOKENID': viewerToken, 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    // The cached file is served the second time too (same bytes as the first).
    const cached = await fetch(path('200x200'), { headers: { 'X-TOKENID': viewerToken } });
    expect(Buffer.from(await cached.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));

    const green = await demoImage({
      width: 800,
      height: 800,
      from: '#16a34a',
      to: '#16a34a',
      title: 'v2',
      format: 'png',
    });
    const version = await addVersion(t, contentId, 'spider-1966.png', green);
    expect((await makeDerivatives(t, contentId, version)).state).toBe('completed');
    const renewed = await fetch(path('200x200'), {
      headers: { 'X-TOKENID': viewerToken, 'If-None-Match': etag },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('etag')).toBe(`"${contentId}-v2-200x200"`);
    expect((await sharp(Buffer.from(await renewed.arrayBuffer())).metadata()).width).toBe(200);
  });

  it('refuses a missing token, a foreign client, a bad divArea, and a content the user cannot see', async () => {
    expect((await fetch(path('100x70'))).status).toBe(403);
    expect((await fetch(path('100x70'), { headers: { 'X-TOKENID': 'not-a-token' } })).status).toBe(403);
    const foreign = await fetch(path('100x70', contentId, 'acme'), { headers: { 'X-TOKENID': viewerToken } });
    expect(foreign.status).toBe(418);
    expect(await foreign.json()).toMatchObject({ resultCode: 'CLIENT_NOT_FOUND' });
    expect((await fetch(path('wide'), { headers: { 'X-TOKENID': viewerToken } })).status).toBe(400);
    const hidden = await fetch(path('100x70'), { headers: { 'X-TOKENID': outsiderToken } });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ resultCode: 'CONTENT_NOT_FOUND' });
    const unknown = await fetch(path('100x70', randomUUID()), { headers: { 'X-TOKENID': viewerToken } });
    expect(unknown.status).toBe(404);
  });

  it('shows a neutral, uncached picture while the derivatives are not made yet', async () => {
    const pending = await insertContent(
      t,
      'in-arrivo.jpg',
      await demoImage({ width: 300, height: 200, from: '#000', to: '#fff', title: 'x', format: 'jpeg' }),
    );
    await folderShowing('L/THUMBS', pending);
    const res = await fetch(path('120x120', pending), { headers: { 'X-TOKENID': viewerToken } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(120);
  });

  it('fits the thumb, uncached, to a large box while the preview is still being made, then the preview', async () => {
    const id = await insertContent(
      t,
      'in-corso.jpg',
      await demoImage({ width: 1600, height: 1000, from: '#000', to: '#fff', title: 'y', format: 'jpeg' }),
    );
    await folderShowing('L/THUMBS', id);
    const large = () => fetch(path('800x800', id), { headers: { 'X-TOKENID': viewerToken } });
    let during: { cache: string | null; etag: string | null; width?: number } | undefined;
    await t.app.get(MakeDerivativesHandler).handle(
      { contentId: id, version: 1 },
      {
        jobId: 'test',
        actor: 'test.owner',
        attempt: 1,
        startedBefore: false,
        stopRequested: () => Promise.resolve(false),
        // 50: the thumb is stored and the content READY, the preview not made yet.
        progress: async (percent) => {
          if (percent !== 50) return;
          const res = await large();
          const { width } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
          during = { cache: res.headers.get('cache-control'), etag: res.headers.get('etag'), width };
        },
      },
    );
    expect(during).toEqual({ cache: 'no-store', etag: null, width: 400 });
    const after = await large();
    expect(after.headers.get('etag')).toBe(`"${id}-v1-800x800"`);
    expect((await sharp(Buffer.from(await after.arrayBuffer())).metadata()).width).toBe(800);
  });

  it('fits the hub thumbnail to ?size= through the provider, with its ETag, and answers 304 to it', async () => {
    await t.app.get(BuiltinIdentitySeeder).upsertUser({
      username: 'thumb.hub',
      password: PASSWORD,
      groups: ['L/THUMBS'],
    });
    const hub = await signIn(t, 'thumb.hub', PASSWORD, '198.51.100.41');
    const headers = { cookie: hub.cookie, 'x-csrf-token': hub.session.csrfToken };
    const thumbnail = (query: string, id = contentId, extra: Record<string, string> = {}) =>
      fetch(`${t.url}/api/assets/${id}/thumbnail${query}`, { headers: { ...headers, ...extra } });

    const asked = recordProviderCalls(t);
    const sized = await thumbnail('?size=100x70');
    expect(sized.status).toBe(200);
    // The provider's route, called in this process: no loopback request (issue 26).
    expect(asked.filter((call) => call.path.includes('getThumbnail'))).toEqual([]);
    expect(sized.headers.get('content-type')).toBe('image/jpeg');
    const etag = sized.headers.get('etag') ?? '';
    expect(etag).toMatch(new RegExp(`^"${contentId}-v\\d+-100x70"$`));
    const small = await sharp(Buffer.from(await sized.arrayBuffer())).metadata();
    // Fitted inside 100x70: one side touches the box.
    expect(small.width).toBeLessThanOrEqual(100);
    expect(small.height).toBeLessThanOrEqual(70);
    expect(small.width === 100 || small.height === 70).toBe(true);

    const again = await thumbnail('?size=100x70', contentId, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    // Another size is another picture, with its own validator.
    const large = await thumbnail('?size=1000x1000', contentId, { 'if-none-match': etag });
    expect(large.status).toBe(200);
    expect(large.headers.get('etag')).toMatch(/-1000x1000"$/);
    const big = await sharp(Buffer.from(await large.arrayBuffer())).metadata();
    expect(Math.max(big.width ?? 0, big.height ?? 0)).toBeGreaterThan(400);

    // Without size: the stored 400 px thumb, as before.
    const stored = await thumbnail('');
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width).toBe(400);

    for (const bad of ['abc', '100', '100x70x2', '-1x5', '10000x1'])
      expect((await thumbnail(`?size=${bad}`)).status).toBe(400);

    // No rendition yet: the hub's typed placeholder, never kept by the browser.
    const pending = await insertContent(
      t,
      'in-attesa.jpg',
      await demoImage({ width: 300, height: 200, from: '#000', to: '#fff', title: 'x', format: 'jpeg' }),
    );
    await folderShowing('L/THUMBS', pending);
    const placeholder = await thumbnail('?size=100x70', pending);
    expect(placeholder.status).toBe(200);
    expect(placeholder.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(placeholder.headers.get('cache-control')).toBe('no-store');
    expect(await placeholder.text()).toContain('IMAGE');
  });
});
