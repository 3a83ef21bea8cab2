import { Injectable } from '@nestjs/common';
import { holdsOf, type ActiveHold, type HoldSubject, type LegalHoldScope } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';

/** A hold as the hub keeps it; released ones stay, with who released them and when. */
export interface LegalHoldRecord extends ActiveHold {
  placedBy: string;
  placedAt: Date;
  releasedBy: string | null;
  releasedAt: Date | null;
}

export interface NewLegalHold {
  scope: LegalHoldScope;
  targetId: string;
  reason: string;
}

export type LegalHoldState = 'active' | 'released' | 'all';

type Row = Omit<LegalHoldRecord, 'scope'> & { scope: string };

function recordOf(row: Row): LegalHoldRecord {
  // Written only by place(), whose scope the table's CHECK keeps to LEGAL_HOLD_SCOPES.
  return { ...row, scope: row.scope as LegalHoldScope };
}

/**
 * The hub's legal holds (table hub.legal_hold). `heldAmong` is the one question every destructive
 * path asks, the hub's through HeldContents and the built-in provider's through its hold register
 * (builtin-provider/holds), so both front doors read the same holds in the same query.
 */
@Injectable()
export class LegalHoldRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /**
   * The active holds that hold each subject, by subject id; subjects no hold keeps are left out.
   * One query for the whole batch, whatever its size.
   */
  async heldAmong(subjects: readonly HoldSubject[]): Promise<Map<string, LegalHoldRecord[]>> {
    if (!subjects.length) return new Map();
    const unique = (values: readonly string[]) => [...new Set(values)];
    const rows = await this.prisma.legalHold.findMany({
      where: {
        releasedAt: null,
        OR: [
          { scope: 'asset', targetId: { in: unique(subjects.map((s) => s.id)) } },
          { scope: 'folder', targetId: { in: unique(subjects.flatMap((s) => s.folderIds)) } },
          {
            scope: 'department',
            targetId: { in: unique(subjects.flatMap((s) => s.departments.map((d) => d.toLowerCase()))) },
          },
        ],
      },
      orderBy: { placedAt: 'asc' },
    });
    const holds = rows.map(recordOf);
    return new Map(
      subjects.flatMap((subject) => {
        const held = holdsOf(subject, holds);
        return held.length ? [[subject.id, held] as const] : [];
      }),
    );
  }

  /** The active holds placed on exactly these targets of one scope (not what holds them from above). */
  async activeOn(scope: LegalHoldScope, targetIds: readonly string[]): Promise<LegalHoldRecord[]> {
    if (!targetIds.length) return [];
    const rows = await this.prisma.legalHold.findMany({
      where: { releasedAt: null, scope, targetId: { in: [...targetIds] } },
      orderBy: { placedAt: 'asc' },
    });
    return rows.map(recordOf);
  }

  /** One hold per target, all or none. */
  async place(holds: readonly NewLegalHold[], placedBy: string): Promise<LegalHoldRecord[]> {
    const rows = await this.prisma.$transaction(
      holds.map((hold) => this.prisma.legalHold.create({ data: { ...hold, placedBy } })),
    );
    return rows.map(recordOf);
  }

  async find(id: string): Promise<LegalHoldRecord | null> {
    const row = await this.prisma.legalHold.findUnique({ where: { id } });
    return row ? recordOf(row) : null;
  }

  /**
   * Releases an active hold, keeping its record; false when it was released already (by this call
   * racing another, too: only one of them releases it).
   */
  async release(id: string, releasedBy: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.legalHold.updateMany({
      where: { id, releasedAt: null },
      data: { releasedBy, releasedAt: at },
    });
    return count === 1;
  }

  /** A page of holds, newest first; one more than `limit` is read to tell whether more follow. */
  async list(
    state: LegalHoldState,
    offset: number,
    limit: number,
  ): Promise<{ holds: LegalHoldRecord[]; hasMore: boolean }> {
    const rows = await this.prisma.legalHold.findMany({
      where:
        state === 'active' ? { releasedAt: null } : state === 'released' ? { releasedAt: { not: null } } : {},
      orderBy: [{ placedAt: 'desc' }, { id: 'asc' }],
      skip: offset,
      take: limit + 1,
    });
    return { holds: rows.slice(0, limit).map(recordOf), hasMore: rows.length > limit };
  }
}
