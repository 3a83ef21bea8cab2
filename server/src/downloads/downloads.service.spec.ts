import { ERROR_CODES } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentAtStep,
  contentIn,
  demoProvider,
  fixedClock,
  userOf,
} from '../../test/support/workflow-factories';
import { CLOCK } from '../common/clock';
import { PLACES_PROVIDERS } from '../places/places.module';
import { DownloadsService } from './downloads.service';

let provider: InMemoryProvider;
let downloads: DownloadsService;
const mario = userOf('mario.rossi');
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;

beforeEach(async () => {
  provider = demoProvider();
  const module = await provider.compile([
    DownloadsService,
    ...PLACES_PROVIDERS,
    { provide: CLOCK, useValue: fixedClock(new Date('2026-06-15T08:05:00Z')) },
  ]);
  downloads = module.get(DownloadsService);
});

const request = (contentIds: string[], folderId?: string) => ({
  contentIds,
  images: ['original', 'original'],
  videos: ['web'],
  ...(folderId ? { folderId } : {}),
});

/** Refused as a whole: the code, and nothing asked of the provider's archives. */
async function refused(create: Promise<unknown>, expected: object): Promise<void> {
  await expect(create).rejects.toMatchObject(expected);
  expect(provider.count('prepare')).toBe(0);
}

describe('SPEC §6 "Download", checked for every asset before anything is prepared', () => {
  it('prepares the ZIP of assets in the department archive, renditions named as the provider names them', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    expect(await downloads.create(mario, request([c, c]))).toEqual({ downloadId: expect.any(String) });
    expect(provider.calls.find((x) => x.call === 'prepare')!.args[1]).toEqual({
      contentIds: [c],
      image: ['SOURCE'],
      video: ['WEBHD'],
      locale: 'EN',
    });
  });

  it.each([
    ['it', 'IT'],
    ['fr', 'EN'],
  ] as const)("names the ZIP's entries in a %s requester's asset locale %s", async (lang, locale) => {
    const c = contentIn(provider, [FOLDERS.archive]);
    await downloads.create(mario, { ...request([c]), lang });
    expect(provider.calls.find((x) => x.call === 'prepare')!.args[1]).toMatchObject({ locale });
  });

  it.each([
    ['the rejected folder', FOLDERS.rejected],
    ["the supplier's own folder", FOLDERS.supplier],
  ])('allows %s', async (_, folder) => {
    const c = contentIn(provider, [folder]);
    await expect(downloads.create(mario, request([c], id(folder)))).resolves.toBeDefined();
  });

  it('refuses an approval step, naming the refused assets, and prepares nothing for the others', async () => {
    const allowed = contentIn(provider, [FOLDERS.archive]);
    const atStep = contentAtStep(provider, 1);
    await refused(downloads.create(mario, request([allowed, atStep])), {
      code: ERROR_CODES.DOWNLOAD_NOT_ALLOWED,
      details: { ids: [atStep] },
    });
  });

  it('received from a supplier: only with the share right on the folder', async () => {
    const delivered = contentIn(provider, [FOLDERS.supplierWork]);
    await refused(downloads.create(mario, request([delivered], id(FOLDERS.supplierWork))), {
      code: ERROR_CODES.DOWNLOAD_NOT_ALLOWED,
    });
    provider.folderByPrettyId(FOLDERS.supplierWork).acl.set('L/MARKETING', { share: true });
    await expect(
      downloads.create(mario, request([delivered], id(FOLDERS.supplierWork))),
    ).resolves.toBeDefined();
  });

  it('asked from a folder, that folder decides even when another folder of the asset would allow it', async () => {
    const c = contentIn(provider, [FOLDERS.archive, FOLDERS.step1]);
    await refused(downloads.create(mario, request([c], id(FOLDERS.step1))), {
      code: ERROR_CODES.DOWNLOAD_NOT_ALLOWED,
    });
    await expect(downloads.create(mario, request([c]))).resolves.toBeDefined();
  });

  // Issue 24: an asset not in the folder the request names is one 409, in the caller's code.
  it('asked from a folder the asset is not in: refused', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    await refused(downloads.create(mario, request([c], id(FOLDERS.rejected))), {
      code: ERROR_CODES.DOWNLOAD_NOT_IN_FOLDER,
    });
  });

  it('an asset the user cannot see is NOT_FOUND', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    await refused(downloads.create(userOf('foto.studio'), request([c])), { code: ERROR_CODES.NOT_FOUND });
  });

  it('no resolution chosen is invalid', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    await refused(downloads.create(mario, { contentIds: [c], images: [], videos: [] }), {
      code: ERROR_CODES.VALIDATION_FAILED,
    });
  });
});

it('opens the ZIP under paddock-YYYYMMDD-HHmm.zip by the clock (UTC)', async () => {
  const c = contentIn(provider, [FOLDERS.archive]);
  const { downloadId } = await downloads.create(mario, request([c]));
  expect(await downloads.open(mario, downloadId)).toMatchObject({ fileName: 'paddock-20260615-0805.zip' });
});
