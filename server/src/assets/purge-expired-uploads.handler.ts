import { Inject, Injectable } from '@nestjs/common';
import { UploadFiles, type UnfinishedUploads } from './upload-files';
import { AuditRepository } from '../audit/audit.repository';
import type { AuditWriter } from '../audit/audit-record';
import { CLOCK, type Clock } from '../common/clock';
import { JobName, type JobPayloads, type JobResults } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { runScheduledPurge } from '../jobs/scheduled-purge';

type Purge = JobName.PurgeExpiredUploads;

/**
 * Removes the bytes of tus uploads left unfinished past UPLOAD_EXPIRY_HOURS (the `Upload-Expires`
 * tus announced), on the app's clock; runScheduledPurge audits the counts. Finished uploads have no
 * files left (UploadsService removes them); idempotent: a second run finds nothing more.
 */
@JobHandlerFor(JobName.PurgeExpiredUploads)
@Injectable()
export class PurgeExpiredUploadsHandler implements JobHandler<Purge> {
  constructor(
    @Inject(UploadFiles) private readonly uploads: UnfinishedUploads,
    @Inject(AuditRepository) private readonly auditor: AuditWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  handle(_payload: JobPayloads[Purge], context: JobContext): Promise<JobResults[Purge]> {
    const { auditor, clock } = this;
    return runScheduledPurge(JobName.PurgeExpiredUploads, context, { auditor, clock }, async (now) => {
      const cutoff = now.getTime() - this.uploads.expiryMs;
      let removed = 0;
      let kept = 0;
      for await (const upload of this.uploads.unfinished()) {
        if (upload.createdAt.getTime() < cutoff) {
          await this.uploads.remove(upload.id);
          removed += 1;
        } else kept += 1;
      }
      return { removed, kept };
    });
  }
}
