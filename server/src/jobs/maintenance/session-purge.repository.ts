import { Injectable } from '@nestjs/common';
import { HubPrismaService } from '../../database/hub-prisma.service';

/** What the purge needs from storage (SessionPurgeRepository in the app, fakes in tests). */
export interface ExpiredSessionStore {
  countExpired(cutoff: Date): Promise<number>;
  /** Deletes up to `limit` sessions expired before `cutoff`; `found` is 0 once none is left. */
  deleteExpiredBatch(cutoff: Date, limit: number): Promise<{ found: number; deleted: number }>;
}

@Injectable()
export class SessionPurgeRepository implements ExpiredSessionStore {
  constructor(private readonly prisma: HubPrismaService) {}

  countExpired(cutoff: Date): Promise<number> {
    return this.prisma.session.count({ where: { expiresAt: { lt: cutoff } } });
  }

  async deleteExpiredBatch(cutoff: Date, limit: number): Promise<{ found: number; deleted: number }> {
    const rows = await this.prisma.session.findMany({
      where: { expiresAt: { lt: cutoff } },
      select: { id: true },
      orderBy: { expiresAt: 'asc' },
      take: limit,
    });
    if (!rows.length) return { found: 0, deleted: 0 };
    // Re-checks the expiry: a session renewed meanwhile stays.
    const { count } = await this.prisma.session.deleteMany({
      where: { id: { in: rows.map((r) => r.id) }, expiresAt: { lt: cutoff } },
    });
    return { found: rows.length, deleted: count };
  }
}
