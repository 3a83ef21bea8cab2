import { Inject, Injectable } from '@nestjs/common';
import { UsersRepository } from './users.repository';
import { USER_SEARCH_LIMITS, searchTermsOf, type DirectoryPage, type UserSearchFilter } from './users.types';

/** What the service needs of its repository (unit tests pass a fake). */
export type UsersStore = { [K in keyof UsersRepository]: UsersRepository[K] };

/** The users part of the content service (SPEC §7): search of the hub's directory. */
@Injectable()
export class UsersService {
  constructor(@Inject(UsersRepository) private readonly repo: UsersStore) {}

  /**
   * Searches the directory by name, username, e-mail and company. `vins` and `sfEventIds` are
   * validated but narrow nothing yet: the directory holds no link between people and assets until
   * asset enrichment records exist in the hub, and a filter that cannot be applied must not invent
   * results.
   */
  search(filter: UserSearchFilter): Promise<DirectoryPage> {
    const limit = Math.min(
      Math.max(filter.limit ?? USER_SEARCH_LIMITS.defaultLimit, 1),
      USER_SEARCH_LIMITS.maxLimit,
    );
    const offset = Math.max(filter.offset ?? 0, 0);
    return this.repo.search({ terms: searchTermsOf(filter.searchString), limit, offset });
  }
}
