import { Injectable } from '@nestjs/common';
import type { AuditOutcome, AuditRecordSummary } from '@paddock/rules';
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
  /** Only rows older than this id (the previous page's last). */
  beforeId?: bigint;
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
   * Newest first by id: ids follow insertion, so the primary key orders and pages the log
   * without a sort, and the (asset_id, at) / (actor, at) indexes narrow a search by asset or user.
   */
  async search(filter: AuditFilter): Promise<AuditRecordSummary[]> {
    const at: Prisma.DateTimeFilter = {};
    if (filter.from) at.gte = filter.from;
    if (filter.to) at.lt = filter.to;
    const rows = await this.prisma.auditRecord.findMany({
      where: {
        assetId: filter.assetId,
        actor: filter.actor,
        action: filter.action,
        outcome: filter.outcome,
        jobId: filter.jobId,
        ...(filter.from || filter.to ? { at } : {}),
        ...(filter.beforeId !== undefined ? { id: { lt: filter.beforeId } } : {}),
      },
      orderBy: { id: 'desc' },
      take: filter.limit,
    });
    return rows.map(toSummary);
  }
}
