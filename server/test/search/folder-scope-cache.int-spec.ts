import { FOLDER_CODES, departmentFolderPrettyId } from '@paddock/rules';
import { groupIdOf } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { HttpProviderGateway } from '../../src/provider/http-provider.gateway';
import { HttpSearchGateway, type ContentCriteria } from '../../src/provider/search.gateway';
import { PASSWORD, providerDb } from '../auth/auth-fixtures';
import { providerHttp } from '../support/provider-transports';
import { startTestApp, type TestApp } from '../support/test-app';
import { STAFF, insertContent, seedSearchFolders, seedSearchPeople, type Folders } from './search-fixtures';

jest.setTimeout(180_000);

const ARCHIVE = departmentFolderPrettyId(FOLDER_CODES.departmentArchive, 'MARKETING');

/**
 * A search's folder scope is kept between searches (search/folder-scope-cache.ts); every change to a
 * folder or its rights must still be seen by the very next search, whichever way it was written.
 */
describe('folder rights and the folder tree, changed between two searches', () => {
  let t: TestApp;
  let search: HttpSearchGateway;
  let token: string;
  let folders: Folders;
  const archive = (): ContentCriteria => ({ folderIds: [folders[ARCHIVE]], cascade: true });
  const names = async (criteria: ContentCriteria) =>
    (
      await search.findContents(token, criteria, {
        sort: 'creationDate',
        descending: true,
        offset: 0,
        limit: 50,
        locale: 'IT',
      })
    )
      .map((c) => c.locales[0]?.name)
      .sort();

  beforeAll(async () => {
    t = await startTestApp();
    await seedSearchPeople(t);
    folders = await seedSearchFolders(t);
    await insertContent(t, { name: 'in the archive', folders: [folders[ARCHIVE]] });
    await insertContent(t, { name: 'in sub', folders: [folders['sub-marketing']] });
    const http = await providerHttp(t, 'in-process');
    token = (
      await new HttpProviderGateway(http, { CLIENT_ID: t.config.CLIENT_ID }).login('mario.rossi', PASSWORD)
    ).token;
    search = new HttpSearchGateway(http, { CLIENT_ID: t.config.CLIENT_ID });
  });
  afterAll(() => t?.close());

  it('sees a revoked right, a granted one, a new folder and a moved one at once', async () => {
    const db = providerDb(t);
    const staff = groupIdOf(STAFF);
    expect(await names(archive())).toEqual(['in sub', 'in the archive']);
    // The same search again is answered from the kept scope: still right.
    expect(await names(archive())).toEqual(['in sub', 'in the archive']);

    await db.categoryAcl.delete({
      where: { categoryId_groupId: { categoryId: folders['sub-marketing'], groupId: staff } },
    });
    expect(await names(archive())).toEqual(['in the archive']);

    await db.categoryAcl.create({ data: { categoryId: folders['sub-marketing'], groupId: staff } });
    expect(await names(archive())).toEqual(['in sub', 'in the archive']);

    const added = await db.category.create({
      data: {
        prettyId: 'new-marketing',
        parentId: folders['sub-marketing'],
        locales: [{ locale: 'IT', name: 'new', description: '' }],
        acl: { create: [{ groupId: staff, show: true }] },
      },
    });
    await insertContent(t, { name: 'in new', folders: [added.id] });
    expect(await names(archive())).toEqual(['in new', 'in sub', 'in the archive']);

    // Moved out of the archive (raw SQL, as a migration or an operator would): gone from the cascade.
    await db.$executeRaw`UPDATE provider.category SET parent_id = ${folders['dept-marketing']}::uuid
                         WHERE id = ${folders['sub-marketing']}::uuid`;
    expect(await names(archive())).toEqual(['in the archive']);
  });
});
