import { Injectable } from '@nestjs/common';
import type { AssetOutcome, AssetOutcomeKind } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';
import type { JsonObject } from '../jobs/job-record';

/** What a content looked like around a step: its folders and tags. */
export interface AssetSnapshot {
  folderIds: string[];
  tags: string[];
  [key: string]: string[];
}

export interface AssetAuditEntry {
  jobId: string;
  actor: string;
  action: string;
  outcome: AssetOutcome;
  before: AssetSnapshot | null;
  after: AssetSnapshot | null;
}

/** Audit rows read 'success' or 'failure' (the audit log's terms); the workflow's own kind is kept in `after`. */
function auditOutcomeOf(kind: AssetOutcomeKind): 'success' | 'failure' {
  return kind === 'done' || kind === 'unchanged' ? 'success' : 'failure';
}

/**
 * The per-asset audit of workflow jobs: one row per job, asset and action (a unique key), so a
 * retried or resumed job updates the row it wrote before and never adds a second one.
 */
@Injectable()
export class WorkflowAuditRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  async record(entry: AssetAuditEntry): Promise<void> {
    const { outcome } = entry;
    const data = {
      actor: entry.actor,
      fromFolderId: outcome.fromFolderId,
      toFolderId: outcome.toFolderId,
      before: (entry.before ?? undefined) as JsonObject | undefined,
      after: { ...(entry.after ?? {}), outcome: outcome.outcome } as JsonObject,
      outcome: auditOutcomeOf(outcome.outcome),
      errorCode: outcome.errorCode,
    };
    await this.prisma.auditRecord.upsert({
      where: {
        jobId_assetId_action: { jobId: entry.jobId, assetId: outcome.contentId, action: entry.action },
      },
      create: { jobId: entry.jobId, assetId: outcome.contentId, action: entry.action, ...data },
      update: data,
    });
  }

  /** The job-level row, written once (a resumed job finds it and leaves it). */
  async recordJob(entry: {
    jobId: string;
    actor: string;
    action: string;
    outcome: 'success' | 'failure';
    after: JsonObject;
  }): Promise<void> {
    const existing = await this.prisma.auditRecord.findFirst({
      where: { jobId: entry.jobId, action: entry.action, assetId: null },
      select: { id: true },
    });
    const data = { actor: entry.actor, outcome: entry.outcome, after: entry.after };
    if (existing) await this.prisma.auditRecord.update({ where: { id: existing.id }, data });
    else
      await this.prisma.auditRecord.create({ data: { jobId: entry.jobId, action: entry.action, ...data } });
  }
}
