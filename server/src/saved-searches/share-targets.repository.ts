import { Injectable } from '@nestjs/common';
import { HubPrismaService } from '../database/hub-prisma.service';

/** Whom a saved search or a collection may be shared with: the people and departments of the hub directory. */
@Injectable()
export class ShareTargetsRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /** Those of `usernames` the directory knows. */
  async knownUsers(usernames: readonly string[]): Promise<Set<string>> {
    if (!usernames.length) return new Set();
    const rows = await this.prisma.directoryUser.findMany({
      where: { username: { in: [...usernames] } },
      select: { username: true },
    });
    return new Set(rows.map((row) => row.username));
  }

  /** Whether someone of the directory belongs to `department` (any case). */
  async knownDepartment(department: string): Promise<boolean> {
    const found = await this.prisma.directoryUser.findFirst({
      where: { department: { equals: department, mode: 'insensitive' } },
      select: { username: true },
    });
    return found !== null;
  }
}
