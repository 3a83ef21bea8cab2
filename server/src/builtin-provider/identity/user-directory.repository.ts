import { Injectable, Optional } from '@nestjs/common';
import { ChangeFeed } from '../../database/change-feed';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import type { IdentityGroup, IdentityUser, LinkedGroupsPage } from './identity-user';

/** The columns of an IdentityUser (the repositories of this folder select exactly these). */
export const IDENTITY_USER_FIELDS = {
  id: true,
  username: true,
  passwordHash: true,
  active: true,
  passwordExpiresAt: true,
  firstName: true,
  lastName: true,
  email: true,
  companyName: true,
  imageUrl: true,
  externalId: true,
  lastLogin: true,
} as const;

const GROUP_FIELDS = { id: true, name: true, description: true, active: true } as const;

export interface UserProfileWrite {
  username: string;
  passwordHash?: string | null;
  active: boolean;
  passwordExpiresAt: Date | null;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  imageUrl: string | null;
  externalId: string | null;
}

/** The built-in provider's users, their login bookkeeping and their group links. */
@Injectable()
export class UserDirectoryRepository {
  constructor(
    private readonly prisma: BuiltinProviderPrismaService,
    // Without it (tests of the repository alone), nothing is kept to drop.
    @Optional() private readonly changes?: ChangeFeed,
  ) {}

  findByUsername(username: string): Promise<IdentityUser | null> {
    return this.prisma.user.findUnique({ where: { username }, select: IDENTITY_USER_FIELDS });
  }

  /**
   * The user a single sign-on subject stands for: the one linked to `sub`, else the only user with
   * that e-mail (case-insensitive); null when none or several share the e-mail.
   */
  async findByExternalIdOrEmail(sub: string, email?: string | null): Promise<IdentityUser | null> {
    const linked = await this.prisma.user.findUnique({
      where: { externalId: sub },
      select: IDENTITY_USER_FIELDS,
    });
    if (linked || !email) return linked;
    const byEmail = await this.prisma.user.findMany({
      where: { email: { equals: email, mode: 'insensitive' } },
      select: IDENTITY_USER_FIELDS,
      take: 2,
    });
    return byEmail.length === 1 ? byEmail[0] : null;
  }

  async recordLogin(id: string, at: Date): Promise<void> {
    await this.prisma.user.update({
      where: { id },
      data: { lastLogin: at },
    });
  }

  /** Linked groups ordered by name, so pages are stable whatever order the links were made in. */
  async linkedGroups(userId: string, offset: number, limit: number): Promise<LinkedGroupsPage> {
    const [links, total] = await Promise.all([
      this.prisma.userGroup.findMany({
        where: { userId },
        select: { group: { select: GROUP_FIELDS } },
        orderBy: { group: { name: 'asc' } },
        skip: offset,
        take: limit,
      }),
      this.prisma.userGroup.count({ where: { userId } }),
    ]);
    return { groups: links.map((l): IdentityGroup => l.group), total };
  }

  /** Creates or updates the user named `username`; a `passwordHash` left undefined is kept. */
  async upsertProfile(profile: UserProfileWrite): Promise<string> {
    const { username, ...data } = profile;
    const { id } = await this.prisma.user.upsert({
      where: { username },
      create: { username, ...data },
      update: data,
      select: { id: true },
    });
    // Who a kept token is (CallerResolver) may have changed: the next request reads it again.
    this.changes?.changedHere('callers');
    return id;
  }

  /** Makes the user's group links exactly `groupIds`. */
  async setGroups(userId: string, groupIds: string[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.userGroup.deleteMany({ where: { userId, groupId: { notIn: groupIds } } }),
      this.prisma.userGroup.createMany({
        data: groupIds.map((groupId) => ({ userId, groupId })),
        skipDuplicates: true,
      }),
    ]);
    this.changes?.changedHere('callers');
  }
}
