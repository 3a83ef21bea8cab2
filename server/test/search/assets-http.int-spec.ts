import { FOLDER_CODES, LIMITS, departmentFolderPrettyId, type AssetListResponse } from '@paddock/rules';
import { groupIdOf } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { call, providerDb, signIn, type SignedIn } from '../auth/auth-fixtures';
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
    ids.junk = await insertContent(t, { name: 'Old junk', folders: [folders[p(FOLDER_CODES.junk)]] });
    ids.junk2 = await insertContent(t, { name: 'Older junk', folders: [folders[p(FOLDER_CODES.junk)]] });
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
          thumbnailUrl: `/api/assets/${ids.film}/thumbnail?size=340x340`,
          state: 'READY',
        },
        expect.objectContaining({ id: ids.poster, name: 'Poster Spider', type: 'IMAGE', extension: 'png' }),
      ],
      totalResults: 2,
      totalIsCapped: false,
      offset: 0,
      limit: 50,
    });
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
    // Without a folder: everything the user may see.
    const everywhere = await get<AssetListResponse>('/api/assets?q=junk');
    expect(everywhere.body.totalResults).toBe(2);
    expect((await get<AssetListResponse>('/api/assets?q=junk&limit=1&offset=1')).body).toMatchObject({
      items: [{ name: 'Old junk' }],
      totalResults: 2,
      offset: 1,
      limit: 1,
    });
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

  it('counts assets per view for the user role, sub-folders included', async () => {
    const res = await get<Record<string, number>>('/api/assets/counts');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ archives: 2, enrichment: 0, rejected: 1, supplier: 0, departmentJunk: 2 });
  });

  it('gives other roles an empty object (SPEC §6: counts are for the user role only)', async () => {
    const observer = await signIn(t, 'paola.neri', undefined, '198.51.100.7');
    const res = await get<Record<string, number>>('/api/assets/counts', observer);
    expect(res).toMatchObject({ status: 200, body: {} });
  });

  it('caps the count at LIMITS.searchCountCap, counting on to the end of deeper pages', async () => {
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
      SELECT md5('bulk-' || g)::uuid, 'IMAGE', 'jpg', 'mario.rossi', 'READY', 1,
        timestamp '2025-01-01' + g * interval '1 second', timestamp '2025-01-01' + g * interval '1 second'
      FROM generate_series(1, ${n}::int) g`;
    await db.$executeRaw`INSERT INTO provider.content_locale (content_id, locale, name)
      SELECT md5('bulk-' || g)::uuid, 'IT', 'bulk ' || lpad(g::text, 5, '0') FROM generate_series(1, ${n}::int) g`;
    await db.$executeRaw`INSERT INTO provider.content_category (category_id, content_id)
      SELECT ${bulk.id}::uuid, md5('bulk-' || g)::uuid FROM generate_series(1, ${n}::int) g`;

    const list = (query: string) => get<AssetListResponse>(`/api/assets?folderId=${bulk.id}&${query}`);
    const first = await list('limit=100');
    expect(first.body).toMatchObject({ totalResults: cap, totalIsCapped: true });
    expect(first.body.items[0]?.name).toBe(`bulk ${cap + 150}`);
    // Across the cap the count reaches this page's end, so "more" is still known.
    const across = await list(`offset=${cap - 50}&limit=100`);
    expect(across.body).toMatchObject({ totalResults: cap + 50, totalIsCapped: true });
    expect(across.body.items).toHaveLength(100);
    const last = await list(`offset=${cap + 100}&limit=100`);
    expect(last.body).toMatchObject({ totalResults: cap + 150, totalIsCapped: false });
    expect(last.body.items.map((i) => i.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `bulk ${String(50 - i).padStart(5, '0')}`),
    );
    // A search over the same contents is capped the same way.
    const search = await get<AssetListResponse>('/api/assets?q=bulk&subfolders=true&limit=10');
    expect(search.body).toMatchObject({ totalResults: cap, totalIsCapped: true });
    // The per-view counts, read by content/search, stay exact and are not affected.
    expect((await get<Record<string, number>>('/api/assets/counts')).body).toMatchObject({ archives: 2 });
  });
});
