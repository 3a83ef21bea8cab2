import { Inject, Injectable } from '@nestjs/common';
import { AuditRepository } from '../../audit/audit.repository';
import type { AuditWriter } from '../../audit/audit-record';
import { BLOB_STORE, type BlobListing, type BlobStore } from '../../blob-store/blob-store';
import { CLOCK, type Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { JobName, type JobPayloads, type JobResults } from '../../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../../jobs/job-handler';
import { ContentRepository } from './content.repository';

/** Where files wait to become sources (content/upload and getS3UploadCredentials write here). */
export const INCOMING_PREFIX = 'incoming/';

/** Keys checked against the contents in one query. */
const BATCH = 500;

type Purge = JobName.PurgeIncomingOrphans;

/**
 * The built-in provider's clean-up of its incoming area: a file there older than
 * UPLOAD_EXPIRY_HOURS that no content source names was abandoned between upload and insert (or
 * left by an insert that copied it): it is deleted. Recent files may still be inserted; a file a
 * source names is kept whatever its age. Audited with the counts; a second run removes nothing.
 */
@JobHandlerFor(JobName.PurgeIncomingOrphans)
@Injectable()
export class PurgeIncomingOrphansHandler implements JobHandler<Purge> {
  private readonly expiryMs: number;

  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly contents: ContentRepository,
    @Inject(AuditRepository) private readonly auditor: AuditWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'uploadExpiryMs'>,
  ) {
    this.expiryMs = config.uploadExpiryMs;
  }

  async handle(_payload: JobPayloads[Purge], context: JobContext): Promise<JobResults[Purge]> {
    const cutoff = this.clock.now().getTime() - this.expiryMs;
    let removed = 0;
    let kept = 0;
    let batch: BlobListing[] = [];
    const sweep = async () => {
      const used = await this.contents.referencedBlobKeys(batch.map((b) => b.key));
      for (const blob of batch)
        if (used.has(blob.key) || blob.modifiedAt.getTime() >= cutoff) kept += 1;
        else {
          await this.blobs.delete(blob.key);
          removed += 1;
        }
      batch = [];
    };
    for await (const blob of this.blobs.list(INCOMING_PREFIX)) {
      batch.push(blob);
      if (batch.length === BATCH) await sweep();
    }
    await sweep();
    await this.auditor.append({
      jobId: context.jobId,
      actor: context.actor,
      action: JobName.PurgeIncomingOrphans,
      outcome: 'success',
      after: { removed, kept },
    });
    await context.progress(100);
    return { removed, kept };
  }
}
