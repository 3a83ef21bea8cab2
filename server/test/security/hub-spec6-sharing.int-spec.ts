import {
  ERROR_CODES,
  FOLDER_CODES,
  INTERNAL_SHARE_ERROR_CODES,
  SHARE_ERROR_CODES,
  type ExternalShareListResponse,
  type SharingFoldersResponse,
} from '@paddock/rules';
import { hubDb, providerDb, type Answer } from '../auth/auth-fixtures';
import { finished } from '../workflow/workflow-fixtures';
import { hubMatrix } from './hub-matrix-fixtures';
import { DEMO_ROLES, FOREIGN, MATRIX_USERS, TOO_LONG, UNKNOWN_UUID, marketing } from './security-fixtures';

jest.setTimeout(300_000);

const ARCHIVE = marketing(FOLDER_CODES.departmentArchive);
const INTERNAL = marketing(FOLDER_CODES.internalShared);
const ENRICHMENT = marketing(FOLDER_CODES.enrichment);
const PASSWORD = 'Press-Kit-2026#Spider';

/**
 * issue 14: the sharing endpoints that came after the first role matrix (hub-spec6.int-spec.ts),
 * for every demo role of SPEC §6 plus the admin and a user of a department none of them is in:
 * the registry (get, publish, unpublish, share-publish), the internal share and its folder lookup,
 * a folder's publish and unpublish, the external-share panel's list, access log and revoke. Each
 * refusal has its code and leaves the provider's database as it was; no answer is a 5xx.
 */
