import { Injectable } from '@nestjs/common';
import {
  DEFAULT_PREFLIGHT_RULES,
  NEAR_DUPLICATE_SEARCH_RADIUS,
  chunkProbes,
  chunks16,
  hammingDistance64,
  type NearMatch,
  type PreflightReport,
  type PreflightRule,
} from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';

/** A version's report as the hub keeps it. */
export interface StoredPreflight extends PreflightReport {
  contentId: string;
  version: number;
  checkedAt: Date;
}

export interface NewPreflight extends PreflightReport {
  contentId: string;
  version: number;
  department: string | null;
  sha256: string;
  dhash: string | null;
}

/** A department's rules: what its admin saved, or the defaults. */
export interface DepartmentRules {
  rules: PreflightRule[];
  /** Null while the department checks with the defaults. */
  updatedBy: string | null;
  updatedAt: Date | null;
}

/** Pre-flight rule sets and reports in the hub schema. */
@Injectable()
export class PreflightRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  async rulesOf(department: string | null): Promise<DepartmentRules> {
    const saved = department
      ? await this.prisma.preflightRuleSet.findUnique({ where: { department } })
      : null;
    if (!saved) return { rules: [...DEFAULT_PREFLIGHT_RULES], updatedBy: null, updatedAt: null };
    // Written only by saveRules, after parsePreflightRules accepted them.
    return {
      rules: saved.rules as unknown as PreflightRule[],
      updatedBy: saved.updatedBy,
      updatedAt: saved.updatedAt,
    };
  }

  async saveRules(department: string, rules: PreflightRule[], by: string): Promise<DepartmentRules> {
    const data = { rules: rules as unknown as object, updatedBy: by };
    const saved = await this.prisma.preflightRuleSet.upsert({
      where: { department },
      create: { department, ...data },
      update: data,
    });
    return { rules, updatedBy: saved.updatedBy, updatedAt: saved.updatedAt };
  }

  /** Back to the defaults: the department's row goes. */
  async resetRules(department: string): Promise<void> {
    await this.prisma.preflightRuleSet.deleteMany({ where: { department } });
  }

  /** Ids of other contents whose checked bytes had this SHA-256. */
  async sameBytes(sha256: string, contentId: string): Promise<string[]> {
    const rows = await this.prisma.preflightReport.findMany({
      where: { sha256, contentId: { not: contentId } },
      select: { contentId: true },
      distinct: ['contentId'],
    });
    return rows.map((row) => row.contentId);
  }

  /**
   * Other contents whose picture hash lies within NEAR_DUPLICATE_SEARCH_RADIUS, each at its
   * closest version: the four chunk indexes find the candidates, the distance decides.
   */
  async similarPictures(dhash: string, contentId: string): Promise<NearMatch[]> {
    const [p0, p1, p2, p3] = chunkProbes(dhash);
    const rows = await this.prisma.preflightReport.findMany({
      where: {
        contentId: { not: contentId },
        OR: [{ dhash0: { in: p0 } }, { dhash1: { in: p1 } }, { dhash2: { in: p2 } }, { dhash3: { in: p3 } }],
      },
      select: { contentId: true, dhash: true },
    });
    const closest = new Map<string, number>();
    for (const row of rows) {
      if (!row.dhash) continue;
      const distance = hammingDistance64(dhash, row.dhash);
      if (distance <= NEAR_DUPLICATE_SEARCH_RADIUS && distance < (closest.get(row.contentId) ?? Infinity))
        closest.set(row.contentId, distance);
    }
    return [...closest].map(([assetId, distance]) => ({ assetId, distance }));
  }

  /** Written again by a retried job: the same version's report is replaced, never doubled. */
  async save(report: NewPreflight): Promise<void> {
    const { contentId, version, verdict, results, department, sha256, dhash } = report;
    const [dhash0, dhash1, dhash2, dhash3] = dhash ? chunks16(dhash) : [null, null, null, null];
    const data = {
      department,
      verdict,
      results: results as unknown as object,
      sha256,
      dhash,
      dhash0,
      dhash1,
      dhash2,
      dhash3,
      checkedAt: new Date(),
    };
    await this.prisma.preflightReport.upsert({
      where: { contentId_version: { contentId, version } },
      create: { contentId, version, ...data },
      update: data,
    });
  }

  /** The verdicts that warned or blocked among these versions (a listing's page: one query). */
  async notPassed(versions: { id: string; version: number }[]): Promise<Map<string, 'warn' | 'block'>> {
    if (!versions.length) return new Map();
    const rows = await this.prisma.preflightReport.findMany({
      where: {
        OR: versions.map(({ id, version }) => ({ contentId: id, version })),
        verdict: { in: ['warn', 'block'] },
      },
      select: { contentId: true, verdict: true },
    });
    return new Map(rows.map((row) => [row.contentId, row.verdict as 'warn' | 'block']));
  }

  /** The report of a content's version, if it was checked. */
  async reportOf(contentId: string, version: number): Promise<StoredPreflight | null> {
    const row = await this.prisma.preflightReport.findUnique({
      where: { contentId_version: { contentId, version } },
    });
    if (!row) return null;
    return {
      contentId: row.contentId,
      version: row.version,
      verdict: row.verdict as PreflightReport['verdict'],
      results: row.results as unknown as PreflightReport['results'],
      checkedAt: row.checkedAt,
    };
  }
}
