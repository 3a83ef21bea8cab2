import { FOLDER_CODES, departmentFolderPrettyId } from '@paddock/rules';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import { HttpSearchGateway } from '../../src/provider/search.gateway';
import { PASSWORD, providerDb } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { insertContent, seedSearchFolders, seedSearchPeople } from './search-fixtures';

const ARCHIVE = departmentFolderPrettyId(FOLDER_CODES.departmentArchive, 'MARKETING');

/**
 * A name or tag search filters on content.search_text, which triggers keep; whatever changes names
 * or tags (renamed, removed, a tag relabelled) must show in the very next search.
 */
describe('text search follows every change of names and tags', () => {
  let t: TestApp;
  let search: HttpSearchGateway;
  let token: string;
  let archive: string;

  const found = async (text: string, locale = 'IT') =>
    (
      await search.findContents(
        token,
        { folderIds: [archive], cascade: true, text },
        { sort: 'creationDate', descending: true, offset: 0, limit: 50, locale },
      )
    ).map((c) => c.locales[0]?.name);

  beforeAll(async () => {
    t = await startTestApp();
    await seedSearchPeople(t);
    archive = (await seedSearchFolders(t))[ARCHIVE];
    const gateway = new HttpProviderGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
    token = (await gateway.login('mario.rossi', PASSWORD)).token;
    search = new HttpSearchGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
  });
  afterAll(() => t.close());

  it('finds a renamed content by its new name only, and a relabelled or removed tag as it now is', async () => {
    const db = providerDb(t);
    const id = await insertContent(t, {
      name: 'Quokka poster',
      enName: 'Kangaroo poster',
      folders: [archive],
      tags: ['Zebu campaign'],
    });
    expect(await found('quokka')).toEqual(['Quokka poster']);
    expect(await found('zebu')).toEqual(['Quokka poster']);
    // The EN name is in search_text too, but an IT search must not match it.
    expect(await found('kangaroo')).toEqual([]);

    await db.contentLocale.update({
      where: { contentId_locale: { contentId: id, locale: 'IT' } },
      data: { name: 'Wombat poster' },
    });
    expect(await found('quokka')).toEqual([]);
    expect(await found('wombat')).toEqual(['Wombat poster']);

    const [link] = await db.contentTag.findMany({ where: { contentId: id } });
    await db.tagDefinition.update({ where: { id: link!.tagId }, data: { searchText: 'gnu campaign' } });
    expect(await found('zebu')).toEqual([]);
    expect(await found('gnu')).toEqual(['Wombat poster']);
    // search_text holds 'Wombat poster' and 'gnu campaign' on two lines: no match across them.
    expect(await found('poster\ngnu')).toEqual([]);

    await db.contentTag.deleteMany({ where: { contentId: id } });
    expect(await found('gnu')).toEqual([]);

    await db.contentLocale.deleteMany({ where: { contentId: id, locale: 'IT' } });
    expect(await found('wombat')).toEqual([]);
  });

  it('keeps the IT name and the tags in search_text, and still finds an EN name when EN is asked for', async () => {
    const db = providerDb(t);
    const id = await insertContent(t, {
      name: 'Okapi brochure',
      enName: 'Ibex brochure',
      folders: [archive],
      tags: ['Tapir fleet'],
    });
    const row = await db.content.findUniqueOrThrow({ where: { id }, select: { searchText: true } });
    expect(row.searchText.split('\n')).toEqual(['Okapi brochure', expect.stringContaining('tapir fleet')]);
    // Asked in EN, the names come back EN first.
    expect(await found('ibex')).toEqual([]);
    expect(await found('ibex', 'EN')).toEqual(['Ibex brochure']);
    expect(await found('tapir', 'EN')).toEqual(['Ibex brochure']);
    expect(await found('okapi', 'EN')).toEqual([]);
    expect(
      await search.countMatches(token, { folderIds: [archive], cascade: true, text: 'okapi' }, 'IT'),
    ).toBe(1);
  });
});
