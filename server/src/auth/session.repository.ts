import { Injectable } from '@nestjs/common';
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

/** Hub sessions, stored by the sha256 of their token. */
@Injectable()
export class SessionRepository {
  constructor(private readonly prisma: HubPrismaService) {}

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
    await this.prisma.session.deleteMany({ where: { id } });
  }

  async deleteExpiredOf(username: string, now: Date): Promise<void> {
    await this.prisma.session.deleteMany({ where: { username, expiresAt: { lte: now } } });
  }
}
