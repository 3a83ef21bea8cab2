import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { TokenService } from '../identity/token.service';
import { THRON_FAILURES, ThronError, requireClient } from '../thron.errors';
import { FolderRepository } from './folder.repository';

export interface FolderCaller {
  username: string;
  groupIds: string[];
}

type Tokens = Pick<TokenService, 'resolve'>;
type Groups = Pick<FolderRepository, 'groupIdsOf'>;

/** Who calls a folder endpoint: the X-TOKENID's user and the groups whose ACL rows apply to them. */
@Injectable()
export class FolderCallerService {
  constructor(
    @Inject(TokenService) private readonly tokens: Tokens,
    @Inject(FolderRepository) private readonly folders: Groups,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {}

  async resolve(clientId: string | undefined, token: string | undefined): Promise<FolderCaller> {
    requireClient(this.config.CLIENT_ID, clientId);
    const user = await this.tokens.resolve(token);
    if (!user) throw new ThronError(THRON_FAILURES.sessionExpired);
    return { username: user.username, groupIds: await this.folders.groupIdsOf(user.id) };
  }
}
