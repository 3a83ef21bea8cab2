import { ERROR_CODES, INTERNAL_SHARE_ERROR_CODES, SHARING_TAGS } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentIn,
  demoProvider,
  jobContext,
  recordingAudit,
} from '../../test/support/workflow-factories';
import { AuditRepository } from '../audit/audit.repository';
import { JobName } from '../jobs/job-catalogue';
import { PermanentJobError } from '../jobs/job-errors';
import type { JobHandler } from '../jobs/job-handler';
import { FOLDER_PUBLISH_HANDLERS } from './folder-publish.handler';

let provider: InMemoryProvider;
let audit: ReturnType<typeof recordingAudit>;
let publish: JobHandler<JobName.FolderPublish>;
let unpublish: JobHandler<JobName.FolderUnpublish>;

beforeEach(async () => {
  provider = demoProvider();
  audit = recordingAudit();
  const module = await provider.compile([
    ...FOLDER_PUBLISH_HANDLERS,
    { provide: AuditRepository, useValue: audit },
  ]);
  const [publishing, unpublishing] = FOLDER_PUBLISH_HANDLERS;
  publish = module.get(publishing!);
  unpublish = module.get(unpublishing!);
});

const archiveId = () => provider.folderByPrettyId(FOLDERS.archive).id;
const published = (id: string) => provider.tagsOf(id).includes(SHARING_TAGS.published);

describe('publish and unpublish a folder (SPEC §4 "Folders")', () => {
  it('tags only the contents that lack the tag and counts them; unpublish removes it from those that have it', async () => {
    const ids = [contentIn(provider, [FOLDERS.archive]), contentIn(provider, [FOLDERS.archive])];
    const elsewhere = contentIn(provider, [FOLDERS.enrichment]);
    const folderId = archiveId();

    expect(await publish.handle({ folderId }, jobContext('p1', 'mario.rossi'))).toEqual({
      total: 2,
      changed: 2,
    });
    expect(ids.map(published)).toEqual([true, true]);
    expect(published(elsewhere)).toBe(false);
    expect(await publish.handle({ folderId }, jobContext('p2', 'mario.rossi'))).toEqual({
      total: 2,
      changed: 0,
    });
    expect(await unpublish.handle({ folderId }, jobContext('u1', 'mario.rossi'))).toEqual({
      total: 2,
      changed: 2,
    });
    expect(ids.map(published)).toEqual([false, false]);
    expect(audit.jobs.map((j) => [j.jobId, j.action, j.outcome])).toEqual([
      ['p1', JobName.FolderPublish, 'success'],
      ['p2', JobName.FolderPublish, 'success'],
      ['u1', JobName.FolderUnpublish, 'success'],
    ]);
  });

  it('ends with its own code when the provider refuses, and retries an outage', async () => {
    contentIn(provider, [FOLDERS.archive]);
    const folderId = archiveId();
    provider.fail('addTags', ERROR_CODES.FORBIDDEN);
    await expect(publish.handle({ folderId }, jobContext('p3', 'mario.rossi'))).rejects.toEqual(
      new PermanentJobError(INTERNAL_SHARE_ERROR_CODES.PUBLISH_FAILED, 'scripted addTags failure'),
    );
    expect(audit.jobs).toMatchObject([{ jobId: 'p3', outcome: 'failure' }]);

    provider.fail('addTags', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await expect(publish.handle({ folderId }, jobContext('p4', 'mario.rossi'))).rejects.not.toBeInstanceOf(
      PermanentJobError,
    );
    expect(await publish.handle({ folderId }, jobContext('p4', 'mario.rossi'))).toEqual({
      total: 1,
      changed: 1,
    });
  });
});
