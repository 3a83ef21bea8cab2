import { ERROR_CODES, FOLDER_CODES, WORKFLOW_ERROR_CODES } from '@paddock/rules';
import { finished, stateOf } from '../workflow/workflow-fixtures';
import { hubMatrix } from './hub-matrix-fixtures';
import { marketing } from './security-fixtures';

jest.setTimeout(120_000);

const ARCHIVE = marketing(FOLDER_CODES.departmentArchive);
const ENRICHMENT = marketing(FOLDER_CODES.enrichment);
const JUNK = marketing(FOLDER_CODES.junk);

/**
 * Issue 22, point 2: SPEC §6 "Admin sees the department junk" on the hub, not only in the web. The
 * provider's ACL lets MARKETING staff write the junk (their Undo runs with their own rights), so
 * each refusal here is one the provider alone would have let through.
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
    for (const path of [
      `/api/assets?folderId=${folder(JUNK)}`,
      `/api/assets/total?folderId=${folder(JUNK)}`,
    ]) {
      const staff = await send('mario.rossi', 'GET', path);
      expect([path, staff.status, staff.body.code]).toEqual([path, 403, ERROR_CODES.FORBIDDEN]);
      expect([path, (await send('admin', 'GET', path)).status]).toEqual([path, 200]);
    }
    const counts = async (username: string) =>
      Object.keys((await send(username, 'GET', '/api/assets/counts')).body);
    expect(await counts('mario.rossi')).not.toContain('departmentJunk');
    expect(await counts('admin')).toContain('departmentJunk');
  });

  it('refuses staff a restore and a permanent delete of what someone else deleted; an admin does both', async () => {
    const deleted = await contentIn(ARCHIVE, 'Cancellato da altri');
    await job('admin', 'delete', { contentIds: [deleted], folderId: folder(ARCHIVE) });
    const items = { contentIds: [deleted], folderId: folder(JUNK) };
    for (const [action, body] of [
      ['restore', { ...items, toFolderId: folder(ARCHIVE) }],
      ['restore', items],
      ['permanent-delete', items],
    ] as const) {
      const answer = await unchanged(() => send('mario.rossi', 'POST', `/api/workflow/${action}`, body));
      expect([action, answer.status, answer.body.code]).toEqual([
        action,
        403,
        WORKFLOW_ERROR_CODES.ACTION_NOT_ALLOWED,
      ]);
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
