import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { THRON_FAILURES, ThronError, requireClient } from '../thron.errors';
import { IDENTITY_FAILURES } from './identity.errors';
import { TokenService } from './token.service';
import { UserDirectoryRepository } from './user-directory.repository';
import { toVUserDetailResponse, type UserDetailQuery, type VUserDetailResponse } from './vuser-manager.dto';

type Users = Pick<UserDirectoryRepository, 'findByUsername' | 'linkedGroups'>;
type Tokens = Pick<TokenService, 'resolve'>;

/** THRON's xsso vusermanager: a user's profile and linked groups. */
@Injectable()
export class VUserManagerService {
  constructor(
    @Inject(UserDirectoryRepository) private readonly users: Users,
    @Inject(TokenService) private readonly tokens: Tokens,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {}

  /** Any live token may read any user: the hub reads the signed-in user's own detail with their token. */
  async detail(query: UserDetailQuery, token: string | undefined): Promise<VUserDetailResponse> {
    requireClient(this.config.CLIENT_ID, query.clientId);
    if (!(await this.tokens.resolve(token))) throw new ThronError(THRON_FAILURES.sessionExpired);
    const user = await this.users.findByUsername(query.username);
    if (!user) throw new ThronError(IDENTITY_FAILURES.userNotFound);
    const page = await this.users.linkedGroups(user.id, query.offset, query.numberOfResults);
    return toVUserDetailResponse(user, page);
  }
}
