import { ERROR_CODES } from '@paddock/rules';
import { providerDb, type SignedIn } from '../auth/auth-fixtures';
import { groupIdOf } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { insertContent } from '../search/search-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { as, post, seedDemoOrganisation } from '../workflow/workflow-fixtures';

jest.setTimeout(120_000);

/**
 * SPEC §6 "Download: archives, supplier, rejected, or supplierRecieved with share", checked by the
 * hub before anything is prepared, over the real hub and built-in provider with the demo
 * organisation. Expected answers are written out from the SPEC text and the demo ACLs.
 */

let t: TestApp;
let folders: Map<string, string>;
const sessions = new Map<string, SignedIn>();
/** One content per folder (by prettyId), only there. */
const contentIn = new Map<string, string>();

/** The supplier's received folders, with and without the share right for the supplier. */
const SUPPLIER_SHARED = 'from-maker-shared';
const SUPPLIER_UNSHARED = 'from-maker-unshared';

const PLACES = [
  'arch04-marketing',
  'rftt00-marketing',
  'arrc03-marketing',
  'appstp1-marketing',
  'lvrr02-marketing',
  'inbox-marketing-fotostudio',
  SUPPLIER_SHARED,
  SUPPLIER_UNSHARED,
];

beforeAll(async () => {
  t = await startTestApp({ PROCESS_ROLE: 'api' });
  folders = await seedDemoOrganisation(t);
  for (const [prettyId, share] of [
    [SUPPLIER_SHARED, true],
    [SUPPLIER_UNSHARED, false],
  ] as const)
    folders.set(prettyId, await supplierFolder(prettyId, share));
  for (const prettyId of PLACES)
    contentIn.set(
      prettyId,
      // Owned by nobody who signs in: an owner may see a content whatever its folders.
      await insertContent(t, { name: `${prettyId}.jpg`, folders: [folders.get(prettyId)!], owner: 'nobody' }),
    );
  for (const user of ['mario.rossi', 'anna.bianchi', 'foto.studio']) sessions.set(user, await as(t, user));
});
afterAll(() => t?.close());

/**
 * A folder the supplier receives in, beside the demo's (the seeder takes whole trees): the supplier
 * sees it, with or without share; the workflow's service account reads it, as every folder.
 */
async function supplierFolder(prettyId: string, share: boolean): Promise<string> {
  const db = providerDb(t);
  const { id } = await db.category.create({
    data: {
      prettyId,
      parentId: folders.get('frnt01-marketing-fotostudio')!,
      isSupplier: true,
      locales: [
        { locale: 'IT', name: prettyId, description: '' },
        { locale: 'EN', name: prettyId, description: '' },
      ],
    },
    select: { id: true },
  });
  await db.categoryAcl.createMany({
    data: [
      { categoryId: id, groupId: groupIdOf('SUP.FOTOSTUDIO'), show: true, share },
      { categoryId: id, groupId: groupIdOf('PADDOCK.WORKFLOW'), show: true, write: true },
    ],
  });
  return id;
}

async function requestDownload(
  user: string,
  contentIds: string[],
  folderPrettyId?: string,
): Promise<{ status: number; code: string | null; ids?: string[]; prepared: number }> {
  const before = await providerDb(t).archive.count();
  const res = await post<{ code?: string; downloadId?: string; details?: { ids?: string[] } }>(
    t,
    sessions.get(user)!,
    '/api/downloads',
    {
      contentIds,
      images: ['original'],
      videos: [],
      ...(folderPrettyId ? { folderId: folders.get(folderPrettyId) } : {}),
    },
  );
  const prepared = (await providerDb(t).archive.count()) - before;
  return { status: res.status, code: res.body.code ?? null, ids: res.body.details?.ids, prepared };
}

describe('SPEC §6 download rights on POST /api/downloads', () => {
  it.each([
    ['mario.rossi', 'arch04-marketing', 'the department archive'],
    ['mario.rossi', 'rftt00-marketing', 'the rejected folder'],
    ['anna.bianchi', 'arch04-marketing', 'the department archive, as an approver'],
    ['foto.studio', SUPPLIER_SHARED, 'a received supplier folder with the share right'],
  ])('%s may download from %s (%s)', async (user, place) => {
    const answer = await requestDownload(user, [contentIn.get(place)!], place);
    expect([answer.status, answer.code, answer.prepared]).toEqual([200, null, 1]);
  });

  it.each([
    ['anna.bianchi', 'appstp1-marketing', 'an approval step'],
    ['mario.rossi', 'arrc03-marketing', 'enrichment'],
    ['mario.rossi', 'lvrr02-marketing', 'the supplier work folder, received and without share for staff'],
    ['foto.studio', 'inbox-marketing-fotostudio', 'a received supplier folder without the share right'],
    ['foto.studio', SUPPLIER_UNSHARED, 'a received supplier folder without the share right'],
  ])('%s is refused in %s (%s), and nothing is prepared', async (user, place) => {
    const answer = await requestDownload(user, [contentIn.get(place)!], place);
    expect([answer.status, answer.code, answer.prepared]).toEqual([403, ERROR_CODES.DOWNLOAD_NOT_ALLOWED, 0]);
  });

  it('refuses the whole request when one asset is refused, naming it', async () => {
    const allowed = contentIn.get('arch04-marketing')!;
    const refused = contentIn.get('appstp1-marketing')!;
    const answer = await requestDownload('anna.bianchi', [allowed, refused]);
    expect(answer).toEqual({
      status: 403,
      code: ERROR_CODES.DOWNLOAD_NOT_ALLOWED,
      ids: [refused],
      prepared: 0,
    });
  });

  it('without a folder, allows an asset some folder of which allows it', async () => {
    const both = await insertContent(t, {
      name: 'in-step-and-archive.jpg',
      folders: [folders.get('appstp1-marketing')!, folders.get('arch04-marketing')!],
      owner: 'nobody',
    });
    expect((await requestDownload('anna.bianchi', [both])).status).toBe(200);
    // Looked at in the approval step, that folder decides.
    expect((await requestDownload('anna.bianchi', [both], 'appstp1-marketing')).code).toBe(
      ERROR_CODES.DOWNLOAD_NOT_ALLOWED,
    );
  });

  it('answers an asset that is not in the folder named as a stale view (409), like every selection', async () => {
    const answer = await requestDownload(
      'mario.rossi',
      [contentIn.get('arrc03-marketing')!],
      'arch04-marketing',
    );
    expect([answer.status, answer.code, answer.prepared]).toEqual([
      409,
      ERROR_CODES.DOWNLOAD_NOT_IN_FOLDER,
      0,
    ]);
  });
});
