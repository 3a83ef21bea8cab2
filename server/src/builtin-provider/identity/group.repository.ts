import { Injectable, Optional } from '@nestjs/common';
import { ChangeFeed } from '../../database/change-feed';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import type { IdentityGroup } from './identity-user';

/** The built-in provider's user groups (THRON's MUsersGroup). */
@Injectable()
export class GroupRepository {
  constructor(
    private readonly prisma: BuiltinProviderPrismaService,
    // Without it (tests of the repository alone), nothing is kept to drop.
    @Optional() private readonly changes?: ChangeFeed,
  ) {}

  /** Creates the group named `group.name` with `group.id`, or updates the existing one of that name. */
  async upsertByName(group: IdentityGroup): Promise<string> {
    const { id, name, ...data } = group;
    const saved = await this.prisma.group.upsert({
      where: { name },
      create: { id, name, ...data },
      update: data,
      select: { id: true },
    });
    // The groups of a kept token's user (CallerResolver) may have changed: the next request reads them again.
    this.changes?.changedHere('callers');
    return saved.id;
  }

  /** Creates the groups that do not exist yet (others are left as they are); returns the ids by name. */
  async ensure(groups: { id: string; name: string }[]): Promise<Map<string, string>> {
    await this.prisma.group.createMany({ data: groups, skipDuplicates: true });
    const saved = await this.prisma.group.findMany({
      where: { name: { in: groups.map((g) => g.name) } },
      select: { id: true, name: true },
    });
    return new Map(saved.map((g) => [g.name, g.id]));
  }
}
