import {
  ASSET_ERROR_CODES,
  EMBARGO_KEY,
  FIXED_FOLDER_IDS,
  INTERNAL_SHARE_ERROR_CODES,
  INTERNAL_SHARE_METADATA,
  SHARE_ERROR_CODES,
  SHARING_TAGS,
  internalShareDate,
  parseInternalShares,
  type AssetDetail,
  type AssetListResponse,
  type SharingFoldersResponse,
} from '@paddock/rules';
import { hubDb, providerDb, type SignedIn } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  as,
  contentsIn,
  finished,
  get,
  post,
  seedDemoOrganisation,
  stateOf,
  type JobAnswer,
} from '../workflow/workflow-fixtures';

type FolderPublishAction = 'publish' | 'unpublish';

jest.setTimeout(180_000);

/**
 * Internal shares and folder publishing (SPEC §4) over the real hub, workers, built-in provider,
 * PostgreSQL and Redis: the sharing-folder lookup, the job, its metadata and audit, the refusals.
 */
let t: TestApp;
let folders: Map<string, string>;
let mario: SignedIn;
let paola: SignedIn;
let archive: string;
let shared: string;

beforeAll(async () => {
  t = await startTestApp();
  folders = await seedDemoOrganisation(t);
  archive = folders.get('arch04-marketing')!;
  shared = folders.get('arch06-marketing')!;
  mario = await as(t, 'mario.rossi');
  paola = await as(t, 'paola.neri');
});

afterAll(async () => {
  await t?.close();
});

function share(contentIds: string[], targetFolderIds = [shared], s = mario) {
  return post<{ jobId: string; code?: string; details?: { ids: string[]; folderIds: string[] } }>(
    t,
    s,
    '/api/shares',
    { contentIds, folderId: archive, targetFolderIds },
  );
}

const jobCount = () => hubDb(t).jobRecord.count();

/** ACL rows of a new folder, by group name. */
async function aclOf(rights: Record<string, { share?: boolean; write?: boolean; manage?: boolean }>) {
  const groups = await providerDb(t).group.findMany({ where: { name: { in: Object.keys(rights) } } });
  return groups.map((g) => ({ groupId: g.id, ...rights[g.name] }));
}

