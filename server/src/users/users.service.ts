import { Inject, Injectable, Optional } from '@nestjs/common';
import { ASSET_PEOPLE, type AssetPeopleLookup } from './asset-people';
import { UsersRepository } from './users.repository';
import { USER_SEARCH_LIMITS, searchTermsOf, type DirectoryPage, type UserSearchFilter } from './users.types';

/** What the service needs of its repository (unit tests pass a fake). */
export type UsersStore = { [K in keyof UsersRepository]: UsersRepository[K] };

/** The users part of the content service (SPEC §7): search of the hub's directory. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) private readonly repo: UsersStore,
    @Optional() @Inject(ASSET_PEOPLE) private readonly people?: AssetPeopleLookup,
  ) {}

  /**
   * Searches the directory by name, username, e-mail and company. `vins` and `sfEventIds` narrow
   * it to the owners of the assets that carry them among those the searching user sees (`token`);
   * a filter that finds no asset finds nobody, never everybody.
   */
  async search(filter: UserSearchFilter, token?: string): Promise<DirectoryPage> {
    const limit = Math.min(
      Math.max(filter.limit ?? USER_SEARCH_LIMITS.defaultLimit, 1),
      USER_SEARCH_LIMITS.maxLimit,
    );
    const offset = Math.max(filter.offset ?? 0, 0);
    const wanted = { vins: filter.vins, sfEventIds: filter.sfEventIds };
    const owners =
      wanted.vins?.length || wanted.sfEventIds?.length ? await this.ownersOf(wanted, token) : null;
    return this.repo.search({
      terms: searchTermsOf(filter.searchString),
      limit,
      offset,
      ...(owners ? { usernames: [...owners] } : {}),
    });
  }

  /** Without a way to look assets up, a VIN or event filter cannot be met: nobody. */
  private async ownersOf(wanted: { vins?: string[]; sfEventIds?: string[] }, token?: string) {
    if (!this.people || !token) return new Set<string>();
    return (await this.people.ownersOf(token, wanted)) ?? new Set<string>();
  }
}
