import type { AxiosInstance } from 'axios';
import {
  ENRICHMENT_CLASSIFICATIONS,
  FOLDER_CODES,
  LIMITS,
  departmentFolderPrettyId,
  type AssetDetail,
  type AssetListResponse,
  type AssetTotalResponse,
} from '@paddock/rules';
import { groupIdOf } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { call, providerDb, signIn, type SignedIn } from '../auth/auth-fixtures';
import { PROVIDER_HTTP } from '../../src/provider/http-provider.gateway';
import { scriptProvider } from '../support/scripted-provider';
import { startTestApp, type TestApp } from '../support/test-app';
import { STAFF, insertContent, seedSearchFolders, seedSearchPeople, type Folders } from './search-fixtures';

const p = (code: string) => departmentFolderPrettyId(code, 'MARKETING');
const ARCHIVE = p(FOLDER_CODES.departmentArchive);

/** GET /api/assets and /api/assets/counts through the hub, signed in for real, over the built-in provider. */
describe('GET /api/assets', () => {
  let t: TestApp;
  let mario: SignedIn;
  let folders: Folders;
  const ids: Record<string, string> = {};

  const get = <T>(path: string, who: SignedIn | null = mario) =>
    call<T>(t, 'GET', path, { headers: who ? { cookie: who.cookie } : {} });

  beforeAll(async () => {
    t = await startTestApp();
    await seedSearchPeople(t);
    folders = await seedSearchFolders(t);
    ids.poster = await insertContent(t, {
      name: 'Poster Spider',
      folders: [folders[ARCHIVE]],
      extension: 'png',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      tags: ['Salone di Ginevra'],
      metadata: [{ key: 'modelyear', value: '1966', valueNum: 1966 }],
    });
    ids.film = await insertContent(t, {
      name: 'Launch film',
      folders: [folders['sub-marketing']],
      type: 'VIDEO',
      extension: 'mp4',
      createdAt: new Date('2026-01-02T00:00:00Z'),
      metadata: [{ key: 'modelyear', value: '1972', valueNum: 1972 }],
    });
    ids.rejected = await insertContent(t, {
      name: 'Blurry shot',
      folders: [folders[p(FOLDER_CODES.rejected)]],
    });
    ids.junk = await insertContent(t, { name: 'Old junk', folders: [folders[p(FOLDER_CODES.rejected)]] });
    ids.junk2 = await insertContent(t, { name: 'Older junk', folders: [folders[p(FOLDER_CODES.rejected)]] });
    // In the department junk, which the provider shows to admins only (SPEC §6): no search finds it for staff.
    ids.inJunk = await insertContent(t, { name: 'Binned junk', folders: [folders[p(FOLDER_CODES.junk)]] });
    mario = await signIn(t, 'mario.rossi');
  });
  afterAll(() => t.close());

  it('lists a folder with its sub-folders as AssetSummary items', async () => {
    const res = await get<AssetListResponse>(`/api/assets?folderId=${folders[ARCHIVE]}&subfolders=true`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: ids.film,
          name: 'Launch film',
          type: 'VIDEO',
          extension: 'mp4',
          createdAt: '2026-01-02T00:00:00.000Z',
          updatedAt: '2026-01-02T00:00:00.000Z',
          owner: 'Mario Rossi',
          thumbnailUrl: `/api/assets/${ids.film}/thumbnail?size=340x340&v=1`,
          state: 'READY',
          version: 1,
          workflowState: null,
          restricted: false,
          published: false,
        },
        expect.objectContaining({ id: ids.poster, name: 'Poster Spider', type: 'IMAGE', extension: 'png' }),
      ],
      hasMore: false,
      offset: 0,
      limit: 50,
    });
    const total = await get<AssetTotalResponse>(
      `/api/assets/total?folderId=${folders[ARCHIVE]}&subfolders=true`,
    );
    expect(total).toMatchObject({ status: 200, body: { totalResults: 2, totalIsCapped: false } });
    const alone = await get<AssetListResponse>(`/api/assets?folderId=${folders[ARCHIVE]}&subfolders=false`);
    expect(alone.body.items.map((i) => i.id)).toEqual([ids.poster]);
  });

  it('searches by name and tag, filters and sorts', async () => {
    const list = async (query: string) =>
      (
        await get<AssetListResponse>(`/api/assets?folderId=${folders[ARCHIVE]}&subfolders=true&${query}`)
      ).body.items.map((i) => i.name);
    expect(await list('q=SPIDER')).toEqual(['Poster Spider']);
    expect(await list('q=ginevra')).toEqual(['Poster Spider']);
    expect(await list('q=film&types=VIDEO,IMAGE')).toEqual(['Launch film']);
    expect(await list('extensions=png')).toEqual(['Poster Spider']);
    expect(await list('types=PAGE')).toEqual([]);
    expect(await list('sort=name&order=asc')).toEqual(['Launch film', 'Poster Spider']);
    expect(await list('sort=creationDate&order=asc')).toEqual(['Poster Spider', 'Launch film']);
    // Equally (ir)relevant names: newest first.
    expect(await list('sort=relevance&q=i')).toEqual(['Launch film', 'Poster Spider']);
    const meta = (filter: unknown) => list(`metadata=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(
      await meta([{ combinator: 'MUST', clauses: [{ key: 'modelyear', operator: 'LESS', value: '1970' }] }]),
    ).toEqual(['Poster Spider']);
    expect(
      await meta([
        { combinator: 'MUST_NOT', clauses: [{ key: 'modelyear', operator: 'EQUAL', value: '1966' }] },
      ]),
    ).toEqual(['Launch film']);
    expect(
      await meta([
        {
          combinator: 'AT_LEAST_ONE',
          clauses: [{ key: 'modelyear', operator: 'BETWEEN', value: '1960', value2: '1980' }],
        },
      ]),
    ).toEqual(['Launch film', 'Poster Spider']);
    // Without a folder: everything the user may see (not 'Binned junk', in the junk).
    const everywhere = await get<AssetTotalResponse>('/api/assets/total?q=junk');
    expect(everywhere.body.totalResults).toBe(2);
    expect((await get<AssetListResponse>('/api/assets?q=junk&limit=1&offset=0')).body).toMatchObject({
      items: [{ name: 'Older junk' }],
      hasMore: true,
    });
    expect((await get<AssetListResponse>('/api/assets?q=junk&limit=1&offset=1')).body).toMatchObject({
      items: [{ name: 'Old junk' }],
      hasMore: true,
      offset: 1,
      limit: 1,
    });
    expect((await get<AssetListResponse>('/api/assets?q=junk&limit=1&offset=2')).body).toMatchObject({
      items: [],
      hasMore: false,
    });
  });

  it('walks a listing by cursors in the same order as by offsets, ties on a creation date included, by name in the provider token order', async () => {
    const db = providerDb(t);
    const ties = await db.category.create({
      data: {
        prettyId: 'ties-marketing',
        locales: [{ locale: 'IT', name: 'ties', description: '' }],
        acl: { create: [{ groupId: groupIdOf(STAFF), show: true }] },
      },
    });
    // Ids are RFC 4122 UUIDs (version and variant digits set), as the provider's by-id lookup asks.
    // 230 contents, seven to a creation date: pages of 100 and of 3 end inside a run of ties.
    await db.$executeRaw`INSERT INTO provider.content
        (id, content_type, source_extension, owner_username, state, version, created_at, updated_at)
      SELECT overlay(overlay(md5('tie-' || g) placing '4' from 13) placing '8' from 17)::uuid, 'IMAGE', 'jpg', 'mario.rossi', 'READY', 1,
        timestamp '2024-01-01' + (g / 7) * interval '1 second', timestamp '2024-01-01'
      FROM generate_series(1, 230) g`;
    await db.$executeRaw`INSERT INTO provider.content_locale (content_id, locale, name)
      SELECT overlay(overlay(md5('tie-' || g) placing '4' from 13) placing '8' from 17)::uuid, 'IT', 'tie ' || g FROM generate_series(1, 230) g`;
    await db.$executeRaw`INSERT INTO provider.content_category (category_id, content_id)
      SELECT ${ties.id}::uuid, overlay(overlay(md5('tie-' || g) placing '4' from 13) placing '8' from 17)::uuid FROM generate_series(1, 230) g`;

    const cursorKind = (next: string | undefined) =>
      Object.keys(JSON.parse(Buffer.from(next ?? '', 'base64url').toString()) as object);
    for (const [sort, order] of [
      ['creationDate', 'desc'],
      ['creationDate', 'asc'],
      ['name', 'asc'],
      ['name', 'desc'],
    ]) {
      const base = `/api/assets?folderId=${ties.id}&sort=${sort}&order=${order}`;
      const byOffset: string[] = [];
      for (let offset = 0; offset < 230; offset += 100)
        byOffset.push(
          ...(await get<AssetListResponse>(`${base}&limit=100&offset=${offset}`)).body.items.map((i) => i.id),
        );
      expect(new Set(byOffset).size).toBe(230);
      for (const limit of [100, 3]) {
        const byCursor: string[] = [];
        let page = (await get<AssetListResponse>(`${base}&limit=${limit}`)).body;
        // By name the cursor carries the provider's content/search token, by date the last date.
        expect(cursorKind(page.next)).toEqual(sort === 'name' ? ['token'] : ['at', 'skip']);
        byCursor.push(...page.items.map((i) => i.id));
        while (page.hasMore) {
          expect(page.next).toEqual(expect.any(String));
          page = (await get<AssetListResponse>(`${base}&limit=${limit}&cursor=${page.next ?? ''}`)).body;
          byCursor.push(...page.items.map((i) => i.id));
        }
        expect([sort, order, limit, byCursor]).toEqual([sort, order, limit, byOffset]);
      }
    }
    // A cursor is for the sort that gave it, and never beside an offset.
    const first = (await get<AssetListResponse>(`/api/assets?folderId=${ties.id}&limit=3`)).body;
    const firstByName = (await get<AssetListResponse>(`/api/assets?folderId=${ties.id}&sort=name&limit=3`))
      .body;
    for (const query of [
      `sort=name&cursor=${first.next ?? ''}`,
      `sort=creationDate&cursor=${firstByName.next ?? ''}`,
      `sort=name&q=tie&cursor=${firstByName.next ?? ''}`,
      // A token the provider never gave.
      `sort=name&cursor=${Buffer.from(JSON.stringify({ token: 'eyJrIjpbMV19' })).toString('base64url')}`,
      `offset=3&cursor=${first.next ?? ''}`,
      'cursor=bm9wZQ',
    ]) {
      const res = await get<{ code: string }>(`/api/assets?folderId=${ties.id}&${query}`);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    // About 160 pages, each also reading its folder (SPEC §6: is it the junk).
  }, 90_000);

  it('refuses a page or sort field on the total', async () => {
    for (const query of ['limit=10', 'offset=5', 'sort=name', 'order=asc']) {
      const res = await get<{ code: string }>(`/api/assets/total?${query}`);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
  });

  it('refuses bad input with 400 VALIDATION_FAILED', async () => {
    const bad = [
      'sort=popularity',
      'order=up',
      `q=${'x'.repeat(201)}`,
      `q=${encodeURIComponent('東京')}`,
      'types=HOLOGRAM',
      'extensions=exe',
      'limit=101',
      'limit=0',
      'offset=-1',
      'subfolders=maybe',
      'colour=red',
      'metadata=nonsense',
      `metadata=${encodeURIComponent('[{"combinator":"MUST","clauses":[{"key":"modelyear","operator":"LIKE","value":"1"}]}]')}`,
      `metadata=${encodeURIComponent('[{"combinator":"MUST","clauses":[{"key":"modelyear","operator":"LESS","value":"soon"}]}]')}`,
      `metadata=${encodeURIComponent('[{"combinator":"MUST","clauses":[{"key":"modelyear","operator":"BETWEEN","value":"1"}]}]')}`,
    ];
    for (const query of bad) {
      const res = await get<{ code: string }>(`/api/assets?${query}`);
      expect({ query, status: res.status, code: res.body.code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    // Latin-1 accents are fine.
    expect((await get(`/api/assets?q=${encodeURIComponent('caffè Ñ')}`)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await get('/api/assets', null)).status).toBe(401);
    expect((await get('/api/assets/counts', null)).status).toBe(401);
  });

  it("names the asset's products from the product-content links call and the listing's ids filter", async () => {
    const db = providerDb(t);
    const product = await db.tagDefinition.create({
      data: {
        classificationId: ENRICHMENT_CLASSIFICATIONS.products,
        prettyId: `prd-${Date.now()}`,
        names: [
          { lang: 'IT', label: 'Spider', description: '' },
          { lang: 'EN', label: 'Spider', description: '' },
          { lang: 'FR', label: 'Spider cabriolet', description: '' },
        ],
      },
    });
    await db.contentTag.create({
      data: { contentId: ids.film, tagId: product.id, classificationId: ENRICHMENT_CLASSIFICATIONS.products },
    });
    const sent: string[] = [];
    scriptProvider(t.app.get<AxiosInstance>(PROVIDER_HTTP), (request) => {
      if (request.url?.startsWith('/productdata/'))
        sent.push(`${request.url}?${new URLSearchParams(request.params as Record<string, string>)}`);
      return undefined;
    });

    const film = await get<AssetDetail>(`/api/assets/${ids.film}`);
    expect(film.body.products).toEqual([
      {
        id: product.id,
        classificationId: ENRICHMENT_CLASSIFICATIONS.products,
        names: { it: 'Spider', en: 'Spider', fr: 'Spider cabriolet' },
      },
    ]);
    expect(sent).toEqual([
      `/productdata/resources/contents/paddock/${ids.film}/products?`,
      `/productdata/resources/products/paddock?ids=${product.id}&limit=${LIMITS.idChunkSize}`,
    ]);
    // The poster's free tag is no product, and an asset with no link asks nothing more.
    sent.length = 0;
    expect((await get<AssetDetail>(`/api/assets/${ids.poster}`)).body.products).toEqual([]);
    expect(sent).toEqual([`/productdata/resources/contents/paddock/${ids.poster}/products?`]);
  });

  it('says a machine-made asset is one (owner type ENGINE) and the channels its version is ready on', async () => {
    const db = providerDb(t);
    const made = await insertContent(t, { name: 'Engine render', folders: [folders[ARCHIVE]] });
    const detail = () => get<AssetDetail>(`/api/assets/${made}`);
    expect((await detail()).body).toMatchObject({ machineOwned: false, availableChannels: [] });
    const { version } = await db.content.update({ where: { id: made }, data: { ownerType: 'ENGINE' } });
    await db.derivative.create({
      data: {
        contentId: made,
        version,
        kind: 'preview',
        blobKey: `x/${made}`,
        mimeType: 'image/webp',
        size: 1n,
      },
    });
    expect((await detail()).body).toMatchObject({ machineOwned: true, availableChannels: ['WEB'] });
    // The counts below are of the contents seeded above.
    await db.content.delete({ where: { id: made } });
  });

  it('counts assets per view for the user role, sub-folders included', async () => {
    const res = await get<Record<string, number>>('/api/assets/counts');
    expect(res.status).toBe(200);
    // The junk's count is an admin's (SPEC §6), like the junk itself.
    expect(res.body).toEqual({ archives: 2, enrichment: 0, rejected: 3, supplier: 0 });
  });

  it('gives other roles an empty object (SPEC §6: counts are for the user role only)', async () => {
    const observer = await signIn(t, 'paola.neri', undefined, '198.51.100.7');
    const res = await get<Record<string, number>>('/api/assets/counts', observer);
    expect(res).toMatchObject({ status: 200, body: {} });
  });

  it('caps the total at LIMITS.searchCountCap, while the pages go on to the end', async () => {
    const cap = LIMITS.searchCountCap;
    const db = providerDb(t);
    const bulk = await db.category.create({
      data: {
        prettyId: 'bulk-marketing',
        locales: [{ locale: 'IT', name: 'bulk', description: '' }],
        acl: { create: [{ groupId: groupIdOf(STAFF), show: true }] },
      },
    });
    // cap + 150 contents by SQL, one statement per table: through the API it would take minutes.
    const n = cap + 150;
    await db.$executeRaw`INSERT INTO provider.content
        (id, content_type, source_extension, owner_username, state, version, created_at, updated_at)
      SELECT overlay(overlay(md5('bulk-' || g) placing '4' from 13) placing '8' from 17)::uuid, 'IMAGE', 'jpg', 'mario.rossi', 'READY', 1,
        timestamp '2025-01-01' + g * interval '1 second', timestamp '2025-01-01' + g * interval '1 second'
      FROM generate_series(1, ${n}::int) g`;
    await db.$executeRaw`INSERT INTO provider.content_locale (content_id, locale, name)
      SELECT overlay(overlay(md5('bulk-' || g) placing '4' from 13) placing '8' from 17)::uuid, 'IT', 'bulk ' || lpad(g::text, 5, '0') FROM generate_series(1, ${n}::int) g`;
    await db.$executeRaw`INSERT INTO provider.content_category (category_id, content_id)
      SELECT ${bulk.id}::uuid, overlay(overlay(md5('bulk-' || g) placing '4' from 13) placing '8' from 17)::uuid FROM generate_series(1, ${n}::int) g`;

    const list = (query: string) => get<AssetListResponse>(`/api/assets?folderId=${bulk.id}&${query}`);
    const total = await get<AssetTotalResponse>(`/api/assets/total?folderId=${bulk.id}`);
    expect(total.body).toEqual({ totalResults: cap, totalIsCapped: true });
    const first = await list('limit=100');
    expect(first.body).toMatchObject({ hasMore: true });
    expect(first.body.items[0]?.name).toBe(`bulk ${cap + 150}`);
    // Past the cap the pages go on.
    const across = await list(`offset=${cap - 50}&limit=100`);
    expect(across.body).toMatchObject({ hasMore: true });
    expect(across.body.items).toHaveLength(100);
    const last = await list(`offset=${cap + 100}&limit=100`);
    expect(last.body).toMatchObject({ hasMore: false });
    expect(last.body.items.map((i) => i.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `bulk ${String(50 - i).padStart(5, '0')}`),
    );
    // A search over the same contents is capped the same way; one fewer than the cap is exact.
    const search = await get<AssetTotalResponse>('/api/assets/total?q=bulk&subfolders=true');
    expect(search.body).toEqual({ totalResults: cap, totalIsCapped: true });
    await db.$executeRaw`UPDATE provider.content SET trashed_at = now()
      WHERE id IN (SELECT content_id FROM provider.content_category WHERE category_id = ${bulk.id}::uuid)
        AND id NOT IN (SELECT overlay(overlay(md5('bulk-' || g) placing '4' from 13) placing '8' from 17)::uuid FROM generate_series(1, ${cap - 1}::int) g)`;
    expect((await get<AssetTotalResponse>(`/api/assets/total?folderId=${bulk.id}`)).body).toEqual({
      totalResults: cap - 1,
      totalIsCapped: false,
    });
    // The per-view counts, read by content/search, stay exact and are not affected.
    expect((await get<Record<string, number>>('/api/assets/counts')).body).toMatchObject({ archives: 2 });
  });
});
