import { ERROR_CODES, FOLDER_CODES, WORKFLOW_ERROR_CODES } from '@paddock/rules';
import { finished, stateOf } from '../workflow/workflow-fixtures';
import { hubMatrix } from './hub-matrix-fixtures';
import { providerDb } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { marketing, provider, securitySuite, type ProviderAnswer } from './security-fixtures';

jest.setTimeout(120_000);

const ARCHIVE = marketing(FOLDER_CODES.departmentArchive);
const ENRICHMENT = marketing(FOLDER_CODES.enrichment);
const JUNK = marketing(FOLDER_CODES.junk);

/**
 * Issue 22, point 2: SPEC §6 "Admin sees the department junk" on the hub, not only in the web. The
 * provider hides the junk from staff (below), so to them it is a folder they cannot see; their Undo
 * of their own delete is the one way back, read and made by the hub's service account.
 */
describe('the junk is the admin’s on the hub', () => {
  const hub = hubMatrix(['mario.rossi', 'admin']);
  const { folder, send, contentIn, unchanged, session } = hub;
  const job = async (username: string, action: string, body: object) => {
    const answer = await send(username, 'POST', `/api/workflow/${action}`, body);
    expect([answer.status, answer.body]).toEqual([202, { jobId: expect.any(String) }]);
    return finished(hub.t, session(username), (answer.body as { jobId: string }).jobId);
  };

  it('lists and counts the junk for an admin only', async () => {
    await contentIn(JUNK, 'Nel cestino');
    // Staff do not see the junk at the provider: it is a folder they cannot see, empty to them.
    const listing = `/api/assets?folderId=${folder(JUNK)}`;
    const staff = await send('mario.rossi', 'GET', listing);
    expect([staff.status, (staff.body as { items?: unknown[] }).items]).toEqual([200, []]);
    const total = `/api/assets/total?folderId=${folder(JUNK)}`;
    expect((await send('mario.rossi', 'GET', total)).body).toMatchObject({ totalResults: 0 });
    const admin = await send('admin', 'GET', listing);
    expect([admin.status, (admin.body as { items?: unknown[] }).items?.length]).toEqual([200, 1]);
    const counts = async (username: string) =>
      Object.keys((await send(username, 'GET', '/api/assets/counts')).body);
    expect(await counts('mario.rossi')).not.toContain('departmentJunk');
    expect(await counts('admin')).toContain('departmentJunk');
  });

  it('hides from staff, for a restore or a permanent delete, what someone else deleted; an admin does both', async () => {
    const deleted = await contentIn(ARCHIVE, 'Cancellato da altri');
    await job('admin', 'delete', { contentIds: [deleted], folderId: folder(ARCHIVE) });
    const items = { contentIds: [deleted], folderId: folder(JUNK) };
    for (const [action, body] of [
      ['restore', { ...items, toFolderId: folder(ARCHIVE) }],
      ['restore', items],
      ['permanent-delete', items],
    ] as const) {
      const answer = await unchanged(() => send('mario.rossi', 'POST', `/api/workflow/${action}`, body));
      expect([action, answer.status, answer.body.code]).toEqual([action, 404, ERROR_CODES.NOT_FOUND]);
    }
    await job('admin', 'restore', items);
    expect((await stateOf(hub.t, deleted))?.folders).toEqual([ARCHIVE]);
  });

  it('leaves staff the Undo of their own delete, back where it came from and nowhere else', async () => {
    const mine = await contentIn(ARCHIVE, 'Cancellato per sbaglio');
    await job('mario.rossi', 'delete', { contentIds: [mine], folderId: folder(ARCHIVE) });
    const items = { contentIds: [mine], folderId: folder(JUNK) };
    const elsewhere = await unchanged(() =>
      send('mario.rossi', 'POST', '/api/workflow/restore', { ...items, toFolderId: folder(ENRICHMENT) }),
    );
    expect([elsewhere.status, elsewhere.body.code]).toEqual([403, WORKFLOW_ERROR_CODES.ACTION_NOT_ALLOWED]);
    const undone = await job('mario.rossi', 'restore', { ...items, toFolderId: folder(ARCHIVE) });
    expect(undone.outcomes?.[0]).toMatchObject({ outcome: 'done' });
    expect((await stateOf(hub.t, mine))?.folders).toEqual([ARCHIVE]);
  });
});

