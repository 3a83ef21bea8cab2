import { Injectable } from '@nestjs/common';
import type { ChecklistMark } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';

/** A region's mark as stored: `markedBy` is the username (the hub's answers show the name). */
export interface StoredMark {
  region: number;
  mark: ChecklistMark;
  markedBy: string;
  markedAt: Date;
}

/** The checklist marks of versions answering a carried-over rejection (issue 27 point 3). */
@Injectable()
export class RejectionChecksRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /** The marks on `version` of the asset, by region. */
  async marksOf(assetId: string, version: number): Promise<StoredMark[]> {
    return (await this.marksOfMany([{ assetId, version }])).get(assetId) ?? [];
  }

  /** The marks on each asset's given version, in one query (a bulk accept's check). */
  async marksOfMany(
    items: readonly { assetId: string; version: number }[],
  ): Promise<Map<string, StoredMark[]>> {
    const byAsset = new Map<string, StoredMark[]>();
    if (!items.length) return byAsset;
    const rows = await this.prisma.rejectionCheck.findMany({
      where: { OR: items.map(({ assetId, version }) => ({ assetId, version })) },
      orderBy: [{ assetId: 'asc' }, { region: 'asc' }],
    });
    for (const row of rows) {
      const marks = byAsset.get(row.assetId) ?? [];
      marks.push({
        region: row.region,
        mark: row.mark as ChecklistMark,
        markedBy: row.markedBy,
        markedAt: row.markedAt,
      });
      byAsset.set(row.assetId, marks);
    }
    return byAsset;
  }

  /** Sets one region's mark on the version (null clears it); the last mark set is the one kept. */
  async set(
    mark: { assetId: string; version: number; drawnOn: number; region: number; mark: ChecklistMark | null },
    username: string,
  ): Promise<void> {
    const key = { assetId: mark.assetId, version: mark.version, region: mark.region };
    if (mark.mark === null) {
      await this.prisma.rejectionCheck.deleteMany({ where: key });
      return;
    }
    const row = { drawnOn: mark.drawnOn, mark: mark.mark, markedBy: username, markedAt: new Date() };
    await this.prisma.rejectionCheck.upsert({
      where: { assetId_version_region: key },
      create: { ...key, ...row },
      update: row,
    });
  }
}
