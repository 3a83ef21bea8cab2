import { ERROR_CODES, WORKFLOW_METADATA as META, WORKFLOW_TAGS as TAGS } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import { FOLDERS, contentIn, demoProvider, userOf } from '../../test/support/workflow-factories';
import { WorkflowEntry } from './workflow-entry';
import { WorkflowFolders } from '../places/workflow-folders';

let provider: InMemoryProvider;
let entry: WorkflowEntry;
const supplier = userOf('foto.studio');
const mario = userOf('mario.rossi');
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;

beforeEach(async () => {
  provider = demoProvider();
  const module = await provider.compile([WorkflowEntry, WorkflowFolders]);
  entry = module.get(WorkflowEntry);
});

describe('an upload entering the workflow', () => {
  it('a delivery into the supplier work folder is to enter approval step 1 once its pre-flight lets it', async () => {
    expect(await entry.afterInsert(supplier, id(FOLDERS.supplierWork))).toEqual({
      kind: 'enterStep1',
      folderId: id(FOLDERS.step1),
    });
    // Nothing is linked yet: the pre-flight job does it.
    expect(provider.count('linkContents')).toBe(0);
  });

  it('a staff upload into the department archive stays out of the workflow', async () => {
    expect(await entry.afterInsert(mario, id(FOLDERS.archive))).toBeNull();
  });
});

describe('a new version', () => {
  it('of a rejected content in the rejected folder goes back to step 1 by the resubmit job', async () => {
    const c = contentIn(provider, [FOLDERS.rejected, FOLDERS.supplierWork], {
      tags: [TAGS.refused],
      metadata: { [META.note]: 'riflesso' },
    });
    expect(await entry.afterNewVersion(mario, c)).toEqual({
      kind: 'resubmit',
      payload: {
        folderId: id(FOLDERS.rejected),
        plan: [{ contentId: c, from: id(FOLDERS.rejected), to: id(FOLDERS.step1) }],
        junkFolderId: id(FOLDERS.junk),
      },
    });
  });

  it('of a delivery refused while only in the supplier work folder: from nowhere to step 1', async () => {
    const c = contentIn(provider, [FOLDERS.supplierWork], { tags: [TAGS.refused], owner: 'foto.studio' });
    expect(await entry.afterNewVersion(supplier, c)).toMatchObject({
      kind: 'resubmit',
      payload: { plan: [{ from: null, to: id(FOLDERS.step1) }] },
    });
  });

  it('of a delivery whose earlier version was blocked (never in approval) enters step 1', async () => {
    const c = contentIn(provider, [FOLDERS.supplierWork], { owner: 'foto.studio' });
    expect(await entry.afterNewVersion(supplier, c)).toEqual({
      kind: 'enterStep1',
      folderId: id(FOLDERS.step1),
    });
  });

  it.each([
    ['a content not rejected', [FOLDERS.archive], []],
    ['a refused content moved on by staff', [FOLDERS.archive], [TAGS.refused]],
    ['a delivery already at step 1', [FOLDERS.supplierWork, FOLDERS.step1], []],
  ])('of %s does nothing more', async (_, folders, tags) => {
    const c = contentIn(provider, folders, { tags, owner: 'foto.studio' });
    expect(await entry.afterNewVersion(mario, c)).toBeNull();
  });

  it('of a content the uploader cannot see does nothing more', async () => {
    const c = contentIn(provider, [FOLDERS.rejected], { tags: [TAGS.refused] });
    expect(await entry.afterNewVersion(supplier, c)).toBeNull();
    expect(provider.count('withToken')).toBe(0);
  });

  it('an outage while looking is not swallowed', async () => {
    const c = contentIn(provider, [FOLDERS.rejected], { tags: [TAGS.refused] });
    provider.fail('contentsByIds', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await expect(entry.afterNewVersion(mario, c)).rejects.toMatchObject({ transient: true });
  });
});