describe('hub SPEC §6 attacks on sharing, registry and publish', () => {
  const hub = hubMatrix(MATRIX_USERS);
  const { folder, session, send, contentIn, unchanged } = hub;
  /** mario's own link share: the others try to read and revoke it. */
  let marioShare: string;

  const outcome = (a: Answer<{ code?: string }>) =>
    a.status < 300 ? a.status : ([a.status, a.body.code] as const);

  /** Sends a write; a refused one must leave the provider as it was, an accepted job must end. */
  async function write(username: string, method: string, path: string, json?: unknown) {
    let answer: Answer<{ code?: string }> | undefined;
    const attempt = () => send(username, method, path, json).then((a) => (answer = a));
    try {
      await unchanged(attempt);
    } catch (error) {
      // Accepted: the job changes the provider, which is what it is for.
      if (!answer || answer.status >= 300) throw error;
    }
    const jobId = (answer!.body as { jobId?: string }).jobId;
    if (answer!.status === 202 && jobId)
      expect((await finished(hub.t, session(username), jobId)).state).toBe('completed');
    return outcome(answer!);
  }

  beforeAll(async () => {
    const record = (id: string, folderId: string) => ({
      id,
      category: 'EVENT',
      registryType: 'Evento',
      name: 'Salone di Ginevra 2026',
      sfId: 'SF-000142',
      groupId: 'L/MARKETING',
      ancestors: [],
      currentCategoryId: folderId,
    });
    await hubDb(hub.t).registryRecord.createMany({
      data: [
        record('reg-marketing', folder(ARCHIVE)),
        record('reg-design', folder(FOREIGN.archive)),
        // Filed in the enrichment folder, as the demo's product archive (reg-mkt-adp-spider).
        record('reg-enrichment', folder(ENRICHMENT)),
      ],
    });
    const shared = await send('mario.rossi', 'POST', '/api/external-shares', {
      type: 'link',
      name: 'Di Mario',
      contentIds: [await contentIn(ARCHIVE, 'Condivisa da Mario')],
      folderId: folder(ARCHIVE),
      password: PASSWORD,
      contentDownload: true,
      language: 'it',
    });
    expect(shared.status).toBe(202);
    const job = await finished(hub.t, session('mario.rossi'), (shared.body as { jobId: string }).jobId);
    marioShare = (job.result as { shareId: string }).shareId;
  });

  const OK = 200;
  const ACCEPTED = 202;
  const HIDDEN = [404, ERROR_CODES.NOT_FOUND] as const;
  const NO_SHARE = [404, SHARE_ERROR_CODES.NOT_FOUND] as const;
  const SHARE_REFUSED = [403, SHARE_ERROR_CODES.NOT_ALLOWED] as const;
  const PUBLISH_REFUSED = [403, INTERNAL_SHARE_ERROR_CODES.PUBLISH_NOT_ALLOWED] as const;
  const FORBIDDEN = [403, ERROR_CODES.FORBIDDEN] as const;
  type Outcome = number | readonly [number, string | undefined];

  interface Row {
    /** POST /api/shares of an archive asset into the department's internal-share folder. */
    internalShare: Outcome;
    /** POST /api/folders/:archive/publish, then …/unpublish. */
    publish: Outcome;
    unpublish: Outcome;
    /** GET /api/registry/:id, POST …/publish/:id, …/unpublish/:id, …/share-publish/:id of a record of the archive. */
    registry: Outcome;
    registryPublish: Outcome;
    registryUnpublish: Outcome;
    sharePublish: Outcome;
  }

  const user: Row = {
    internalShare: ACCEPTED,
    publish: ACCEPTED,
    unpublish: ACCEPTED,
    registry: OK,
    registryPublish: OK,
    registryUnpublish: OK,
    sharePublish: ACCEPTED,
  };
  const readOnly: Row = {
    internalShare: SHARE_REFUSED,
    publish: PUBLISH_REFUSED,
    unpublish: PUBLISH_REFUSED,
    registry: OK,
    registryPublish: FORBIDDEN,
    registryUnpublish: FORBIDDEN,
    sharePublish: FORBIDDEN,
  };
  /**
   * A multi-department user in another department than their default one (issue 21: one rule for
   * sharing, publishing and tagging). The registry's publish asks only the folder's share flag
   * (issue 22 reworks registry publishing).
   */
  const otherDepartment: Row = {
    internalShare: SHARE_REFUSED,
    publish: PUBLISH_REFUSED,
    unpublish: PUBLISH_REFUSED,
    registry: OK,
    registryPublish: OK,
    registryUnpublish: OK,
    sharePublish: SHARE_REFUSED,
  };
  const outsider: Row = {
    internalShare: HIDDEN,
    publish: HIDDEN,
    unpublish: HIDDEN,
    registry: HIDDEN,
    registryPublish: HIDDEN,
    registryUnpublish: HIDDEN,
    sharePublish: HIDDEN,
  };
  const MATRIX: Record<string, Row> = {
    [DEMO_ROLES.user]: user,
    // Approvers are department staff too: SPEC §6 lets whoever has the share flag share and publish
    // from the archives view; their approval rights add to that (their own view is read-only).
    [DEMO_ROLES['approver step 1']]: user,
    [DEMO_ROLES['approver step 2']]: user,
    [DEMO_ROLES.supplier]: outsider,
    [DEMO_ROLES.observer]: readOnly,
    [DEMO_ROLES.basic_user]: user,
    [DEMO_ROLES['multi-department']]: otherDepartment,
    [DEMO_ROLES['branch-sharing']]: user,
    admin: user,
    [FOREIGN.user]: outsider,
  };

  it.each(MATRIX_USERS)('%s: internal share, folder publish, registry', async (username) => {
    const asset = await contentIn(ARCHIVE, `Di ${username}`);
    const other = await contentIn(ARCHIVE, `Ancora di ${username}`);
    const shareBody = (contentIds: string[]) => ({
      type: 'link',
      name: `Ginevra ${username}`,
      contentIds,
      folderId: folder(ARCHIVE),
      password: PASSWORD,
      contentDownload: false,
      language: 'en',
    });
    const actual: Row = {
      internalShare: await write(username, 'POST', '/api/shares', {
        contentIds: [asset],
        folderId: folder(ARCHIVE),
        targetFolderIds: [folder(INTERNAL)],
      }),
      publish: await write(username, 'POST', `/api/folders/${folder(ARCHIVE)}/publish`),
      unpublish: await write(username, 'POST', `/api/folders/${folder(ARCHIVE)}/unpublish`),
      registry: outcome(await send(username, 'GET', '/api/registry/reg-marketing')),
      registryPublish: await write(username, 'POST', '/api/registry/publish/reg-marketing'),
      registryUnpublish: await write(username, 'POST', '/api/registry/unpublish/reg-marketing'),
      sharePublish: await write(
        username,
        'POST',
        '/api/registry/share-publish/reg-marketing',
        shareBody([other]),
      ),
    };
    expect(actual).toEqual(MATRIX[username]);
  });

  it.each(MATRIX_USERS)(
    '%s: lists only the folders they may share into, and only their own external shares',
    async (username) => {
      const folders = await send(username, 'GET', '/api/shares/folders');
      expect(folders.status).toBe(200);
      const ids = (folders.body as SharingFoldersResponse).items.map((f) => f.id);
      const department = username === FOREIGN.user ? 'design' : 'marketing';
      const foreign = [...hub.world.folders.entries()]
        .filter(([prettyId]) =>
          department === 'design' ? prettyId.endsWith('-marketing') : prettyId.startsWith(FOREIGN.archive),
        )
        .map(([, id]) => id);
      expect(ids.filter((id) => foreign.includes(id))).toEqual([]);
      // The shared archive's Website channel (issue 14): listed to its sharers only.
      if (username === DEMO_ROLES.user) expect(ids).toContain(folder('channel-website'));
      if ([DEMO_ROLES.supplier, DEMO_ROLES.observer, FOREIGN.user].some((u) => u === username))
        expect(ids).not.toContain(folder('channel-website'));

      const list = await send(username, 'GET', '/api/external-shares');
      expect(list.status).toBe(200);
      const listed = (list.body as ExternalShareListResponse).items.map((s) => s.id);
      expect(listed.includes(marioShare)).toBe(username === DEMO_ROLES.user);
    },
  );

  it.each(MATRIX_USERS.filter((u) => u !== DEMO_ROLES.user))(
    "%s cannot read (its links included) or revoke mario's share, nor one of its recipients",
    async (username) => {
      const { id: recipient } = await providerDb(hub.t).externalShareRecipient.findFirstOrThrow({
        where: { shareId: marioShare },
        select: { id: true },
      });
      const answers = await unchanged(async () => [
        outcome(await send(username, 'GET', `/api/external-shares/${marioShare}`)),
        outcome(await send(username, 'GET', `/api/external-shares/${marioShare}/events`)),
        outcome(await send(username, 'POST', `/api/external-shares/${marioShare}/revoke`)),
        outcome(
          await send(username, 'POST', `/api/external-shares/${marioShare}/recipients/${recipient}/revoke`),
        ),
      ]);
      expect(answers).toEqual([NO_SHARE, NO_SHARE, NO_SHARE, NO_SHARE]);
    },
  );

  describe("another department's things, unknown ids and malformed ids", () => {
    const mario = DEMO_ROLES.user;

    it.each<[string, string, string, () => unknown, Outcome]>([
      [
        "an internal share of another department's asset",
        'POST',
        '/api/shares',
        () => ({
          contentIds: [hub.world.foreignContent],
          folderId: folder(ARCHIVE),
          targetFolderIds: [folder(INTERNAL)],
        }),
        HIDDEN,
      ],
      [
        "an internal share into another department's folder",
        'POST',
        '/api/shares',
        () => ({
          contentIds: [UNKNOWN_UUID],
          folderId: folder(ARCHIVE),
          targetFolderIds: [folder(FOREIGN.archive)],
        }),
        HIDDEN,
      ],
      [
        'an internal share of a malformed asset id',
        'POST',
        '/api/shares',
        () => ({
          contentIds: ['not-a-uuid'],
          folderId: folder(ARCHIVE),
          targetFolderIds: [folder(INTERNAL)],
        }),
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
      [
        'an internal share into an empty folder id',
        'POST',
        '/api/shares',
        () => ({ contentIds: [UNKNOWN_UUID], folderId: folder(ARCHIVE), targetFolderIds: [''] }),
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
      [
        "publishing another department's archive",
        'POST',
        `/api/folders/{foreign}/publish`,
        () => undefined,
        HIDDEN,
      ],
      [
        "unpublishing another department's archive",
        'POST',
        `/api/folders/{foreign}/unpublish`,
        () => undefined,
        HIDDEN,
      ],
      [
        'publishing an unknown folder',
        'POST',
        `/api/folders/${UNKNOWN_UUID}/publish`,
        () => undefined,
        HIDDEN,
      ],
      [
        'publishing a malformed folder id',
        'POST',
        `/api/folders/${TOO_LONG}/publish`,
        () => undefined,
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
      ["another department's registry record", 'GET', '/api/registry/reg-design', () => undefined, HIDDEN],
      [
        "publishing another department's record",
        'POST',
        '/api/registry/publish/reg-design',
        () => undefined,
        HIDDEN,
      ],
      [
        "share-publishing another department's record",
        'POST',
        '/api/registry/share-publish/reg-design',
        () => ({
          type: 'link',
          name: 'Altrui',
          contentIds: [hub.world.foreignContent],
          folderId: folder(FOREIGN.archive),
          password: PASSWORD,
          contentDownload: false,
          language: 'it',
        }),
        HIDDEN,
      ],
      [
        "share-publishing one's record with another department's asset",
        'POST',
        '/api/registry/share-publish/reg-marketing',
        () => ({
          type: 'link',
          name: 'Altrui',
          contentIds: [hub.world.foreignContent],
          folderId: folder(ARCHIVE),
          password: PASSWORD,
          contentDownload: false,
          language: 'it',
        }),
        HIDDEN,
      ],
      ['an unknown registry record', 'GET', '/api/registry/nope', () => undefined, HIDDEN],
      ['an unknown record to publish', 'POST', '/api/registry/unpublish/nope', () => undefined, HIDDEN],
      [
        'a malformed registry id',
        'POST',
        '/api/registry/publish/bad%20id',
        () => undefined,
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
      [
        'an unknown share to revoke',
        'POST',
        `/api/external-shares/${UNKNOWN_UUID}/revoke`,
        () => undefined,
        NO_SHARE,
      ],
      [
        "an unknown share's log",
        'GET',
        `/api/external-shares/${UNKNOWN_UUID}/events`,
        () => undefined,
        NO_SHARE,
      ],
      [
        'an unknown recipient of his own share',
        'POST',
        `/api/external-shares/{share}/recipients/${UNKNOWN_UUID}/revoke`,
        () => undefined,
        NO_SHARE,
      ],
      [
        'a malformed share id',
        'POST',
        '/api/external-shares/not-a-uuid/revoke',
        () => undefined,
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
      [
        "a malformed share id's log",
        'GET',
        '/api/external-shares/not-a-uuid/events',
        () => undefined,
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
      [
        'a page of his shares of no size',
        'GET',
        '/api/external-shares?limit=0',
        () => undefined,
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
      [
        'a page of his shares after a malformed cursor',
        'GET',
        '/api/external-shares?cursor=%3Cscript%3E',
        () => undefined,
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
      [
        'a page of his shares after a cursor the provider never made',
        'GET',
        `/api/external-shares?cursor=${Buffer.from(`yesterday|${UNKNOWN_UUID}`).toString('base64url')}`,
        () => undefined,
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
      [
        'a malformed recipient id',
        'POST',
        '/api/external-shares/{share}/recipients/1%27%20OR%201=1/revoke',
        () => undefined,
        [400, ERROR_CODES.VALIDATION_FAILED],
      ],
    ])('refuses mario %s', async (_case, method, template, body, expected) => {
      const path = template.replace('{foreign}', folder(FOREIGN.archive)).replace('{share}', marioShare);
      const answer = await unchanged(() => send(mario, method, path, body()));
      expect(outcome(answer)).toEqual(expected);
    });

    it("refuses dina a share of her own department's asset into the Website channel she does not see", async () => {
      const answer = await unchanged(() =>
        send(FOREIGN.user, 'POST', '/api/shares', {
          contentIds: [hub.world.foreignContent],
          folderId: folder(FOREIGN.archive),
          targetFolderIds: [folder('channel-website')],
        }),
      );
      expect(outcome(answer)).toEqual([403, INTERNAL_SHARE_ERROR_CODES.BAD_TARGET]);
    });

    it('lets mario revoke his own share once; the second revoke is SHARE_NOT_FOUND', async () => {
      expect(outcome(await send(mario, 'POST', `/api/external-shares/${marioShare}/revoke`))).toBe(204);
      expect(outcome(await send(mario, 'POST', `/api/external-shares/${marioShare}/revoke`))).toEqual(
        NO_SHARE,
      );
    });
  });

  /**
   * SPEC §6 "Share and external share: need the share flag, the archives view and an asset not in a
   * restricted state": the wizard's share-and-publish (SPEC §2 step 4) of assets still in the
   * enrichment folder is refused by the hub itself, not only hidden by the web, and publishes nothing.
   */
  describe('share-publish of assets in the enrichment folder', () => {
    const mario = DEMO_ROLES.user;
    let waiting: string;
    const sharePublish = (record: string, from: string) =>
      send(mario, 'POST', `/api/registry/share-publish/${record}`, {
        type: 'link',
        name: 'Spider',
        contentIds: [waiting],
        folderId: folder(from),
        password: PASSWORD,
        contentDownload: false,
        language: 'it',
      });

    /** Sends it, and checks nothing came of it: no job, no external share, no record published. */
    async function refusedWithNothingDone(attempt: () => Promise<Answer<{ code?: string }>>) {
      const counts = () =>
        Promise.all([hubDb(hub.t).jobRecord.count(), providerDb(hub.t).externalShare.count()]);
      const published = () =>
        hubDb(hub.t).registryRecord.findMany({
          where: { id: { in: ['reg-marketing', 'reg-enrichment'] } },
          select: { id: true, publishedAt: true },
          orderBy: { id: 'asc' },
        });
      const before = [await counts(), await published()];
      const answer = await unchanged(attempt);
      expect([await counts(), await published()]).toEqual(before);
      return outcome(answer);
    }

    beforeAll(async () => {
      waiting = await contentIn(ENRICHMENT, 'Spider in arricchimento');
      // Both records unpublished, as the wizard finds them.
      await hubDb(hub.t).registryRecord.updateMany({ data: { publishedAt: null, publishedBy: null } });
    });

    it('refuses it from the enrichment folder, where the demo ACL gives no share flag', async () => {
      expect(await refusedWithNothingDone(() => sharePublish('reg-enrichment', ENRICHMENT))).toEqual(
        FORBIDDEN,
      );
    });

    it('refuses it when the provider gives the share flag there: the view is not the archives', async () => {
      await providerDb(hub.t).categoryAcl.updateMany({
        where: { categoryId: folder(ENRICHMENT), write: true },
        data: { share: true },
      });
      for (const record of ['reg-enrichment', 'reg-marketing'])
        expect([record, await refusedWithNothingDone(() => sharePublish(record, ENRICHMENT))]).toEqual([
          record,
          SHARE_REFUSED,
        ]);
    });

    // Issue 24: an asset not in the folder the request names is one 409 everywhere.
    it('refuses it when the archive is claimed as the folder the asset is shared from', async () => {
      expect(await refusedWithNothingDone(() => sharePublish('reg-marketing', ARCHIVE))).toEqual([
        409,
        SHARE_ERROR_CODES.NOT_IN_FOLDER,
      ]);
    });
  });
});
