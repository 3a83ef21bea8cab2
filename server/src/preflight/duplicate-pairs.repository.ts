import { Injectable } from '@nestjs/common';
import {
  KEEPING_DECISIONS,
  pairOf,
  type DuplicateDecision,
  type DuplicateMatch,
  type DuplicatePair,
} from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';

/** One match a pre-flight found for its content. */
export interface FoundMatch {
  otherId: string;
  match: DuplicateMatch;
  distance: number;
}

interface PairRow {
  a: string;
  b: string;
  match: string;
  distance: number;
  decision: string | null;
  kept: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
}

function toPair(row: PairRow): DuplicatePair {
  return {
    a: row.a,
    b: row.b,
    match: row.match as DuplicateMatch,
    distance: row.distance,
    decision: row.decision as DuplicateDecision | null,
    kept: row.kept,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Candidate duplicate pairs and their decisions in the hub schema (issue 27 point 2). */
@Injectable()
export class DuplicatePairsRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /**
   * The pairs a pre-flight found. A pair already known keeps its row and its decision: a retried
   * job, or a new version matching again, never asks a decided question twice.
   */
  async record(contentId: string, matches: FoundMatch[]): Promise<void> {
    const data = matches
      .filter((m) => m.otherId !== contentId)
      .map((m) => ({ ...pairOf(contentId, m.otherId), match: m.match, distance: m.distance }));
    if (data.length) await this.prisma.duplicatePair.createMany({ data, skipDuplicates: true });
  }

  /**
   * The contents of the pairs nobody decided yet, the newest found first, at most `limit`: the
   * listing's `only=possibleDuplicates` (docs/saved-searches.md).
   */
  async undecidedContentIds(limit: number): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM (
        SELECT a AS id, found_at FROM hub.duplicate_pair WHERE decision IS NULL
        UNION ALL
        SELECT b AS id, found_at FROM hub.duplicate_pair WHERE decision IS NULL
      ) ids
      GROUP BY id
      ORDER BY max(found_at) DESC, id
      LIMIT ${limit}`;
    return rows.map((row) => row.id);
  }

  /** Pairs without a decision, newest found first. */
  async undecided(limit: number, offset = 0): Promise<DuplicatePair[]> {
    const rows = await this.prisma.duplicatePair.findMany({
      where: { decision: null },
      orderBy: [{ foundAt: 'desc' }, { a: 'asc' }, { b: 'asc' }],
      skip: offset,
      take: limit,
    });
    return rows.map(toPair);
  }

  /** Pairs decided in a way that kept both assets, latest decision first. */
  async setAside(limit: number, offset = 0): Promise<DuplicatePair[]> {
    const rows = await this.prisma.duplicatePair.findMany({
      where: { decision: { in: [...KEEPING_DECISIONS] } },
      orderBy: [{ decidedAt: 'desc' }, { a: 'asc' }, { b: 'asc' }],
      skip: offset,
      take: limit,
    });
    return rows.map(toPair);
  }

  /** Every decided pair between two of `ids`: what was already said inside a group. */
  async decidedAmong(ids: string[]): Promise<DuplicatePair[]> {
    if (ids.length < 2) return [];
    const rows = await this.prisma.duplicatePair.findMany({
      where: { a: { in: ids }, b: { in: ids }, decision: { not: null } },
    });
    return rows.map(toPair);
  }

  async find(x: string, y: string): Promise<DuplicatePair | null> {
    const row = await this.prisma.duplicatePair.findUnique({ where: { a_b: pairOf(x, y) } });
    return row ? toPair(row) : null;
  }

  /**
   * Decides a pair still undecided; null when another decision got there first (two reviewers,
   * or a double submit): the row is claimed by its condition, never overwritten.
   */
  async decide(
    x: string,
    y: string,
    decision: DuplicateDecision,
    kept: string | null,
    by: string,
  ): Promise<DuplicatePair | null> {
    const where = pairOf(x, y);
    const { count } = await this.prisma.duplicatePair.updateMany({
      where: { ...where, decision: null },
      data: { decision, kept, decidedBy: by, decidedAt: new Date() },
    });
    return count ? this.find(where.a, where.b) : null;
  }

  /** Of `ids`, those sent to the junk as "the same" as another asset (the side not kept of such a pair). */
  async junkedAsSame(ids: string[]): Promise<string[]> {
    const rows = await this.prisma.duplicatePair.findMany({
      where: { decision: 'same', OR: [{ a: { in: ids } }, { b: { in: ids } }] },
      select: { a: true, b: true, kept: true },
    });
    return ids.filter((id) => rows.some((r) => (r.a === id || r.b === id) && r.kept !== id));
  }

  /** Undo: the pair is proposed again. */
  async reopen(x: string, y: string): Promise<DuplicatePair> {
    const row = await this.prisma.duplicatePair.update({
      where: { a_b: pairOf(x, y) },
      data: { decision: null, kept: null, decidedBy: null, decidedAt: null },
    });
    return toPair(row);
  }
}
