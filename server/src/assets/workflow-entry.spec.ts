import { ERROR_CODES, WORKFLOW_METADATA as META, WORKFLOW_TAGS as TAGS } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentIn,
  demoProvider,
  recordingJobs,
  userOf,
} from '../../test/support/workflow-factories';
import { JobName } from '../jobs/job-catalogue';
import { JobsService } from '../jobs/jobs.service';
import { WorkflowEntry } from './workflow-entry';
import { WorkflowFolders } from '../places/workflow-folders';

let provider: InMemoryProvider;
let jobs: ReturnType<typeof recordingJobs>;
let entry: WorkflowEntry;
const supplier = userOf('foto.studio');
const mario = userOf('mario.rossi');
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;

beforeEach(async () => {
  provider = demoProvider();
  jobs = recordingJobs();
  const module = await provider.compile([
    WorkflowEntry,
    WorkflowFolders,
    { provide: JobsService, useValue: jobs },
  ]);
  entry = module.get(WorkflowEntry);
});

describe('an upload entering the workflow', () => {
  it('a delivery into the supplier work folder also enters approval step 1 (linked by the service account)', async () => {
    const c = contentIn(provider, [FOLDERS.supplierWork], { owner: 'foto.studio' });
    await entry.inserted(supplier, id(FOLDERS.supplierWork), c);
    expect(provider.placesOf(c)).toEqual([FOLDERS.step1, FOLDERS.supplierWork].sort());
  });

  it('a staff upload into the department archive stays out of the workflow', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    await entry.inserted(mario, id(FOLDERS.archive), c);
    expect(provider.placesOf(c)).toEqual([FOLDERS.archive]);
    expect(provider.count('linkContents')).toBe(0);
  });

  it('a delivery step 1 does not take fails with E046', async () => {
    const c = contentIn(provider, [FOLDERS.supplierWork], { owner: 'foto.studio' });
    provider.contents.get(c)!.trashed = true;
    await expect(entry.inserted(supplier, id(FOLDERS.supplierWork), c)).rejects.toMatchObject({
      code: 'E046',
    });
  });
});

describe('a new version', () => {
  it('of a rejected content in the rejected folder goes back to step 1 by the resubmit job', async () => {
    const c = contentIn(provider, [FOLDERS.rejected, FOLDERS.supplierWork], {
      tags: [TAGS.refused],
      metadata: { [META.note]: 'riflesso' },
    });
    expect(await entry.newVersion(mario, c)).toBe('job-1');
    expect(jobs.submitted).toEqual([
      {
        name: JobName.WorkflowResubmit,
        actor: 'mario.rossi',
        payload: {
          folderId: id(FOLDERS.rejected),
          plan: [{ contentId: c, from: id(FOLDERS.rejected), to: id(FOLDERS.step1) }],
          junkFolderId: id(FOLDERS.junk),
        },
      },
    ]);
  });

  it('of a delivery refused while only in the supplier work folder: from nowhere to step 1', async () => {
    const c = contentIn(provider, [FOLDERS.supplierWork], { tags: [TAGS.refused], owner: 'foto.studio' });
    await entry.newVersion(supplier, c);
    expect(jobs.submitted[0]!.payload).toMatchObject({ plan: [{ from: null, to: id(FOLDERS.step1) }] });
  });

  it.each([
    ['a content not rejected', [FOLDERS.archive], []],
    ['a refused content moved on by staff', [FOLDERS.archive], [TAGS.refused]],
  ])('of %s starts no job', async (_, folders, tags) => {
    const c = contentIn(provider, folders, { tags });
    expect(await entry.newVersion(mario, c)).toBeNull();
    expect(jobs.submitted).toEqual([]);
  });

  it('of a content the uploader cannot see starts no job', async () => {
    const c = contentIn(provider, [FOLDERS.rejected], { tags: [TAGS.refused] });
    expect(await entry.newVersion(supplier, c)).toBeNull();
    expect(provider.count('withToken')).toBe(0);
  });

  it('an outage while looking is not swallowed', async () => {
    const c = contentIn(provider, [FOLDERS.rejected], { tags: [TAGS.refused] });
    provider.fail('contentsByIds', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await expect(entry.newVersion(mario, c)).rejects.toMatchObject({ transient: true });
  });
});
