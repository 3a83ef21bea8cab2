import { Injectable } from '@nestjs/common';
import { ASSET_OUTCOME_KINDS, type AssetOutcome, type AssetOutcomeKind } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';

/** The workflow's own outcome is kept in the row's `after` (the audit log reads success/failure). */
function kindOf(after: unknown, outcome: string): AssetOutcomeKind {
  const kind = (after as { outcome?: unknown } | null)?.outcome;
  if (typeof kind === 'string' && (ASSET_OUTCOME_KINDS as readonly string[]).includes(kind))
    return kind as AssetOutcomeKind;
  return outcome === 'success' ? 'done' : 'failed';
}

/** Per-asset outcomes of a job, read from its per-asset audit rows (GET /api/jobs/:id). */
@Injectable()
export class JobOutcomesRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  async outcomesOf(jobId: string): Promise<AssetOutcome[]> {
    const rows = await this.prisma.auditRecord.findMany({
      where: { jobId, assetId: { not: null } },
      orderBy: { id: 'asc' },
      select: {
        assetId: true,
        fromFolderId: true,
        toFolderId: true,
        outcome: true,
        errorCode: true,
        after: true,
      },
    });
    return rows.map((r) => ({
      contentId: r.assetId!,
      outcome: kindOf(r.after, r.outcome),
      fromFolderId: r.fromFolderId,
      toFolderId: r.toFolderId,
      errorCode: r.errorCode,
    }));
  }
}