describe('internal share', () => {
  it('lists the internal-share folders the user may share into, not the archive', async () => {
    const res = await get<SharingFoldersResponse>(t, mario, '/api/shares/folders');
    expect(res.status).toBe(200);
    const ids = res.body.items.map((f) => f.id);
    expect(ids).toContain(shared);
    expect(ids).not.toContain(archive);
    expect(res.body.items.find((f) => f.id === shared)?.names.EN).toBe('Internally shared');
  });

  it('links the assets, tags them and records folder and date; a second share of the tree is refused until the copy is deleted', async () => {
    const ids = await contentsIn(t, folders, ['arch04-marketing'], 2);
    const submitted = await share(ids);
    expect(submitted.status).toBe(202);
    const job = await finished(t, mario, submitted.body.jobId);
    expect(job).toMatchObject({ state: 'completed', result: { total: 2, done: 2, failed: 0 } });
    const today = internalShareDate(new Date());
    for (const id of ids) {
      const state = await stateOf(t, id);
      expect(state?.folders).toEqual(['arch04-marketing', 'arch06-marketing']);
      expect(state?.tags).toContain(SHARING_TAGS.internalShared);
      expect(parseInternalShares(state?.meta[INTERNAL_SHARE_METADATA])).toEqual([
        { folderId: shared, date: today },
      ]);
    }
    const audited = await hubDb(t).auditRecord.findMany({
      where: { jobId: submitted.body.jobId, assetId: { not: null } },
    });
    expect(audited.map((a) => a.assetId).sort()).toEqual([...ids].sort());

    const jobs = await jobCount();
    const again = await share(ids);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(INTERNAL_SHARE_ERROR_CODES.ALREADY_SHARED);
    expect(again.body.details?.ids.sort()).toEqual([...ids].sort());
    expect(again.body.details?.folderIds).toEqual([shared]);
    expect(await jobCount()).toBe(jobs);

    // A sub-folder of the shared tree is the same tree.
    const below = await providerDb(t).category.create({
      data: {
        prettyId: 'arch06-marketing-press',
        parentId: shared,
        locales: [{ locale: 'EN', name: 'Press' }],
        acl: {
          create: await aclOf({ 'WRITE.MARKETING': { share: true }, 'PADDOCK.WORKFLOW': { write: true } }),
        },
      },
    });
    await providerDb(t).contentCategory.create({ data: { contentId: ids[0]!, categoryId: below.id } });
    await providerDb(t).contentCategory.delete({
      where: { categoryId_contentId: { categoryId: shared, contentId: ids[0]! } },
    });
    expect((await share([ids[0]!])).body.code).toBe(INTERNAL_SHARE_ERROR_CODES.ALREADY_SHARED);

    // The shared copy deleted: shared again, the metadata keeps one entry per folder.
    await providerDb(t).contentCategory.delete({
      where: { categoryId_contentId: { categoryId: below.id, contentId: ids[0]! } },
    });
    const third = await share([ids[0]!]);
    expect(third.status).toBe(202);
    expect(await finished(t, mario, third.body.jobId)).toMatchObject({ state: 'completed' });
    const state = await stateOf(t, ids[0]!);
    expect(state?.folders).toEqual(['arch04-marketing', 'arch06-marketing']);
    expect(parseInternalShares(state?.meta[INTERNAL_SHARE_METADATA])).toEqual([
      { folderId: shared, date: today },
    ]);
  });

  it('refuses a target outside the sharing folders, a restricted asset and an unknown one, creating nothing', async () => {
    const [id] = await contentsIn(t, folders, ['arch04-marketing']);
    const [embargoed] = await contentsIn(t, folders, ['arch04-marketing'], 1, {
      metadata: [{ key: EMBARGO_KEY, value: '2999-01-01' }],
    });
    const jobs = await jobCount();
    expect(await share([id!], [archive])).toMatchObject({
      status: 403,
      body: { code: INTERNAL_SHARE_ERROR_CODES.BAD_TARGET, details: { folderIds: [archive] } },
    });
    expect(await share([embargoed!])).toMatchObject({
      status: 403,
      body: { code: SHARE_ERROR_CODES.NOT_ALLOWED, details: { ids: [embargoed] } },
    });
    // Issue 23: a file the provider could not read (make-derivatives.int-spec: a corrupt file ends FAILED).
    const [unreadable] = await contentsIn(t, folders, ['arch04-marketing']);
    await providerDb(t).content.update({ where: { id: unreadable }, data: { state: 'FAILED' } });
    expect(await share([id!, unreadable!])).toMatchObject({
      status: 409,
      body: { code: ASSET_ERROR_CODES.UNREADABLE, details: { ids: [unreadable] } },
    });
    expect((await share(['00000000-0000-4000-8000-000000000000'])).status).toBe(404);
    expect((await share([id!], [])).status).toBe(400);
    expect(await jobCount()).toBe(jobs);
    expect((await stateOf(t, id!))?.folders).toEqual(['arch04-marketing']);
  });
});

/**
 * Issue 14: the channels below the organisation's shared archive (SPEC §3 fixed id) are sharing
 * folders too (SPEC §7 sharing-folder lookup, §4 internal share). SPEC §4 tags and dates a target
 * only "if a folder is an internal share": a channel of the shared archive is not (it is the
 * archives' 'channels' sub-state of the shared archive, not a department's internal sharing), so a
 * share there links the asset and adds no internal-share tag or metadata.
 */
