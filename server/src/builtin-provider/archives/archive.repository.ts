import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/provider/client';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';

export interface ArchiveRow {
  id: string;
  userId: string;
  contentIds: string[];
  options: unknown;
}

/** Rows of `archive`: what a downloadId stands for until it expires. */
@Injectable()
export class ArchiveRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async create(archive: {
    userId: string;
    contentIds: string[];
    options: Prisma.InputJsonValue;
    expiresAt: Date;
  }): Promise<string> {
    const row = await this.prisma.archive.create({ data: archive, select: { id: true } });
    return row.id;
  }

  /** The archive when it has not expired at `now`; expired rows are cleaned up on the way. */
  async findLive(id: string, now: Date): Promise<ArchiveRow | null> {
    await this.prisma.archive.deleteMany({ where: { expiresAt: { lt: now } } });
    return this.prisma.archive.findFirst({
      where: { id, expiresAt: { gte: now } },
      select: { id: true, userId: true, contentIds: true, options: true },
    });
  }
}
