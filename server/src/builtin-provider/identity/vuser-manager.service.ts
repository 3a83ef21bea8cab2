import { Inject, Injectable } from '@nestjs/common';
import { mayReadUserDetail } from '../access/content-rights';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError } from '../thron.errors';
import { IDENTITY_FAILURES } from './identity.errors';
import { UserDirectoryRepository } from './user-directory.repository';
import { toVUserDetailResponse, type UserDetailQuery, type VUserDetailResponse } from './vuser-manager.dto';

type Users = Pick<UserDirectoryRepository, 'findByUsername' | 'linkedGroups'>;

/** THRON's xsso vusermanager: a user's profile and linked groups. */
@Injectable()
export class VUserManagerService {
  constructor(@Inject(UserDirectoryRepository) private readonly users: Users) {}

  /**
   * The hub reads the signed-in user's own detail with their token; another user's answers only to
   * the service account and admins (mayReadUserDetail), refused before the lookup so that the
   * refusal says nothing of whether the user exists.
   */
  async detail(caller: ProviderCaller, query: UserDetailQuery): Promise<VUserDetailResponse> {
    if (!mayReadUserDetail(caller, query.username)) throw new ThronError(IDENTITY_FAILURES.usernameMismatch);
    const user = await this.users.findByUsername(query.username);
    if (!user) throw new ThronError(IDENTITY_FAILURES.userNotFound);
    const page = await this.users.linkedGroups(user.id, query.offset, query.numberOfResults);
    return toVUserDetailResponse(user, page);
  }
}
