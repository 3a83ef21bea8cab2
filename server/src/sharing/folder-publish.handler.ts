import { Inject, Injectable, type Type } from '@nestjs/common';
import {
  INTERNAL_SHARE_ERROR_CODES,
  SHARING_TAGS,
  WORKFLOW_TAGS,
  type FolderPublishResult,
  type InternalShareErrorCode,
} from '@paddock/rules';
import { AuditRepository } from '../audit/audit.repository';
import { JobName, type FolderPublishPayload } from '../jobs/job-catalogue';
import { PermanentJobError } from '../jobs/job-errors';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { ProviderError } from '../common/provider-error';
import { SEARCH_GATEWAY, type SearchGateway } from '../provider/search.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { TAGGING_GATEWAY, type TaggingGateway } from '../provider/tagging.gateway';
import { contentIdsIn } from '../places/folder-contents';
import { isPublished } from '../places/workflow-info';

type PublishJob = JobName.FolderPublish | JobName.FolderUnpublish;

const PUBLISHING: Record<PublishJob, { publish: boolean; failure: InternalShareErrorCode }> = {
  [JobName.FolderPublish]: { publish: true, failure: INTERNAL_SHARE_ERROR_CODES.PUBLISH_FAILED },
  [JobName.FolderUnpublish]: { publish: false, failure: INTERNAL_SHARE_ERROR_CODES.UNPUBLISH_FAILED },
};

/**
 * SPEC §4 "Folders": publishing marks every content of the folder with the published tag,
 * unpublishing removes it; the result counts the contents changed now. Only missing (or present)
 * tags are touched, so a retry finishes the work and counts only the rest. A provider refusal ends
 * the job with its own code (SPEC §8 "publish and unpublish folder errors").
 *
 * Checked against SPEC (session 8): §1 "publish and unpublish folders"; §4 "Folders: can be
 * published or unpublished; the result message gives the number of contents published or
 * removed"; §8 "publish and unpublish folder errors". §7 names no provider call for a folder's
 * publish (its publish calls are the content service's `/registry/publish|unpublish/{id}`, records,
 * not folders) and says nothing of sub-folders, so a folder's own contents are what is published,
 * counted as §4 asks, with the hub's reserved tag on the provider's side.
 */
function publishHandler(name: PublishJob): Type<JobHandler> {
  const { publish, failure } = PUBLISHING[name];
  @JobHandlerFor(name)
  @Injectable()
  class FolderPublishHandler implements JobHandler<PublishJob> {
    constructor(
      @Inject(SERVICE_SESSION) private readonly session: ServiceSession,
      @Inject(SEARCH_GATEWAY) private readonly search: SearchGateway,
      @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
      @Inject(TAGGING_GATEWAY) private readonly tagging: TaggingGateway,
      private readonly audit: AuditRepository,
    ) {}

    async handle(p: FolderPublishPayload, c: JobContext): Promise<FolderPublishResult> {
      const ids = await contentIdsIn(this.session, this.search, p.folderId);
      const contents = await this.session.withToken((t) => this.contents.contentsByIds(t, ids));
      const todo = contents.filter((x) => isPublished(x) !== publish).map((x) => x.id);
      await c.progress(10);
      try {
        if (todo.length)
          await this.session.withToken((t) =>
            (publish ? this.tagging.addTags : this.tagging.removeTags).call(
              this.tagging,
              t,
              todo,
              [SHARING_TAGS.published],
              WORKFLOW_TAGS.classification,
            ),
          );
      } catch (error) {
        if (error instanceof ProviderError && !error.transient) {
          await this.audit.recordJobOutcome({
            jobId: c.jobId,
            actor: c.actor,
            action: name,
            outcome: 'failure',
            after: { folderId: p.folderId, errorCode: failure },
          });
          throw new PermanentJobError(failure, error.message);
        }
        throw error;
      }
      const result = { total: contents.length, changed: todo.length };
      await this.audit.recordJobOutcome({
        jobId: c.jobId,
        actor: c.actor,
        action: name,
        outcome: 'success',
        after: { folderId: p.folderId, ...result },
      });
      return result;
    }
  }
  Object.defineProperty(FolderPublishHandler, 'name', { value: `${name}-handler` });
  return FolderPublishHandler;
}

export const FOLDER_PUBLISH_HANDLERS = (Object.keys(PUBLISHING) as PublishJob[]).map(publishHandler);
