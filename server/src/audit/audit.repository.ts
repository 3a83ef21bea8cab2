import { Injectable } from '@nestjs/common';
import type { AuditOutcome, AuditRecordSummary } from '@paddock/rules';
import type { PageCursor } from '../common/page-cursor';
import { HubPrismaService } from '../database/hub-prisma.service';
import type { AuditRecord, Prisma } from '../generated/hub/client';

/** What a search of the audit log may narrow by; every field is optional. */
export interface AuditFilter {
  assetId?: string;
  actor?: string;
  action?: string;
  outcome?: AuditOutcome;
  jobId?: string;
  /** Inclusive lower bound of `at`. */
  from?: Date;
  /** Exclusive upper bound of `at`. */
  to?: Date;
  /** Only rows older than the previous page's last. */
  before?: PageCursor;
  limit: number;
}

function toSummary(row: AuditRecord): AuditRecordSummary {
  return {
    id: row.id.toString(),
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    jobId: row.jobId,
    assetId: row.assetId,
    fromFolderId: row.fromFolderId,
    toFolderId: row.toFolderId,
    outcome: row.outcome === 'success' ? 'success' : 'failure',
    errorCode: row.errorCode,
  };
}

/** Reads hub.audit_record for the audit log search (the jobs module writes it). */
@Injectable()
export class AuditRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /**
   * Newest first by time (ids break ties): the (asset_id, at) and (actor, at) indexes serve a
   * search by asset or user in that order, the (at, id) index one by dates alone.
   */
  async search(filter: AuditFilter): Promise<AuditRecordSummary[]> {
    const before = filter.before;
    const at: Prisma.DateTimeFilter = {};
    if (filter.from) at.gte = filter.from;
    if (filter.to) at.lt = filter.to;
    // The page bound on `at` alone lets the index stop there; the OR then breaks ties by id.
    if (before) at.lte = before.at;
    const rows = await this.prisma.auditRecord.findMany({
      where: {
        assetId: filter.assetId,
        actor: filter.actor,
        action: filter.action,
        outcome: filter.outcome,
        jobId: filter.jobId,
        ...(Object.keys(at).length ? { at } : {}),
        ...(before && {
          OR: [{ at: { lt: before.at } }, { at: before.at, id: { lt: BigInt(before.id) } }],
        }),
      },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      take: filter.limit,
    });
    return rows.map(toSummary);
  }
}
