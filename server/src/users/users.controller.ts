import { Controller, Get, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MAKER_ROLES } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { Roles } from '../common/roles.decorator';
import {
  UserSearchQueryDto,
  UserSearchResponse,
  toUserSearchFilter,
  toUserSearchResponse,
} from './users.dto';
import { UsersService } from './users.service';
import { ApiSignedIn, ApiValidatedQuery } from '../common/api-refusals.decorator';

/** SPEC §7 content service, users part. */
@ApiTags('users')
@ApiSignedIn()
@Controller('api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  // The directory is the maker's staff list: suppliers, outside companies, may not browse it.
  @Get('search')
  @Roles(...MAKER_ROLES)
  @ApiForbiddenResponse({ description: 'Suppliers may not search the directory (FORBIDDEN)' })
  @ApiOkResponse({ type: UserSearchResponse })
  @ApiValidatedQuery()
  async search(
    @CurrentUser() user: AuthUser,
    @Query() query: UserSearchQueryDto,
  ): Promise<UserSearchResponse> {
    return toUserSearchResponse(await this.users.search(toUserSearchFilter(query), user.providerToken));
  }
}
