import { Injectable, Optional } from '@nestjs/common';
import { ChangeFeed } from '../../database/change-feed';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import type { IdentityUser } from './identity-user';

/** A token live when it was read: its user, and the expiry stored for it then. */
export interface LiveToken {
  user: IdentityUser;
  expiresAt: Date;
}

/** How far behind its sliding target a token's stored expiry may fall before it is written. */
export const EXTEND_STEP_MS = 60_000;

/** Provider tokens, stored only as their sha256 (`id`). */
@Injectable()
export class TokenRepository {
  constructor(
    private readonly prisma: BuiltinProviderPrismaService,
    // Without it (tests of the repository alone), nothing is kept to drop.
    @Optional() private readonly changes?: ChangeFeed,
  ) {}

  async create(id: string, userId: string, expiresAt: Date): Promise<void> {
    await this.prisma.token.create({ data: { id, userId, expiresAt } });
  }

  /** The user of a token live at `now`, with its stored expiry; null when it is unknown or expired. */
  async live(id: string, now: Date): Promise<LiveToken | null> {
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
    return { user, expiresAt: tokenExpiresAt };
  }

  /** Moves the expiry of a token still live at `now` to `expiresAt`; false when it is unknown or has expired. */
  async slide(id: string, now: Date, expiresAt: Date): Promise<boolean> {
    const { count } = await this.prisma.token.updateMany({
      where: { id, expiresAt: { gt: now } },
      data: { expiresAt },
    });
    return count > 0;
  }

  async delete(id: string): Promise<void> {
    await this.prisma.token.deleteMany({ where: { id } });
    // A signed-out token is refused by this process's next request, before its notice arrives.
    this.changes?.changedHere('callers');
  }

  async deleteExpired(userId: string, now: Date): Promise<void> {
    await this.prisma.token.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  }
}
