import { randomUUID } from 'node:crypto';
import { FOLDER_CODES, departmentFolderPrettyId } from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { HttpProviderGateway } from '../../src/provider/http-provider.gateway';
import {
  HttpSearchGateway,
  type ContentCriteria,
  type ContentPageRequest,
  type MetadataFilter,
} from '../../src/provider/search.gateway';
import { PASSWORD, call, providerDb } from '../auth/auth-fixtures';
import { PROVIDER_TRANSPORTS, providerHttp } from '../support/provider-transports';
import { startTestApp, type TestApp } from '../support/test-app';
import { insertContent, seedSearchFolders, seedSearchPeople, type Folders } from './search-fixtures';

const ARCHIVE = departmentFolderPrettyId(FOLDER_CODES.departmentArchive, 'MARKETING');
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

/**
 * The built-in provider's content/findByProperties and content/search, through the hub's typed
 * client over each transport: the caller's rights decide the same pages in-process as over HTTP.
 */
describe.each(PROVIDER_TRANSPORTS)('content search in the built-in provider (%s)', (transport) => {
  let t: TestApp;
  let identity: HttpProviderGateway;
  let search: HttpSearchGateway;
  let token: string;
  let folders: Folders;
  const ids: Record<string, string> = {};

  const page = (over: Partial<ContentPageRequest> = {}): ContentPageRequest => ({
    sort: 'creationDate',
    descending: true,
    offset: 0,
    limit: 50,
    locale: 'IT',
    ...over,
  });
  const names = async (criteria: ContentCriteria, over: Partial<ContentPageRequest> = {}) =>
    (await search.findContents(token, criteria, page(over))).map((c) => c.locales[0]?.name);
  /** Every id of a search by name, followed page by page through content/search's tokens. */
  const walkByName = async (criteria: ContentCriteria, locale: string, limit: number, descending = false) => {
    const ids: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await search.pageInOrder(token, criteria, {
        sort: 'name',
        descending,
        locale,
        limit,
        pageToken,
      });
      if (!page) throw new Error('content/search can ask these criteria');
      ids.push(...page.ids);
      pageToken = page.next;
      pages++;
    } while (pageToken);
    return { ids, pages };
  };
  const inArchive = (over: ContentCriteria = {}): ContentCriteria => ({
    folderIds: [folders[ARCHIVE]],
    cascade: true,
    ...over,
  });

  beforeAll(async () => {
    t = await startTestApp();
    await seedSearchPeople(t);
    folders = await seedSearchFolders(t);
    const f = (prettyId: string) => folders[prettyId];
    ids.red = await insertContent(t, {
      name: 'Red Spider 1966',
      folders: [f(ARCHIVE)],
      createdAt: day(1),
      updatedAt: day(9),
      tags: ['Heritage cars'],
      metadata: [
        { key: 'modelyear', value: '1966', valueNum: 1966 },
        { key: 'bodycolor', value: 'rosso' },
      ],
    });
    ids.blue = await insertContent(t, {
      name: 'blue coupé brochure',
      folders: [f('sub-marketing')],
      type: 'DOCUMENT',
      extension: 'pdf',
      createdAt: day(2),
      updatedAt: day(8),
      metadata: [
        { key: 'modelyear', value: '1972', valueNum: 1972 },
        { key: 'bodycolor', value: 'blu' },
      ],
    });
    ids.green = await insertContent(t, {
      name: 'Green launch film',
      folders: [f('deep-marketing')],
      type: 'VIDEO',
      extension: 'mp4',
      createdAt: day(3),
      updatedAt: day(7),
      tags: ['Launch event'],
      metadata: [{ key: 'modelyear', value: '1990', valueNum: 1990 }],
    });
    ids.secret = await insertContent(t, {
      name: 'Secret red prototype',
      folders: [f('hidden-marketing')],
      createdAt: day(4),
    });
    ids.shared = await insertContent(t, {
      name: 'Shared red poster, Geneva motor show',
      folders: [f('hidden-marketing'), f('sub-marketing')],
      extension: 'png',
      createdAt: day(5),
      updatedAt: day(5),
    });
    ids.trashed = await insertContent(t, {
      name: 'Trashed red draft',
      folders: [f(ARCHIVE)],
      trashed: true,
      createdAt: day(6),
    });
    ids.english = await insertContent(t, {
      name: 'Scheda tecnica',
      enName: 'Datasheet',
      folders: [f(ARCHIVE)],
      type: 'DOCUMENT',
      extension: 'docx',
      createdAt: day(7),
      updatedAt: day(1),
    });
    const http = await providerHttp(t, transport);
    identity = new HttpProviderGateway(http, { CLIENT_ID: t.config.CLIENT_ID });
    token = (await identity.login('mario.rossi', PASSWORD)).token;
    search = new HttpSearchGateway(http, { CLIENT_ID: t.config.CLIENT_ID });
  });
  afterAll(() => t.close());

  it('finds by name: a case-insensitive substring, in the IT name', async () => {
    expect(await names(inArchive({ text: 'RED' }))).toEqual([
      'Shared red poster, Geneva motor show',
      'Red Spider 1966',
    ]);
    expect(await names(inArchive({ text: 'é broch' }))).toEqual(['blue coupé brochure']);
    expect(await names(inArchive({ text: 'scheda' }))).toEqual(['Scheda tecnica']);
    // SPEC §7 searches the IT locale; the EN name is not looked at.
    expect(await names(inArchive({ text: 'datasheet' }))).toEqual([]);
    // Wildcards in the key are literal.
    expect(await names(inArchive({ text: '%' }))).toEqual([]);
  });

  it('finds by tag label, case-insensitively, anywhere in the label', async () => {
    expect(await names(inArchive({ text: 'heritage CAR' }))).toEqual(['Red Spider 1966']);
    expect(await names(inArchive({ text: 'unch eve' }))).toEqual(['Green launch film']);
  });

  it('lists a folder alone, or with every folder below it when cascading', async () => {
    const archive = folders[ARCHIVE];
    expect(await names({ folderIds: [archive], cascade: false })).toEqual([
      'Scheda tecnica',
      'Red Spider 1966',
    ]);
    expect(await names({ folderIds: [archive], cascade: true })).toEqual([
      'Scheda tecnica',
      'Shared red poster, Geneva motor show',
      'Green launch film',
      'blue coupé brochure',
      'Red Spider 1966',
    ]);
    // A folder by its code (prettyId) works the same.
    expect(await names({ folderIds: ['sub-marketing'], cascade: true })).toEqual([
      'Shared red poster, Geneva motor show',
      'Green launch film',
      'blue coupé brochure',
    ]);
  });

  it('searches on connections without JIT (it compiled for longer than a large count ran)', async () => {
    const [setting] = await t.app.get(BuiltinProviderPrismaService).$queryRaw<{ jit: string }[]>`SHOW jit`;
    expect(setting?.jit).toBe('off');
  });

  it('never shows a folder without show, nor its contents, nor trashed contents', async () => {
    expect(await names({ folderIds: [folders['hidden-marketing']], cascade: true })).toEqual([]);
    const everything = await names({});
    expect(everything).not.toContain('Secret red prototype');
    expect(everything).not.toContain('Trashed red draft');
    // Linked also into a visible folder: visible.
    expect(everything).toContain('Shared red poster, Geneva motor show');
    // Someone whose group may see the hidden folder sees its contents, and nothing else.
    const other = await identity.login('ugo.altri', PASSWORD);
    const theirs = await search.findContents(other.token, {}, page());
    expect(theirs.map((c) => c.locales[0]?.name)).toEqual([
      'Shared red poster, Geneva motor show',
      'Secret red prototype',
    ]);
  });

  it('filters by content type and extension; PAGE, PLAYLIST and URL match nothing yet', async () => {
    expect(await names(inArchive({ types: ['DOCUMENT'] }))).toEqual([
      'Scheda tecnica',
      'blue coupé brochure',
    ]);
    expect(await names(inArchive({ types: ['VIDEO', 'IMAGE'] }))).toEqual([
      'Shared red poster, Geneva motor show',
      'Green launch film',
      'Red Spider 1966',
    ]);
    expect(await names(inArchive({ types: ['PAGE', 'PLAYLIST', 'URL'] }))).toEqual([]);
    expect(await names(inArchive({ extensions: ['pdf', 'png'] }))).toEqual([
      'Shared red poster, Geneva motor show',
      'blue coupé brochure',
    ]);
    expect(await names(inArchive({ extensions: ['zip'] }))).toEqual([]);
  });

  it('filters by metadata with EQUAL, LESS, MORE and BETWEEN under each combinator', async () => {
    const meta = (combinator: MetadataFilter['combinator'], clauses: MetadataFilter['clauses']) =>
      names(inArchive({ metadata: [{ combinator, clauses }] }));
    expect(await meta('MUST', [{ key: 'bodycolor', operator: 'EQUAL', value: 'rosso' }])).toEqual([
      'Red Spider 1966',
    ]);
    expect(await meta('MUST', [{ key: 'modelyear', operator: 'LESS', value: '1972' }])).toEqual([
      'Red Spider 1966',
    ]);
    expect(await meta('MUST', [{ key: 'modelyear', operator: 'MORE', value: '1966' }])).toEqual([
      'Green launch film',
      'blue coupé brochure',
    ]);
    expect(
      await meta('MUST', [{ key: 'modelyear', operator: 'BETWEEN', value: '1966', value2: '1972' }]),
    ).toEqual(['blue coupé brochure', 'Red Spider 1966']);
    expect(
      await meta('MUST', [
        { key: 'modelyear', operator: 'MORE', value: '1960' },
        { key: 'bodycolor', operator: 'EQUAL', value: 'blu' },
      ]),
    ).toEqual(['blue coupé brochure']);
    expect(
      await meta('AT_LEAST_ONE', [
        { key: 'bodycolor', operator: 'EQUAL', value: 'blu' },
        { key: 'modelyear', operator: 'MORE', value: '1980' },
      ]),
    ).toEqual(['Green launch film', 'blue coupé brochure']);
    expect(
      await meta('MUST_NOT', [
        { key: 'bodycolor', operator: 'EQUAL', value: 'rosso' },
        { key: 'modelyear', operator: 'BETWEEN', value: '1985', value2: '1995' },
      ]),
    ).toEqual(['Scheda tecnica', 'Shared red poster, Geneva motor show', 'blue coupé brochure']);
  });

  it('sorts by creation date, last update, name and relevance, each both ways', async () => {
    const all = [
      'Scheda tecnica',
      'Shared red poster, Geneva motor show',
      'Green launch film',
      'blue coupé brochure',
      'Red Spider 1966',
    ];
    expect(await names(inArchive(), { sort: 'creationDate', descending: true })).toEqual(all);
    expect(await names(inArchive(), { sort: 'creationDate', descending: false })).toEqual([...all].reverse());
    const byUpdate = [
      'Red Spider 1966',
      'blue coupé brochure',
      'Green launch film',
      'Shared red poster, Geneva motor show',
      'Scheda tecnica',
    ];
    expect(await names(inArchive(), { sort: 'lastUpdate', descending: true })).toEqual(byUpdate);
    expect(await names(inArchive(), { sort: 'lastUpdate', descending: false })).toEqual(
      [...byUpdate].reverse(),
    );
    // By name, case-insensitively.
    const byName = [
      'blue coupé brochure',
      'Green launch film',
      'Red Spider 1966',
      'Scheda tecnica',
      'Shared red poster, Geneva motor show',
    ];
    expect(await names(inArchive(), { sort: 'name', descending: false })).toEqual(byName);
    expect(await names(inArchive(), { sort: 'name', descending: true })).toEqual([...byName].reverse());
    // Relevance: the name closest to the key first; ties newest first.
    expect(await names(inArchive({ text: 'red' }), { sort: 'relevance', descending: true })).toEqual([
      'Red Spider 1966',
      'Shared red poster, Geneva motor show',
    ]);
    expect(await names(inArchive({ text: 'red' }), { sort: 'relevance', descending: false })).toEqual([
      'Shared red poster, Geneva motor show',
      'Red Spider 1966',
    ]);
  });

  it('returns the THRON shape with dynThumbService, and pages of at most 50', async () => {
    const res = await call<Record<string, unknown>>(
      t,
      'POST',
      '/provider/xcontents/resources/content/findByProperties',
      {
        headers: { 'x-tokenid': token },
        json: {
          client: { clientId: t.config.CLIENT_ID },
          criteria: {
            locale: 'IT',
            linkedCategoryOp: { linkedCategoryIds: [folders[ARCHIVE]], cascade: false },
          },
          contentFieldOption: { returnTotalResults: true },
          divArea: '100x70',
          numberOfresults: 80,
          offset: 0,
          orderBy: 'creationDate_D',
        },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      resultCode: 'OK',
      ssoCode: 'OK',
      totalResults: 2,
      contents: [
        {
          content: {
            id: ids.english,
            contentType: 'DOCUMENT',
            creationDate: day(7).toISOString(),
            lastUpdate: day(1).toISOString(),
            owner: 'Mario Rossi',
            userId: 'mario.rossi',
            locales: [
              { locale: 'IT', name: 'Scheda tecnica', description: '' },
              { locale: 'EN', name: 'Datasheet', description: '' },
            ],
            version: 1,
            state: 'READY',
            sourceExtension: 'docx',
          },
          ownerFullname: 'Mario Rossi',
          dynThumbService: `${t.config.PUBLIC_URL}/provider/xcontents/resources/delivery/getThumbnail/${t.config.CLIENT_ID}/100x70/${ids.english}?v=1`,
        },
        expect.objectContaining({ content: expect.objectContaining({ id: ids.red }) }),
      ],
    });
  });

  it('excludes folders negated with !_', async () => {
    const res = await call<{ contents: { content: { id: string } }[] }>(
      t,
      'POST',
      '/provider/xcontents/resources/content/findByProperties',
      {
        headers: { 'x-tokenid': token },
        json: {
          client: { clientId: t.config.CLIENT_ID },
          criteria: {
            linkedCategoryOp: { linkedCategoryIds: [ARCHIVE, '!_deep-marketing'], cascade: true },
          },
        },
      },
    );
    expect(res.body.contents.map((c) => c.content.id)).toEqual([ids.english, ids.shared, ids.blue, ids.red]);
  });

  it('refuses bad input with THRON errors and answers nothing without a live token', async () => {
    const find = (json: unknown, headers: Record<string, string> = { 'x-tokenid': token }) =>
      call<{ resultCode: string; errorDescription?: string }>(
        t,
        'POST',
        '/provider/xcontents/resources/content/findByProperties',
        { headers, json },
      );
    const client = { clientId: t.config.CLIENT_ID };
    expect((await find({ client, orderBy: 'viewCounter_D' })).status).toBe(400);
    expect((await find({ client, criteria: { textSearch: { searchKey: 'x'.repeat(201) } } })).status).toBe(
      400,
    );
    expect((await find({ client, criteria: { contentType: ['HOLOGRAM'] } })).status).toBe(400);
    expect(
      (
        await find({
          client,
          criteria: {
            imetadataOp: {
              combinator: 'MUST',
              clauses: [{ key: 'modelyear', operator: 'LESS', value: 'soon' }],
            },
          },
        })
      ).status,
    ).toBe(400);
    const noToken = await find({ client }, {});
    expect(noToken).toMatchObject({ status: 403, body: { resultCode: 'SESSION_NON_FOUND' } });
    const wrongClient = await find({ client: { clientId: 'someone-else' } });
    expect(wrongClient).toMatchObject({ status: 418, body: { resultCode: 'CLIENT_NOT_FOUND' } });
  });

  it('pages a large folder by 50 behind pages of 100, with the total', async () => {
    const bulk = folders['deep-marketing'];
    const db = providerDb(t);
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: randomUUID(),
      n: i,
    }));
    await db.content.createMany({
      data: rows.map((r) => ({
        id: r.id,
        contentType: 'IMAGE',
        sourceExtension: 'jpg',
        ownerUsername: 'mario.rossi',
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, r.n)),
      })),
    });
    await db.contentLocale.createMany({
      data: rows.map((r) => ({
        contentId: r.id,
        locale: 'IT',
        name: `bulk ${String(r.n).padStart(3, '0')}`,
      })),
    });
    await db.contentCategory.createMany({ data: rows.map((r) => ({ contentId: r.id, categoryId: bulk })) });

    const criteria = { folderIds: [bulk], text: 'bulk' };
    const first = await search.findContents(
      token,
      criteria,
      page({ limit: 100, sort: 'name', descending: false }),
    );
    expect(await search.countMatches(token, criteria, 'IT')).toBe(120);
    expect(first.map((c) => c.locales[0]?.name)).toEqual(
      Array.from({ length: 100 }, (_, i) => `bulk ${String(i).padStart(3, '0')}`),
    );
    const second = await search.findContents(
      token,
      criteria,
      page({ offset: 100, limit: 100, sort: 'name', descending: false }),
    );
    expect(second.map((c) => c.locales[0]?.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `bulk ${String(100 + i).padStart(3, '0')}`),
    );
    const odd = await search.findContents(
      token,
      criteria,
      page({ offset: 7, limit: 60, sort: 'name', descending: false }),
    );
    expect(odd.map((c) => c.locales[0]?.name)).toEqual(
      Array.from({ length: 60 }, (_, i) => `bulk ${String(7 + i).padStart(3, '0')}`),
    );
    expect(await search.countContents(token, { folderIds: [bulk] })).toBe(121);

    // Token-paged by name in a small folder: its links first, each page after its anchor. In EN the film
    // and three of the bulk have a name; the others follow by id, and pages of two cross to them.
    await db.contentLocale.createMany({
      data: rows.slice(0, 3).map((r, i) => ({ contentId: r.id, locale: 'EN', name: `Zeta ${3 - i}` })),
    });
    const inBulk = { folderIds: [bulk] };
    const itNames = [
      ...Array.from({ length: 120 }, (_, i) => `bulk ${String(i).padStart(3, '0')}`),
      'Green launch film',
    ];
    const nameOfId = new Map<string, string>([
      ...rows.map((r): [string, string] => [r.id, `bulk ${String(r.n).padStart(3, '0')}`]),
      [ids.green, 'Green launch film'],
    ]);
    const inIt = await walkByName(inBulk, 'IT', 50);
    expect(inIt.ids.map((id) => nameOfId.get(id))).toEqual(itNames);
    expect(inIt.pages).toBe(3);
    expect((await walkByName(inBulk, 'IT', 100, true)).ids.map((id) => nameOfId.get(id))).toEqual(
      [...itNames].reverse(),
    );
    const unnamedInEn = rows
      .slice(3)
      .map((r) => r.id)
      .sort();
    const inEn = await walkByName(inBulk, 'EN', 2);
    expect(inEn.ids).toEqual([ids.green, rows[2].id, rows[1].id, rows[0].id, ...unnamedInEn]);
    expect(inEn.pages).toBe(61);
    // What content/search cannot ask as findByProperties does goes by offset.
    expect(
      await search.pageInOrder(
        token,
        { ...inBulk, text: 'bulk' },
        { sort: 'name', descending: false, locale: 'IT', limit: 10 },
      ),
    ).toBeUndefined();
    expect(await search.countContents(token, { folderIds: [folders[ARCHIVE]], cascade: true })).toBe(125);
    expect(await search.countContents(token, { folderIds: [folders[ARCHIVE]], cascade: false })).toBe(2);
  });

  it('content/search pages by token and returns linkedCategoryIds', async () => {
    const path = `/provider/xcontents/resources/content/search/${t.config.CLIENT_ID}`;
    type Answer = {
      items: { id: string; details: { linkedCategoryIds?: string[] } }[];
      nextPageToken?: string;
      estimatedTotalResults: number;
    };
    const criteria = { linkedCategories: { haveAtLeastOne: [{ id: ARCHIVE, cascade: true }] } };
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const res = await call<Answer>(t, 'POST', path, {
        headers: { 'x-tokenid': token },
        json: {
          criteria,
          pageToken,
          responseOptions: { resultsPageSize: 50, returnDetailsFields: ['linkedCategoryIds'] },
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.estimatedTotalResults).toBe(125);
      seen.push(...res.body.items.map((i) => i.id));
      pageToken = res.body.nextPageToken;
      pages++;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(125);
    const byIds = await call<Answer>(t, 'POST', path, {
      headers: { 'x-tokenid': token },
      json: {
        criteria: { ids: [ids.shared] },
        responseOptions: { returnDetailsFields: ['linkedCategoryIds'] },
      },
    });
    expect(byIds.body.items).toEqual([
      expect.objectContaining({
        id: ids.shared,
        details: {
          linkedCategoryIds: expect.arrayContaining([folders['hidden-marketing'], folders['sub-marketing']]),
        },
      }),
    ]);
    const bad = await call(t, 'POST', path, {
      headers: { 'x-tokenid': token },
      json: { pageToken: 'nonsense' },
    });
    expect(bad.status).toBe(400);
    // A page by name's token says where it is in the names' order: newest first it means nothing.
    const byName = (
      pageToken?: string,
      sort: unknown[] = [{ name: { order: 'asc', langPreferred: 'it' } }],
    ) =>
      call<Answer>(t, 'POST', path, {
        headers: { 'x-tokenid': token },
        json: { criteria, pageToken, responseOptions: { resultsPageSize: 2, sort } },
      });
    const first = await byName();
    expect(first.body.nextPageToken).toBeDefined();
    // Asked without its total (ours), a page leaves the count out; the page after it counts, as asked.
    const uncounted = await call<Answer>(t, 'POST', path, {
      headers: { 'x-tokenid': token },
      json: { criteria, responseOptions: { resultsPageSize: 2, returnTotalResults: false } },
    });
    expect(uncounted.body.estimatedTotalResults).toBeUndefined();
    const after = await call<Answer>(t, 'POST', path, {
      headers: { 'x-tokenid': token },
      json: { criteria, pageToken: uncounted.body.nextPageToken, responseOptions: { resultsPageSize: 2 } },
    });
    expect([after.status, after.body.items.length]).toEqual([200, 2]);
    expect(after.body.estimatedTotalResults).toBe(125);
    expect((await byName(first.body.nextPageToken)).status).toBe(200);
    expect((await byName(first.body.nextPageToken, [{ creationDate: { order: 'desc' } }])).status).toBe(400);
    expect((await byName(undefined, [{ title: { order: 'asc' } }])).status).toBe(400);
    // Walked by token two at a time, a name order still never reaches a folder without show nor the trash.
    const walked = (await walkByName(inArchive(), 'IT', 2)).ids;
    expect(walked).toEqual(expect.arrayContaining([ids.red, ids.shared, ids.english]));
    expect(walked).not.toContain(ids.secret);
    expect(walked).not.toContain(ids.trashed);
  });

  it("sorts a folder of more than 20,000 contents by name in the names' order, those without a name in the locale last", async () => {
    // Past SMALL_SCOPE links the name sort walks content_locale's (locale, sort_name, name, content_id) index.
    const folder = folders[departmentFolderPrettyId(FOLDER_CODES.enrichment, 'MARKETING')];
    const db = providerDb(t);
    const NAMED = 20_040;
    const contentIds = Array.from({ length: NAMED + 10 }, () => randomUUID()).sort();
    const named = contentIds.slice(0, NAMED);
    const unnamed = contentIds.slice(NAMED);
    // Upper and lower case alternate: the sort ignores case, as people read names.
    const nameOf = (i: number) => `${i % 2 ? 'Alpha' : 'alpha'} ${String(i).padStart(5, '0')}`;
    // Named in reverse id order, so an order by id would not pass for the names' order.
    const enNames = named.map((_, i) => nameOf(NAMED - 1 - i));
    const trashed = randomUUID();
    await db.$executeRaw`
      INSERT INTO provider.content (id, content_type, source_extension, owner_username, owner_full_name, trashed_at)
      SELECT id, 'IMAGE', 'jpg', 'mario.rossi', 'Mario Rossi', CASE WHEN id = ${trashed}::uuid THEN now() END
      FROM unnest(${[...contentIds, trashed]}::uuid[]) AS id`;
    await db.$executeRaw`
      INSERT INTO provider.content_locale (content_id, locale, name)
      SELECT id, 'EN', name FROM unnest(${[...named, trashed]}::uuid[], ${[...enNames, 'aaa trashed']}::text[]) AS x(id, name)
      UNION ALL SELECT id, 'IT', 'senza nome inglese' FROM unnest(${unnamed}::uuid[]) AS id`;
    await db.$executeRaw`
      INSERT INTO provider.content_category (category_id, content_id)
      SELECT ${folder}::uuid, id FROM unnest(${[...contentIds, trashed]}::uuid[]) AS id`;
    const inFolder = { folderIds: [folder] };
    const byName = (offset: number, descending = false) =>
      search
        .findContents(token, inFolder, page({ sort: 'name', descending, locale: 'EN', offset, limit: 50 }))
        .then((hits) => hits.map((c) => c.id));
    const idOfName = new Map(named.map((id, i) => [nameOf(NAMED - 1 - i), id]));
    const namedFrom = (n: number, count: number) =>
      Array.from({ length: count }, (_, i) => idOfName.get(nameOf(n + i)));

    expect(await byName(0)).toEqual(namedFrom(0, 50));
    expect(await byName(10_000)).toEqual(namedFrom(10_000, 50));
    // The last named ones, then the first of the contents with no English name, by id.
    expect(await byName(20_000)).toEqual([...namedFrom(20_000, 40), ...unnamed]);
    expect(await byName(20_045)).toEqual(unnamed.slice(5));
    expect(await byName(20_050)).toEqual([]);
    const descending = await byName(0, true);
    expect(descending).toEqual(namedFrom(NAMED - 50, 50).reverse());
    expect(await byName(NAMED - 5, true)).toEqual([...namedFrom(0, 5).reverse(), ...[...unnamed].reverse()]);

    // Token-paged, each page starts at its anchor in the index. Narrowed to the last 50 named and the
    // unnamed, still past SMALL_SCOPE links: pages of 20 cross from the named to the unnamed inside a
    // page, pages of 7 after an unnamed one too, a hub page of 60 is two provider pages.
    const png = [...namedFrom(NAMED - 50, 50), ...unnamed];
    await db.$executeRaw`UPDATE provider.content SET source_extension = 'png' WHERE id = ANY(${png}::uuid[])`;
    const pngs = { ...inFolder, extensions: ['png'] };
    expect(await walkByName(pngs, 'EN', 20)).toEqual({ ids: png, pages: 3 });
    expect(await walkByName(pngs, 'EN', 7)).toEqual({ ids: png, pages: 9 });
    expect(await walkByName(pngs, 'EN', 60)).toEqual({ ids: png, pages: 1 });
    expect(await walkByName(pngs, 'EN', 7, true)).toEqual({
      ids: [...namedFrom(NAMED - 50, 50).reverse(), ...[...unnamed].reverse()],
      pages: 9,
    });
    // The whole folder's page 101 by token is page 101 by offset.
    let deep: string | undefined;
    for (let page = 0; page < 100; page++)
      deep = (
        await search.pageInOrder(token, inFolder, {
          sort: 'name',
          descending: false,
          locale: 'EN',
          limit: 50,
          pageToken: deep,
        })
      )?.next;
    const at5k = await search.pageInOrder(token, inFolder, {
      sort: 'name',
      descending: false,
      locale: 'EN',
      limit: 50,
      pageToken: deep,
    });
    expect(at5k?.ids).toEqual(namedFrom(5_000, 50));
  });
});