/**
 * The same rule at the built-in provider, the hub's second front door (`/provider`): whatever the
 * junk's ACL, only an admin (and the hub's service account) lists it, restores from it and
 * removes what is in it. Each refusal here went through before: staff listed, linked out and
 * trashed in the junk with their own token.
 */
describe('the junk is the admin’s at the provider too', () => {
  const suite = securitySuite();
  const { folder, client, unchanged } = suite;
  let inJunk = '';
  beforeAll(async () => {
    // Staff's write on the junk, as a provider configured before this rule would still grant it.
    const staff = await providerDb(suite.t).group.findUniqueOrThrow({ where: { name: 'WRITE.MARKETING' } });
    await providerDb(suite.t).categoryAcl.create({
      data: { categoryId: folder(JUNK), groupId: staff.id, show: true, write: true },
    });
    inJunk = await insertContent(suite.t, { name: 'Nel cestino', folders: [folder(JUNK)], owner: 'nobody' });
  });
  const token = (username: string) => suite.world.token(username);
  const list = async (username: string) =>
    provider(suite.t, await token(username), 'POST', 'xcontents/resources/content/findByProperties', {
      client: { clientId: client() },
      criteria: { linkedCategoryOp: { linkedCategoryIds: [folder(JUNK)], cascade: false } },
      contentFieldOption: { returnTotalResults: true },
      numberOfresults: 50,
      offset: 0,
    });
  const folderOf = async (username: string) =>
    provider(
      suite.t,
      await token(username),
      'GET',
      `xcontents/resources/category/getCategory?clientId=${client()}&categoryId=${folder(JUNK)}&locale=EN`,
    );
  const links = async (username: string, verb: 'link' | 'unlink', prettyId: string) =>
    provider(
      suite.t,
      await token(username),
      'POST',
      `xcontents/resources/contentcategory/${verb}/${client()}`,
      {
        categoryId: folder(prettyId),
        items: { ids: [inJunk] },
      },
    );
  const trash = async (username: string) =>
    provider(suite.t, await token(username), 'POST', `xadmin/resources/content/trash/${client()}`, {
      contentList: { contentsToTrash: [{ xcontentId: inJunk }] },
    });
  const ids = (answer: ProviderAnswer) =>
    ((answer.body.contents ?? []) as { content?: { id: string }; id?: string }[]).map(
      (c) => c.content?.id ?? c.id,
    );

  it('refuses mario.rossi (staff) the junk: its folder, its list, a restore out of it, a trash in it', async () => {
    const seen = await folderOf('mario.rossi');
    expect([seen.status, seen.body.resultCode]).toEqual([418, 'CATEGORY_NOT_EXISTS']);
    const listed = await list('mario.rossi');
    expect([listed.status, ids(listed)]).toEqual([200, []]);
    const restored = await unchanged(async () => ({
      link: await links('mario.rossi', 'link', ARCHIVE),
      unlink: await links('mario.rossi', 'unlink', JUNK),
    }));
    expect(restored.link.body.itemsInIssue ?? restored.link.body.resultCode).not.toEqual([]);
    expect(restored.unlink.status).not.toBe(200);
    const trashed = await unchanged(() => trash('mario.rossi'));
    expect(trashed.body.contentsInIssue ?? trashed.body.resultCode).not.toEqual([]);
  });

  it('lets the admin list the junk, restore out of it and trash in it', async () => {
    expect((await folderOf('admin')).status).toBe(200);
    expect(ids(await list('admin'))).toEqual([inJunk]);
    expect((await links('admin', 'link', ARCHIVE)).body.itemsInIssue ?? []).toEqual([]);
    expect((await links('admin', 'unlink', JUNK)).status).toBe(200);
    expect((await trash('admin')).body.contentsInIssue ?? []).toEqual([]);
  });
});
