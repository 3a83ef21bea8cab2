import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, FOLDER_CODES, junkPurgeDueAt, specialCodeOf } from '@paddock/rules';
import { AssetLedger } from '../asset-ledger/asset-ledger';
import { snapshotOf } from '../asset-ledger/asset-snapshot';
import { AuditRepository } from '../audit/audit.repository';
import { CLOCK, type Clock } from '../common/clock';
import { JobName, type JobPayloads, type JobResults } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { HeldContents } from '../legal-hold/held-contents';
import { SEARCH_GATEWAY, type SearchGateway } from '../provider/search.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { chunks } from '../provider/tagging.gateway';
import { contentIdsIn } from '../places/folder-contents';
import { workflowInfoOf } from '../places/workflow-info';

type Purge = JobName.PurgeJunk;

/**
 * SPEC §4 nightly purge: every department junk content whose `dataeliminazione` is more than
 * LIMITS.junkRetentionDays old (junkPurgeDueAt), and that is in no folder but junk folders, is
 * trashed, each one audited; one a legal hold keeps is skipped and counted (`held`, and the
 * metric paddock_legal_hold_kept_total{act="purge-junk"}). Idempotent and safe with several
 * workers: a trashed content is no longer found, and trashing one twice is refused harmlessly.
 * Contents are trashed LIMITS.idChunkSize a call, and each batch is audited in one write.
 */
@JobHandlerFor(JobName.PurgeJunk)
@Injectable()
export class PurgeJunkHandler implements JobHandler<Purge> {
  constructor(
    @Inject(SERVICE_SESSION) private readonly session: ServiceSession,
    @Inject(FOLDERS_GATEWAY) private readonly folders: FoldersGateway,
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(SEARCH_GATEWAY) private readonly search: SearchGateway,
    private readonly audit: AuditRepository,
    private readonly holds: HeldContents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(_payload: JobPayloads[Purge], context: JobContext): Promise<JobResults[Purge]> {
    const now = this.clock.now();
    // No resume: a content an earlier try trashed is no longer found (its row stays), one it
    // failed or did not reach is tried again.
    const ledger = new AssetLedger(this.audit, JobName.PurgeJunk, context);
    const result = { trashed: 0, kept: 0, failed: 0, held: 0 };
    const junkFolders = (await this.session.withToken((t) => this.folders.allFolders(t))).filter(
      (f) => specialCodeOf(f.prettyId)?.code === FOLDER_CODES.junk,
    );
    const junkIds = new Set(junkFolders.map((f) => f.id));
    for (const [index, junk] of junkFolders.entries()) {
      const ids = await contentIdsIn(this.session, this.search, junk.id);
      const details = ids.length
        ? await this.session.withToken((t) =>
            this.contents.contentsByIds(t, ids, E_CODES.CONTENT_LOOKUP_ACCEPT_FAILED),
          )
        : [];
      // Trashing removes a content from every folder: one still linked outside the junk is kept.
      const expired = details.filter((content) => {
        const deletedAt = workflowInfoOf(content).deletedAt;
        return (
          deletedAt !== null &&
          junkPurgeDueAt(deletedAt) <= now &&
          content.linkedCategoryIds.every((id) => junkIds.has(id))
        );
      });
      // Asked for this folder's due contents just before they are trashed, so a hold placed up to
      // then keeps them; one placed later still stops the provider's trash (contentsInIssue).
      const held = await this.holds.holdsOn(expired);
      const due = expired.filter((content) => !held.has(content.id));
      result.kept += details.length - expired.length;
      result.held += held.size;
      if (held.size) this.holds.kept('purge-junk', held.size);
      for (const batch of chunks(due)) {
        const rows = (content: ProviderContentDetail, ok: boolean) => ({
          outcome: {
            contentId: content.id,
            outcome: ok ? ('done' as const) : ('failed' as const),
            fromFolderId: junk.id,
            toFolderId: null,
            errorCode: ok ? null : E_CODES.TRASH_FAILED,
          },
          before: snapshotOf(content),
          after: null,
        });
        // Recorded before the trash: a try that dies after trashing leaves its rows, which a retry
        // (no longer finding the contents) could not write. A try that dies before trashing is
        // redone by the retry, whose record replaces the rows.
        await ledger.recordMany(batch.map((content) => rows(content, true)));
        const inIssue = new Set(
          await this.session.withToken((t) =>
            this.contents.trash(
              t,
              batch.map((c) => c.id),
            ),
          ),
        );
        const failed = batch.filter((content) => inIssue.has(content.id));
        result.trashed += batch.length - failed.length;
        result.failed += failed.length;
        if (failed.length > 0) await ledger.recordMany(failed.map((content) => rows(content, false)));
      }
      await context.progress(Math.min(99, ((index + 1) / junkFolders.length) * 100));
    }
    return ledger.close(result);
  }
}
