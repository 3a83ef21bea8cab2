import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import type { IdentityUser } from './identity-user';
import { IDENTITY_USER_FIELDS } from './user-directory.repository';

/** How far behind its sliding target a token's stored expiry may fall before it is written. */
export const EXTEND_STEP_MS = 60_000;

/** Provider tokens, stored only as their sha256 (`id`). */
@Injectable()
export class TokenRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async create(id: string, userId: string, expiresAt: Date): Promise<void> {
    await this.prisma.token.create({ data: { id, userId, expiresAt } });
  }

  /**
   * Returns the user of a token live at `now` and slides its expiry to `expiresAt`; null when it is
   * unknown or expired. One read per call; the write happens only when the stored expiry is more than
   * EXTEND_STEP_MS behind, since every provider call checks the token and a page of results makes
   * several at once.
   */
  async extend(id: string, now: Date, expiresAt: Date): Promise<IdentityUser | null> {
    const token = await this.prisma.token.findFirst({
      where: { id, expiresAt: { gt: now } },
      select: { expiresAt: true, user: { select: IDENTITY_USER_FIELDS } },
    });
    if (!token) return null;
    if (token.expiresAt.getTime() < expiresAt.getTime() - EXTEND_STEP_MS)
      await this.prisma.token.updateMany({ where: { id, expiresAt: { gt: now } }, data: { expiresAt } });
    return token.user;
  }

  async delete(id: string): Promise<void> {
    await this.prisma.token.deleteMany({ where: { id } });
  }

  async deleteExpired(userId: string, now: Date): Promise<void> {
    await this.prisma.token.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  }
}
