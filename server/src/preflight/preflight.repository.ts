import { Injectable } from '@nestjs/common';
import { DEFAULT_PREFLIGHT_RULES, type PreflightReport, type PreflightRule } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';

/** A version's report as the hub keeps it. */
export interface StoredPreflight extends PreflightReport {
  contentId: string;
  version: number;
  checkedAt: Date;
  gates: boolean;
}

export interface NewPreflight extends PreflightReport {
  contentId: string;
  version: number;
  department: string | null;
  gates: boolean;
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

  /** Written again by a retried job: the same version's report is replaced, never doubled. */
  async save(report: NewPreflight): Promise<void> {
    const { contentId, version, verdict, results, department, gates } = report;
    const data = { department, verdict, results: results as unknown as object, gates, checkedAt: new Date() };
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
        // A card is marked where the verdict decided something; elsewhere the detail says it as advice.
        gates: true,
      },
      select: { contentId: true, verdict: true },
    });
    return new Map(rows.map((row) => [row.contentId, row.verdict as 'warn' | 'block']));
  }

  /**
   * The contents whose latest checked version was blocked by its pre-flight, latest checked first, at
   * most `limit`: the listing's `only=preflightFailed` (docs/saved-searches.md).
   */
  async failedContentIds(limit: number): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ content_id: string }[]>`
      SELECT content_id::text FROM (
        SELECT DISTINCT ON (content_id) content_id, verdict, checked_at
        FROM hub.preflight_report ORDER BY content_id, version DESC
      ) latest
      WHERE verdict = 'block'
      ORDER BY checked_at DESC, content_id
      LIMIT ${limit}`;
    return rows.map((row) => row.content_id);
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
      gates: row.gates,
    };
  }
}
