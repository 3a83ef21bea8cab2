import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/provider/client';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';

export interface DraftRow {
  contentId: string;
  draft: Record<string, unknown>;
  savedAt: Date;
}

/** The rows of content_draft: one draft per content and user. */
@Injectable()
export class ContentDraftRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async userIdOf(username: string): Promise<string | null> {
    const user = await this.prisma.user.findUnique({ where: { username }, select: { id: true } });
    return user?.id ?? null;
  }

  /** Saves one draft on every content, replacing the user's earlier one there, all or none. */
  async save(userId: string, contentIds: string[], draft: Record<string, unknown>, at: Date): Promise<void> {
    const value = draft as Prisma.InputJsonObject;
    await this.prisma.$transaction(
      contentIds.map((contentId) =>
        this.prisma.contentDraft.upsert({
          where: { contentId_userId: { contentId, userId } },
          create: { contentId, userId, draft: value, savedAt: at },
          update: { draft: value, savedAt: at },
        }),
      ),
    );
  }

  async clear(userId: string, contentIds: string[]): Promise<void> {
    await this.prisma.contentDraft.deleteMany({ where: { userId, contentId: { in: contentIds } } });
  }

  async find(userId: string, contentIds: string[]): Promise<DraftRow[]> {
    const rows = await this.prisma.contentDraft.findMany({
      where: { userId, contentId: { in: contentIds } },
      select: { contentId: true, draft: true, savedAt: true },
    });
    return rows.map((r) => ({ ...r, draft: r.draft as Record<string, unknown> }));
  }
}
