import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import type { IdentityUser } from './identity-user';
import { IDENTITY_USER_FIELDS } from './user-directory.repository';

/** Provider tokens, stored only as their sha256 (`id`). */
@Injectable()
export class TokenRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async create(id: string, userId: string, expiresAt: Date): Promise<void> {
    await this.prisma.token.create({ data: { id, userId, expiresAt } });
  }

  /** Extends a live token to `expiresAt` and returns its user; null when it is unknown or expired at `now`. */
  async extend(id: string, now: Date, expiresAt: Date): Promise<IdentityUser | null> {
    const { count } = await this.prisma.token.updateMany({
      where: { id, expiresAt: { gt: now } },
      data: { expiresAt },
    });
    if (count === 0) return null;
    const token = await this.prisma.token.findUnique({
      where: { id },
      select: { user: { select: IDENTITY_USER_FIELDS } },
    });
    return token?.user ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.prisma.token.deleteMany({ where: { id } });
  }

  async deleteExpired(userId: string, now: Date): Promise<void> {
    await this.prisma.token.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  }
}
