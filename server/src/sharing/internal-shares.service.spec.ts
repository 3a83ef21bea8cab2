import {
  ASSET_ERROR_CODES,
  ERROR_CODES,
  FIXED_FOLDER_IDS,
  INTERNAL_SHARE_ERROR_CODES as CODES,
  SHARE_ERROR_CODES,
  UNREADABLE_STATE,
} from '@paddock/rules';
import { CLOCK } from '../common/clock';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentIn,
  demoProvider,
  fixedClock,
  folderIn,
  recordingJobs,
  userOf,
} from '../../test/support/workflow-factories';
import { JobName } from '../jobs/job-catalogue';
import { JobsService } from '../jobs/jobs.service';
import { PLACES_PROVIDERS } from '../places/places.module';
import { InternalSharesService } from './internal-shares.service';

/** The demo's sharing channels: one below the department's internally shared folder, one in the shared archive. */
const PRESS = 'channel-marketing-press';
const WEBSITE = 'channel-website';
const mario = userOf('mario.rossi');

let provider: InMemoryProvider;
let jobs: ReturnType<typeof recordingJobs>;
let service: InternalSharesService;

const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;

/** Hides a folder from mario: none of his groups keeps an entry on it. */
function hiddenFromMario(prettyId: string): void {
  for (const group of provider.members.get('mario.rossi')!)
    provider.folderByPrettyId(prettyId).acl.delete(group);
}

beforeEach(async () => {
  provider = demoProvider();
  // The organisation's shared archive and its channel, as the demo seeds them: staff see, writers share.
  const [staff, writers] = provider.members.get('mario.rossi')!;
  const acl = { [staff!]: {}, [writers!]: { share: true } };
  folderIn(provider, FIXED_FOLDER_IDS.sharedArchive, null, acl);
  folderIn(provider, WEBSITE, FIXED_FOLDER_IDS.sharedArchive, acl);
  jobs = recordingJobs();
  const module = await provider.compile([
    InternalSharesService,
    ...PLACES_PROVIDERS,
    { provide: JobsService, useValue: jobs },
    { provide: CLOCK, useValue: fixedClock() },
  ]);
  service = module.get(InternalSharesService);
});

/** A refusal: its code, status (HTTP_STATUS_OF_CODE) and details; nothing enqueued, nothing linked. */
async function refused(
  submit: Promise<unknown>,
  expected: { code: string; status: number; details?: unknown },
): Promise<void> {
  await expect(submit).rejects.toMatchObject(expected);
  expect(jobs.submitted).toEqual([]);
  expect(provider.count('linkContents')).toBe(0);
}

const from = (contentIds: string[], targets: string[], folder: string = FOLDERS.archive) => ({
  contentIds,
  folderId: id(folder),
  targetFolderIds: targets.map(id),
});

describe('sharing folders', () => {
  it('the folders the user may share into, each with the names of its path', async () => {
    const folders = await service.sharingFolders(mario);
    expect(folders.map((f) => f.prettyId).sort()).toEqual([PRESS, WEBSITE, FOLDERS.internalShared].sort());
    expect(folders.find((f) => f.prettyId === PRESS)!.path.map((p) => p.prettyId)).toEqual([
      FOLDERS.top,
      FOLDERS.internalShared,
    ]);
    expect(folders.find((f) => f.prettyId === WEBSITE)!.path.map((p) => p.prettyId)).toEqual([
      FIXED_FOLDER_IDS.sharedArchive,
    ]);
  });

  it('none for an observer, who has no share right', async () => {
    expect(await service.sharingFolders(userOf('paola.neri'))).toEqual([]);
  });
});

describe('share', () => {
  it('a job linking the assets into each target, which says whether it is an internal share', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    expect(await service.share(mario, from([c, c], [PRESS, WEBSITE, PRESS]))).toEqual({ jobId: 'job-1' });
    expect(jobs.submitted).toEqual([
      {
        name: JobName.InternalShare,
        actor: 'mario.rossi',
        payload: {
          folderId: id(FOLDERS.archive),
          contentIds: [c],
          targets: [
            { folderId: id(PRESS), internal: true },
            { folderId: id(WEBSITE), internal: false },
          ],
        },
      },
    ]);
  });

  it('the internally shared folder itself is an internal share', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    await service.share(mario, from([c], [FOLDERS.internalShared]));
    expect(jobs.submitted[0]!.payload).toMatchObject({
      targets: [{ folderId: id(FOLDERS.internalShared), internal: true }],
    });
  });

  describe('refuses', () => {
    it('an asset the user cannot see (NOT_FOUND)', async () => {
      const hidden = contentIn(provider, [FOLDERS.junk]);
      await refused(service.share(mario, from([hidden], [PRESS])), {
        code: ERROR_CODES.NOT_FOUND,
        status: 404,
      });
    });

    it('from a place SPEC §6 does not share from (SHARE_NOT_ALLOWED), naming the assets', async () => {
      const c = contentIn(provider, [FOLDERS.enrichment]);
      await refused(service.share(mario, from([c], [PRESS], FOLDERS.enrichment)), {
        code: SHARE_ERROR_CODES.NOT_ALLOWED,
        status: 403,
        details: { ids: [c] },
      });
    });

    it('a file that cannot be read (UNREADABLE)', async () => {
      const c = contentIn(provider, [FOLDERS.archive]);
      provider.contents.get(c)!.state = UNREADABLE_STATE;
      await refused(service.share(mario, from([c], [PRESS])), {
        code: ASSET_ERROR_CODES.UNREADABLE,
        status: 409,
      });
    });

    it('a target that is not a folder the user may share into (BAD_TARGET), naming it', async () => {
      const c = contentIn(provider, [FOLDERS.archive]);
      await refused(service.share(mario, from([c], [PRESS, FOLDERS.enrichment])), {
        code: CODES.BAD_TARGET,
        status: 403,
        details: { folderIds: [id(FOLDERS.enrichment)] },
      });
    });

    it('a target that holds a shared copy already (ALREADY_SHARED)', async () => {
      const c = contentIn(provider, [FOLDERS.archive, PRESS]);
      await refused(service.share(mario, from([c], [PRESS])), {
        code: CODES.ALREADY_SHARED,
        status: 409,
        details: { ids: [c], folderIds: [id(PRESS)] },
      });
    });

    it('a target with a shared copy below it, even one the user does not see', async () => {
      const c = contentIn(provider, [FOLDERS.archive, PRESS]);
      hiddenFromMario(PRESS);
      await refused(service.share(mario, from([c], [FOLDERS.internalShared])), {
        code: CODES.ALREADY_SHARED,
        status: 409,
        details: { ids: [c], folderIds: [id(FOLDERS.internalShared)] },
      });
    });
  });
});
