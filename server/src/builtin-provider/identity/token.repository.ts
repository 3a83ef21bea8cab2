import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import type { IdentityUser } from './identity-user';

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
    // One joined read: Prisma would fetch the token and its user in two round trips.
    const [row] = await this.prisma.$queryRaw<(IdentityUser & { tokenExpiresAt: Date })[]>`
      SELECT t.expires_at AS "tokenExpiresAt", u.id, u.username, u.password_hash AS "passwordHash", u.active,
             u.password_expires_at AS "passwordExpiresAt", u.first_name AS "firstName",
             u.last_name AS "lastName", u.email, u.company_name AS "companyName", u.image_url AS "imageUrl",
             u.external_id AS "externalId", u.last_login AS "lastLogin"
      FROM provider.token t JOIN provider."user" u ON u.id = t.user_id
      WHERE t.id = ${id} AND t.expires_at > ${now}`;
    if (!row) return null;
    const { tokenExpiresAt, ...user } = row;
    if (tokenExpiresAt.getTime() < expiresAt.getTime() - EXTEND_STEP_MS)
      await this.prisma.token.updateMany({ where: { id, expiresAt: { gt: now } }, data: { expiresAt } });
    return user;
  }

  async delete(id: string): Promise<void> {
    await this.prisma.token.deleteMany({ where: { id } });
  }

  async deleteExpired(userId: string, now: Date): Promise<void> {
    await this.prisma.token.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  }
}