describe('internal share into a channel of the shared archive', () => {
  let website: string;
  let heritageOnly: string;

  beforeAll(async () => {
    website = folders.get('channel-website')!;
    // A channel only Heritage sees and shares into: Marketing's mario has no sight of it.
    heritageOnly = (
      await providerDb(t).category.create({
        data: {
          prettyId: 'channel-heritage-restauri',
          parentId: folders.get(FIXED_FOLDER_IDS.sharedArchive)!,
          locales: [{ locale: 'EN', name: 'Restorations' }],
          acl: {
            create: await aclOf({
              'L/HERITAGE': {},
              'WRITE.HERITAGE': { share: true },
              'PADDOCK.WORKFLOW': { write: true },
            }),
          },
        },
      })
    ).id;
  });

  it('lists the channels the user sees and shares into, below the shared archive, not the archive itself', async () => {
    const res = await get<SharingFoldersResponse>(t, mario, '/api/shares/folders');
    const listed = res.body.items.find((f) => f.id === website);
    expect(listed).toMatchObject({
      names: { EN: 'Website' },
      path: [{ prettyId: 'shared-archive', names: { EN: 'Shared archive' } }],
    });
    const ids = res.body.items.map((f) => f.id);
    expect(ids).not.toContain(folders.get(FIXED_FOLDER_IDS.sharedArchive));
    expect(ids).not.toContain(heritageOnly);
    // An observer sees the channel but may not share into it.
    const observed = await get<SharingFoldersResponse>(t, paola, '/api/shares/folders');
    expect(observed.body.items.map((f) => f.id)).not.toContain(website);
  });

  it('links the asset into the Website channel, with no internal-share tag or metadata', async () => {
    const [id] = await contentsIn(t, folders, ['arch04-marketing']);
    const submitted = await share([id!], [website]);
    expect(submitted.status).toBe(202);
    expect(await finished(t, mario, submitted.body.jobId)).toMatchObject({
      state: 'completed',
      result: { total: 1, done: 1, failed: 0 },
    });
    const state = await stateOf(t, id!);
    expect(state?.folders).toEqual(['arch04-marketing', 'channel-website']);
    expect(state?.tags).not.toContain(SHARING_TAGS.internalShared);
    expect(state?.meta[INTERNAL_SHARE_METADATA]).toBeUndefined();
  });

  it("shows the channel's readers its published contents only, counts, detail and download included", async () => {
    const [id] = await contentsIn(t, folders, ['channel-website']);
    const archiveId = folders.get(FIXED_FOLDER_IDS.sharedArchive)!;
    const publishing = async (action: FolderPublishAction) => {
      const submitted = await post<{ jobId: string }>(t, mario, `/api/folders/${website}/${action}`, {});
      expect((await finished(t, mario, submitted.body.jobId)).state).toBe('completed');
    };
    // In the channel, and across the shared archive with its channels: the page, and its total.
    const lists = async (user: SignedIn, query: string) => {
      const listing = await get<AssetListResponse>(t, user, `/api/assets?${query}&limit=100`);
      const total = await get<{ totalResults: number }>(t, user, `/api/assets/total?${query}`);
      expect(total.body.totalResults).toBe(listing.body.items.length);
      return listing.body.items.some((a) => a.id === id);
    };
    const sees = async (user: SignedIn) => [
      await lists(user, `folderId=${website}`),
      await lists(user, `folderId=${archiveId}&subfolders=true`),
      (await get(t, user, `/api/assets/${id}?folderId=${website}`)).status,
      (await get(t, user, `/api/assets/${id}`)).status,
      (
        await post(t, user, '/api/downloads', {
          contentIds: [id],
          folderId: website,
          images: ['original'],
          videos: [],
        })
      ).status,
    ];
    const hidden = [false, false, 404, 404, 404];
    const shown = [true, true, 200, 200, 200];
    expect(await sees(paola)).toEqual(hidden);
    expect(await sees(mario)).toEqual(shown);
    await publishing('publish');
    expect(await sees(paola)).toEqual(shown);
    await publishing('unpublish');
    expect(await sees(paola)).toEqual(hidden);
    expect(await sees(mario)).toEqual(shown);
    // The unpublished asked for by a reader: none, rather than the filter undone.
    expect(await lists(paola, `folderId=${website}&published=false`)).toBe(false);
  });

  it('refuses a channel the user does not see, posted anyway, creating nothing', async () => {
    const [id] = await contentsIn(t, folders, ['arch04-marketing']);
    const jobs = await jobCount();
    expect(await share([id!], [heritageOnly])).toMatchObject({
      status: 403,
      body: { code: INTERNAL_SHARE_ERROR_CODES.BAD_TARGET, details: { folderIds: [heritageOnly] } },
    });
    expect(await jobCount()).toBe(jobs);
    expect((await stateOf(t, id!))?.folders).toEqual(['arch04-marketing']);
  });
});

