import { Injectable } from '@nestjs/common';
import { INTERNAL_SHARE_ERROR_CODES } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { JobName } from '../jobs/job-catalogue';
import { JobsService } from '../jobs/jobs.service';
import { PlaceActions } from '../places/place-actions';
import { DomainError } from '../common/domain-error';

/** SPEC §4 "Folders": publish or unpublish, checked with the user's token (SPEC §6 share on the folder). */
@Injectable()
export class FolderPublishService {
  constructor(
    private readonly places: PlaceActions,
    private readonly jobs: JobsService,
  ) {}

  async submit(user: AuthUser, folderId: string, publish: boolean): Promise<{ jobId: string }> {
    if (!(await this.places.folderAllows(user, folderId, 'folderShare')))
      throw new DomainError(
        INTERNAL_SHARE_ERROR_CODES.PUBLISH_NOT_ALLOWED,
        'You may not publish this folder',
      );
    return this.jobs.submit(
      publish ? JobName.FolderPublish : JobName.FolderUnpublish,
      { folderId },
      user.username,
    );
  }
}
