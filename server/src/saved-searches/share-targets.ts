import { Inject, Injectable } from '@nestjs/common';
import type { SharedWith } from '@paddock/rules';
import { savedSearchRefusal as refuse } from './saved-searches.errors';
import { ShareTargetsRepository } from './share-targets.repository';

/**
 * Whom a saved search or a collection is shared with, checked once for both: colleagues the
 * directory knows (the owner left out: they read it anyway), a department someone belongs to,
 * kept in lower case as the readers' departments are compared.
 */
@Injectable()
export class ShareTargets {
  constructor(
    @Inject(ShareTargetsRepository)
    private readonly directory: Pick<ShareTargetsRepository, 'knownUsers' | 'knownDepartment'>,
  ) {}

  async checked(owner: string, sharing: SharedWith): Promise<SharedWith> {
    const users = [...new Set(sharing.users)].filter((u) => u !== owner);
    const known = await this.directory.knownUsers(users);
    const unknown = users.filter((u) => !known.has(u));
    if (unknown.length) throw refuse.unknownUsers(unknown);
    const department = sharing.department ? sharing.department.toLowerCase() : null;
    if (department && !(await this.directory.knownDepartment(department)))
      throw refuse.unknownDepartment(department);
    return { users: users.sort(), department };
  }
}