describe('publish and unpublish a folder', () => {
  /** A new folder of the marketing archive that its writers share, publish and manage. */
  async function archiveFolder(prettyId: string, name: string) {
    const folder = await providerDb(t).category.create({
      data: {
        prettyId,
        parentId: archive,
        locales: [{ locale: 'EN', name }],
        acl: {
          create: await aclOf({
            'WRITE.MARKETING': { share: true, write: true, manage: true },
            'L/MARKETING': {},
            'OBS.MARKETING': {},
            'PADDOCK.WORKFLOW': { write: true },
          }),
        },
      },
    });
    folders.set(prettyId, folder.id);
    return folder;
  }

  /** Mario publishes or unpublishes a folder: accepted (202), then the job as it ended. */
  async function publishJob(folderId: string, action: FolderPublishAction): Promise<JobAnswer> {
    const submitted = await post<{ jobId: string }>(t, mario, `/api/folders/${folderId}/${action}`, {});
    expect(submitted.status).toBe(202);
    return finished(t, mario, submitted.body.jobId);
  }

  it('counts the contents published, none the second time, and those removed', async () => {
    const press = await archiveFolder('arch04-marketing-press', 'Press kit');
    const ids = await contentsIn(t, folders, [press.prettyId], 3);
    const run = (action: FolderPublishAction) => publishJob(press.id, action);
    // What another user sees: the listing's cards and the detail say published, then no longer.
    const seenByPaola = async () => {
      const listing = await get<AssetListResponse>(t, paola, `/api/assets?folderId=${press.id}`);
      const details = await Promise.all(ids.map((id) => get<AssetDetail>(t, paola, `/api/assets/${id}`)));
      return [...listing.body.items.map((a) => a.published), ...details.map((d) => d.body.published)];
    };
    expect(await seenByPaola()).toEqual(Array(6).fill(false));
    expect(await run('publish')).toMatchObject({ state: 'completed', result: { total: 3, changed: 3 } });
    for (const id of ids) expect((await stateOf(t, id))?.tags).toContain(SHARING_TAGS.published);
    expect(await seenByPaola()).toEqual(Array(6).fill(true));
    expect(await run('publish')).toMatchObject({ result: { total: 3, changed: 0 } });
    expect(await run('unpublish')).toMatchObject({ result: { total: 3, changed: 3 } });
    for (const id of ids) expect((await stateOf(t, id))?.tags).not.toContain(SHARING_TAGS.published);
    expect(await seenByPaola()).toEqual(Array(6).fill(false));

    const jobs = await jobCount();
    expect(await post(t, paola, `/api/folders/${press.id}/publish`, {})).toMatchObject({
      status: 403,
      body: { code: INTERNAL_SHARE_ERROR_CODES.PUBLISH_NOT_ALLOWED },
    });
    expect(await jobCount()).toBe(jobs);
  });

  it('changes what the published filter lists, in the folder and across the archive, counts included', async () => {
    const events = await archiveFolder('arch04-marketing-events', 'Events');
    const ids = (await contentsIn(t, folders, [events.prettyId], 2)).sort();
    const [other] = await contentsIn(t, folders, ['arch04-marketing'], 1);
    const publishing = async (action: FolderPublishAction) =>
      expect((await publishJob(events.id, action)).state).toBe('completed');
    // What paola lists with the filter: in the folder, and in the whole archive with its sub-folders.
    const listed = async (published: boolean) => {
      const inFolder = await get<AssetListResponse>(
        t,
        paola,
        `/api/assets?folderId=${events.id}&published=${published}`,
      );
      const query = `folderId=${archive}&subfolders=true&published=${published}`;
      const inArchive = await get<AssetListResponse>(t, paola, `/api/assets?${query}&limit=100`);
      const total = await get<{ totalResults: number }>(t, paola, `/api/assets/total?${query}`);
      const archiveIds = inArchive.body.items.map((a) => a.id);
      expect(total.body.totalResults).toBe(archiveIds.length);
      return {
        folder: inFolder.body.items.map((a) => a.id).sort(),
        archive: archiveIds.filter((id) => [...ids, other].includes(id)).sort(),
      };
    };
    expect(await listed(true)).toEqual({ folder: [], archive: [] });
    expect(await listed(false)).toEqual({ folder: ids, archive: [...ids, other].sort() });
    await publishing('publish');
    expect(await listed(true)).toEqual({ folder: ids, archive: ids });
    expect(await listed(false)).toEqual({ folder: [], archive: [other] });
    await publishing('unpublish');
    expect(await listed(true)).toEqual({ folder: [], archive: [] });

    const bad = await get<{ code: string }>(t, paola, `/api/assets?folderId=${events.id}&published=maybe`);
    expect(bad.status).toBe(400);
  });
});
