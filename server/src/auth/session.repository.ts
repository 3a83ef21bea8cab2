import { Injectable, Optional } from '@nestjs/common';
import { ChangeFeed } from '../database/change-feed';
import { HubPrismaService } from '../database/hub-prisma.service';

export interface SessionRecord {
  id: string;
  username: string;
  providerToken: string;
  csrfToken: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

const SESSION_FIELDS = {
  id: true,
  username: true,
  providerToken: true,
  csrfToken: true,
  lastSeenAt: true,
  expiresAt: true,
} as const;

/** What the expired-sessions purge needs from storage (SessionRepository in the app, fakes in tests). */
export interface ExpiredSessionStore {
  countExpired(cutoff: Date): Promise<number>;
  /** Deletes up to `limit` sessions expired before `cutoff`; `found` is 0 once none is left. */
  deleteExpiredBatch(cutoff: Date, limit: number): Promise<{ found: number; deleted: number }>;
}

/** Hub sessions, stored by the sha256 of their token. */
@Injectable()
export class SessionRepository implements ExpiredSessionStore {
  constructor(
    private readonly prisma: HubPrismaService,
    // Without it (tests of the repository alone), nothing is kept to drop.
    @Optional() private readonly changes?: ChangeFeed,
  ) {}

  async create(session: Omit<SessionRecord, 'lastSeenAt'>): Promise<void> {
    await this.prisma.session.create({ data: session });
  }

  findById(id: string): Promise<SessionRecord | null> {
    return this.prisma.session.findUnique({ where: { id }, select: SESSION_FIELDS });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.session.updateMany({ where: { id }, data: { lastSeenAt: at } });
  }

  async delete(id: string): Promise<void> {
    const { count } = await this.prisma.session.deleteMany({ where: { id } });
    if (count) this.changes?.changedHere('callers');
  }

  async deleteExpiredOf(username: string, now: Date): Promise<void> {
    // At every sign-in, mostly deleting none: only a session that ended drops what was kept.
    const { count } = await this.prisma.session.deleteMany({ where: { username, expiresAt: { lte: now } } });
    if (count) this.changes?.changedHere('callers');
  }

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
    if (count) this.changes?.changedHere('callers');
    return { found: rows.length, deleted: count };
  }
}
