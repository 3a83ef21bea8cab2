import { Injectable } from '@nestjs/common';
import { DASHBOARD_PAGE, type AuditListResponse } from '@paddock/rules';
import { DomainError } from '../common/domain-error';
import { decodeCursor, encodeCursor } from '../common/page-cursor';
import type { JobViewer } from '../jobs/actor';
import { AuditRepository, type AuditFilter } from './audit.repository';

/** A search of the audit log as the web asks for it; `cursor` is the previous page's `nextCursor`. */
export type AuditQuery = Omit<AuditFilter, 'before' | 'limit'> & { limit?: number; cursor?: string };

/** The audit log search (administrators only): who did what to which asset, when, and how it ended. */
@Injectable()
export class AuditService {
  constructor(private readonly records: AuditRepository) {}

  async search(viewer: JobViewer, query: AuditQuery): Promise<AuditListResponse> {
    if (!viewer.isAdmin) throw DomainError.forbidden('Administrators only');
    if (query.from && query.to && query.from >= query.to)
      throw DomainError.invalid('"from" must be before "to"');
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    // Audit ids are bigints: a cursor carrying anything else was not made here.
    if (before && !/^\d{1,19}$/.test(before.id)) throw DomainError.invalid('Invalid cursor');
    const limit = Math.min(Math.max(query.limit ?? DASHBOARD_PAGE.default, 1), DASHBOARD_PAGE.max);
    const items = await this.records.search({
      assetId: query.assetId,
      actor: query.actor,
      action: query.action,
      outcome: query.outcome,
      jobId: query.jobId,
      from: query.from,
      to: query.to,
      before,
      limit,
    });
    const last = items.at(-1);
    const nextCursor =
      items.length === limit && last ? encodeCursor({ at: new Date(last.at), id: last.id }) : null;
    return { items, nextCursor };
  }
}
