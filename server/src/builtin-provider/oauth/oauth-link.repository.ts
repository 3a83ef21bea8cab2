import { Injectable } from '@nestjs/common';
import { Prisma } from '../../generated/provider/client';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';

/** What single sign-on writes on a provider user: its issuer subject and its last sign-in. */
@Injectable()
export class OAuthLinkRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /**
   * Links the user to the issuer subject unless it is linked already (to it or to another one);
   * false when the user is linked to another subject, or another user holds this one.
   */
  async linkExternalId(userId: string, externalId: string): Promise<boolean> {
    try {
      const { count } = await this.prisma.user.updateMany({
        where: { id: userId, OR: [{ externalId: null }, { externalId }] },
        data: { externalId },
      });
      return count === 1;
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') return false;
      throw e;
    }
  }

  /** Records the sign-in time only: single sign-on proves no password, so it leaves the login throttle be. */
  async recordSsoLogin(userId: string, at: Date): Promise<void> {
    await this.prisma.user.update({ where: { id: userId }, data: { lastLogin: at } });
  }
}
