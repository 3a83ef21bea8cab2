import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import type { FoldersGateway } from '../../src/provider/folders.gateway';
import { freePort } from '../support/free-port';
import { providerFailure } from '../support/scripted-provider';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  FOLDER_PASSWORD,
  folder,
  foldersGateway,
  insertContents,
  namesOf,
  seedFolders,
  seedUser,
} from './folder-fixtures';

const CROWD = 120;

/** The typed folders client against the built-in provider over real HTTP. */
describe('FoldersGateway against the built-in provider', () => {
  let t: TestApp;
  let gateway: FoldersGateway;
  let sent: { url: string; data: unknown }[];
  let ids: Map<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    ids = await seedFolders(
      t,
      [
        folder('top', null, 'Top', { ALPHA: {}, BETA: {}, EDITORS: { manage: true, write: true } }),
        folder('alpha-only', 'top', 'Alpha only', { ALPHA: { write: true } }),
        folder('beta-only', 'top', 'Beta only', { BETA: {} }),
        folder('alpha-deep', 'alpha-only', 'Alpha deep', { ALPHA: { share: true } }),
        folder('crowd', 'top', 'Crowd', { ALPHA: {}, EDITORS: { manage: true } }),
        ...Array.from({ length: CROWD }, (_, i) =>
          folder(`crowd-${i}`, 'crowd', `Crowd ${String(i).padStart(3, '0')}`, { ALPHA: {} }),
        ),
        folder('crowd-hidden', 'crowd', 'Crowd hidden', { BETA: {} }),
      ],
      ['ALPHA', 'BETA', 'EDITORS'],
    );
    await seedUser(t, 'alpha.user', ['ALPHA']);
    await seedUser(t, 'beta.user', ['BETA']);
    await seedUser(t, 'editor.user', ['EDITORS', 'ALPHA']);
    const identity = new HttpProviderGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
    for (const u of ['alpha.user', 'beta.user', 'editor.user'])
      tokens[u] = (await identity.login(u, FOLDER_PASSWORD)).token;
    ({ gateway, sent } = foldersGateway(t.config.providerUrl, t.config.CLIENT_ID));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sent.length = 0;
  });

  const id = (prettyId: string) => ids.get(prettyId) ?? '';
  const findBodies = () =>
    sent.filter((s) => s.url.endsWith('findByProperties2')).map((s) => s.data as Record<string, unknown>);

  it('shows each user only the folders one of their groups may show', async () => {
    const beta = await gateway.allFolders(tokens['beta.user']);
    expect(namesOf(beta)).toEqual(['Beta only', 'Crowd hidden', 'Top']);
    sent.length = 0;
    const alpha = await gateway.allFolders(tokens['alpha.user']);
    expect(alpha).toHaveLength(4 + CROWD);
    expect(namesOf(alpha)).not.toContain('Beta only');
    expect(namesOf(alpha)).not.toContain('Crowd hidden');
    // Every page asked for 50, and the pages were read to the end.
    expect(findBodies().map((b) => [b.offset, b.numberOfResult])).toEqual([
      [0, 50],
      [50, 50],
      [100, 50],
    ]);
  });

  it('reports rights, parent, ancestors, code and names per folder', async () => {
    const deep = await gateway.folder(tokens['alpha.user'], id('alpha-deep'));
    expect(deep).toMatchObject({
      id: id('alpha-deep'),
      prettyId: 'alpha-deep',
      parentId: id('alpha-only'),
      ancestorIds: [id('top'), id('alpha-only')],
      names: { IT: 'Alpha deep', EN: 'Alpha deep' },
      isSupplier: false,
      numberOfSubCategories: 0,
      rights: { show: true, manage: false, share: true, write: false },
    });
    const top = await gateway.folder(tokens['editor.user'], 'top');
    expect(top.rights).toEqual({ show: true, manage: true, share: false, write: true });
    // Only direct sub-folders the caller sees are counted.
    expect((await gateway.folder(tokens['beta.user'], id('top'))).numberOfSubCategories).toBe(1);
    expect((await gateway.folder(tokens['alpha.user'], id('top'))).numberOfSubCategories).toBe(2);
    const plain = await gateway.category(tokens['alpha.user'], id('alpha-only'));
    expect(plain).toMatchObject({ id: id('alpha-only'), prettyId: 'alpha-only', parentId: id('top') });
  });

  it('carries the origin folder (SPEC §3) of a folder shared from another, and none otherwise', async () => {
    const prisma = t.app.get(BuiltinProviderPrismaService);
    await prisma.category.update({ where: { id: id('alpha-deep') }, data: { originId: id('beta-only') } });
    try {
      const [deep, only] = await gateway.foldersByIds(tokens['alpha.user'], [
        id('alpha-deep'),
        id('alpha-only'),
      ]);
      expect(deep.originId).toBe(id('beta-only'));
      expect(only.originId).toBeNull();
      expect((await gateway.category(tokens['alpha.user'], id('alpha-deep'))).originId).toBe(id('beta-only'));
    } finally {
      await prisma.category.update({ where: { id: id('alpha-deep') }, data: { originId: null } });
    }
  });

  it('reads every page of sub-folders, only the direct visible ones', async () => {
    const crowd = await gateway.folder(tokens['alpha.user'], id('crowd'));
    const children = await gateway.subFolders(tokens['alpha.user'], crowd);
    expect(children).toHaveLength(CROWD);
    expect(new Set(children.map((c) => c.id)).size).toBe(CROWD);
    expect(children.every((c) => c.parentId === id('crowd'))).toBe(true);
    const top = await gateway.folder(tokens['alpha.user'], id('top'));
    expect(namesOf(await gateway.subFolders(tokens['alpha.user'], top))).toEqual(['Alpha only', 'Crowd']);
    expect(findBodies().filter((b) => (b.properties as { childOf?: string }).childOf).length).toBe(
      Math.ceil(CROWD / 50) + 1,
    );
  });

  it('looks folders up by id 50 at a time, keeping the order and dropping hidden ones', async () => {
    const wanted = [
      ...Array.from({ length: CROWD }, (_, i) => id(`crowd-${CROWD - 1 - i}`)),
      id('crowd-hidden'),
    ];
    const found = await gateway.foldersByIds(tokens['alpha.user'], wanted);
    expect(found.map((f) => f.id)).toEqual(wanted.slice(0, CROWD));
    const chunks = findBodies().map((b) => (b.properties as { categoryIds: string[] }).categoryIds.length);
    expect(chunks).toEqual([50, 50, 21]);
  });

  it('creates, renames and deletes with manage; refuses without it and changes nothing', async () => {
    const prisma = t.app.get(BuiltinProviderPrismaService);
    const before = await prisma.category.count();
    const refused = await providerFailure(
      gateway.createFolder(tokens['alpha.user'], id('top'), { IT: 'Nuova', EN: 'New' }),
    );
    expect(refused).toMatchObject({ code: 'FORBIDDEN', transient: false });
    const hidden = await providerFailure(
      gateway.createFolder(tokens['beta.user'], id('alpha-only'), { IT: 'x', EN: 'x' }),
    );
    expect(hidden.code).toBe('NOT_FOUND');
    const nameless = await providerFailure(
      gateway.createFolder(tokens['editor.user'], id('top'), { IT: ' ', EN: 'New' }),
    );
    expect(nameless).toMatchObject({ code: 'VALIDATION_FAILED', detail: { status: 418 } });
    expect(await prisma.category.count()).toBe(before);

    const created = await gateway.createFolder(tokens['editor.user'], id('top'), { IT: 'Nuova', EN: 'New' });
    const made = await gateway.folder(tokens['editor.user'], created, 'IT');
    expect(made).toMatchObject({ parentId: id('top'), names: { IT: 'Nuova', EN: 'New' } });
    // The new folder inherits the parent's ACL: its viewers see it, its managers manage it.
    expect(made.rights.manage).toBe(true);
    expect((await gateway.folder(tokens['beta.user'], created)).rights.manage).toBe(false);

    await expect(
      providerFailure(gateway.renameFolder(tokens['alpha.user'], created, { EN: 'Hacked' })),
    ).resolves.toMatchObject({ code: 'FORBIDDEN' });
    await gateway.renameFolder(tokens['editor.user'], created, { EN: 'Renamed' });
    expect((await gateway.folder(tokens['editor.user'], created)).names).toEqual({
      IT: 'Nuova',
      EN: 'Renamed',
    });

    await expect(providerFailure(gateway.deleteFolder(tokens['beta.user'], created))).resolves.toMatchObject({
      code: 'FORBIDDEN',
    });
    const full = await providerFailure(gateway.deleteFolder(tokens['editor.user'], id('crowd')));
    expect(full.detail.resultCode).toBe('CATEGORY_NOT_EMPTY');
    await gateway.deleteFolder(tokens['editor.user'], created);
    expect((await providerFailure(gateway.folder(tokens['editor.user'], created))).code).toBe('NOT_FOUND');
    expect(await prisma.category.count()).toBe(before);
  });

  it('links and unlinks contents 50 ids a call, reporting the ones it could not link', async () => {
    /** The folders holding a content, as the provider stored the links. */
    const foldersOf = async (contentId: string) =>
      (
        await t.app
          .get(BuiltinProviderPrismaService)
          .contentCategory.findMany({ where: { contentId }, orderBy: { categoryId: 'asc' } })
      ).map((l) => l.categoryId);
    const linksOf = (categoryId: string) =>
      t.app.get(BuiltinProviderPrismaService).contentCategory.count({ where: { categoryId } });
    // In `top`, where the editor writes: linking needs a right on the content, not only on the target.
    const contents = await insertContents(t, 60, id('top'));
    const bogus = ['00000000-0000-4000-8000-000000000000', 'not-a-content'];
    const linked = await gateway.linkContents(tokens['editor.user'], id('alpha-only'), [
      ...contents,
      ...bogus,
    ]);
    expect(linked.notLinked).toEqual(bogus);
    expect(sent.map((s) => (s.data as { items: { ids: string[] } }).items.ids.length)).toEqual([50, 12]);
    expect(await foldersOf(contents[0]!)).toEqual([id('top'), id('alpha-only')].sort());
    expect(await linksOf(id('alpha-only'))).toBe(60);

    await expect(
      providerFailure(gateway.linkContents(tokens['beta.user'], id('beta-only'), contents.slice(0, 1))),
    ).resolves.toMatchObject({ code: 'FORBIDDEN' });
    const unlinked = await gateway.unlinkContents(
      tokens['alpha.user'],
      id('alpha-only'),
      contents.slice(0, 55),
    );
    expect(unlinked.notLinked).toEqual([]);
    expect(await foldersOf(contents[0]!)).toEqual([id('top')]);
    expect(await linksOf(id('alpha-only'))).toBe(5);
  });

  it('answers THRON shapes: 418 business errors and both itemsInIssue and notLinked', async () => {
    const post = (path: string, body: unknown, token = tokens['editor.user']) =>
      fetch(`${t.config.providerUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tokenid': token },
        body: JSON.stringify(body),
      });
    const nameless = await post(`/xcontents/resources/category/insert/${t.config.CLIENT_ID}`, {
      category: { upCategoryId: id('top'), locales: [{ locale: 'EN', name: '' }] },
    });
    expect(nameless.status).toBe(418);
    expect(await nameless.json()).toMatchObject({ resultCode: 'CATEGORYNAME_IS_REQUIRED' });
    const [content] = await insertContents(t, 1, id('top'));
    const link = await post(`/xcontents/resources/contentcategory/link/${t.config.CLIENT_ID}`, {
      categoryId: id('alpha-only'),
      items: { ids: [content, 'nope'] },
    });
    expect(await link.json()).toEqual({
      resultCode: 'OK',
      itemsInIssue: ['nope'],
      notLinked: ['nope'],
      ssoCode: 'OK',
    });
    const tooMany = await post(
      `/xcontents/resources/contentcategory/link/${t.config.CLIENT_ID}`,
      {
        categoryId: id('alpha-only'),
        items: { ids: Array.from({ length: 51 }, (_, i) => `c${i}`) },
      },
      tokens['alpha.user'],
    );
    expect(tooMany.status).toBe(418);
    expect(await tooMany.json()).toMatchObject({ resultCode: 'MAX_NUMBER_OF_ITEMS_REACHED' });
    const page = await post(
      '/xcontents/resources/category/findByProperties2',
      {
        client: { clientId: t.config.CLIENT_ID },
        properties: { childOf: 'crowd' },
        numberOfResult: 500,
      },
      tokens['alpha.user'],
    );
    const body = (await page.json()) as { categories: unknown[]; totalResults: number };
    expect(body.categories).toHaveLength(50);
    expect(body.totalResults).toBe(CROWD);
    const expired = await post(
      '/xcontents/resources/category/findByProperties2',
      {
        client: { clientId: t.config.CLIENT_ID },
      },
      'no-such-token',
    );
    expect(expired.status).toBe(403);
  });

  it('filters findByProperties2 by text, level and code, sorted by name in the asked locale', async () => {
    const find = async (body: Record<string, unknown>, token = tokens['alpha.user']) => {
      const res = await fetch(`${t.config.providerUrl}/xcontents/resources/category/findByProperties2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tokenid': token },
        body: JSON.stringify({ client: { clientId: t.config.CLIENT_ID }, ...body }),
      });
      const json = (await res.json()) as {
        categories: { category: { locales: { locale: string; name: string }[] } }[];
        totalResults: number;
      };
      return { names: json.categories.map((c) => c.category.locales[0].name), total: json.totalResults };
    };
    await expect(find({ properties: { textSearch: 'ALPHA' }, orderBy: 'categoryName_D' })).resolves.toEqual({
      names: ['Alpha only', 'Alpha deep'],
      total: 2,
    });
    await expect(
      find({ properties: { excludeLevelHigherThan: 2 }, orderBy: 'categoryName_A' }),
    ).resolves.toEqual({
      names: ['Alpha only', 'Crowd', 'Top'],
      total: 3,
    });
    await expect(find({ properties: { categoryIds: 'alpha-deep' } })).resolves.toEqual({
      names: ['Alpha deep'],
      total: 1,
    });
    // A hidden folder is absent even when asked by code.
    await expect(find({ properties: { categoryIds: ['beta-only'] } })).resolves.toEqual({
      names: [],
      total: 0,
    });
    const crowd = await find({ properties: { childOf: 'crowd' }, orderBy: 'categoryName_D', offset: 100 });
    expect(crowd.names).toEqual(
      Array.from({ length: 20 }, (_, i) => `Crowd ${String(19 - i).padStart(3, '0')}`),
    );
    expect(crowd.total).toBe(CROWD);
    expect(
      (await gateway.foldersByIds(tokens['alpha.user'], ['alpha-deep', id('top')])).map((f) => f.prettyId),
    ).toEqual(['alpha-deep', 'top']);
  });

  it('maps failures to the E-code of what was loading', async () => {
    const down = foldersGateway(`http://127.0.0.1:${await freePort()}/provider`, t.config.CLIENT_ID).gateway;
    const token = tokens['alpha.user'];
    await expect(providerFailure(down.allFolders(token))).resolves.toMatchObject({
      code: 'E009',
      transient: true,
    });
    await expect(providerFailure(down.folder(token, id('top')))).resolves.toMatchObject({
      code: 'E014',
      transient: true,
    });
    await expect(providerFailure(down.foldersByIds(token, [id('top')]))).resolves.toMatchObject({
      code: 'E018',
      transient: true,
    });
    // SPEC §8 "category lookup default".
    await expect(providerFailure(down.sharingFolderIds(token))).resolves.toMatchObject({
      code: 'E032',
      transient: true,
    });
    // A 418 the hub has no meaning for (here CLIENT_NOT_FOUND) is the call's E-code, not retried.
    const wrongTenant = foldersGateway(t.config.providerUrl, 'someone-else').gateway;
    const e = await providerFailure(wrongTenant.allFolders(token));
    expect(e).toMatchObject({
      code: 'E009',
      transient: false,
      detail: { status: 418, resultCode: 'CLIENT_NOT_FOUND' },
    });
    await expect(providerFailure(wrongTenant.folder(token, id('top')))).resolves.toMatchObject({
      code: 'E014',
    });
    // An expired session stays a sign-in problem.
    await expect(providerFailure(gateway.allFolders('expired-token'))).resolves.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
