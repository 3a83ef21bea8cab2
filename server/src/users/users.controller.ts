import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { MAKER_ROLES } from '@paddock/rules';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Roles } from '../auth/roles.decorator';
import {
  UserSearchQueryDto,
  UserSearchResponse,
  toUserSearchFilter,
  toUserSearchResponse,
} from './users.dto';
import { UsersService } from './users.service';

/** SPEC §7 content service, users part. */
@ApiTags('users')
@ApiCookieAuth()
@ApiSecurity('token')
@ApiUnauthorizedResponse({ description: 'Not signed in (UNAUTHENTICATED)' })
@Controller('api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  // The directory is the maker's staff list: suppliers, outside companies, may not browse it.
  @Get('search')
  @Roles(...MAKER_ROLES)
  @ApiForbiddenResponse({ description: 'Suppliers may not search the directory (FORBIDDEN)' })
  @ApiOkResponse({ type: UserSearchResponse })
  @ApiBadRequestResponse({ description: 'An unknown or invalid query field (VALIDATION_FAILED)' })
  async search(
    @CurrentUser() user: AuthUser,
    @Query() query: UserSearchQueryDto,
  ): Promise<UserSearchResponse> {
    return toUserSearchResponse(await this.users.search(toUserSearchFilter(query), user.providerToken));
  }
}
