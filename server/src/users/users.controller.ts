import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
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

  @Get('search')
  @ApiOkResponse({ type: UserSearchResponse })
  @ApiBadRequestResponse({ description: 'An unknown or invalid query field (VALIDATION_FAILED)' })
  async search(
    @CurrentUser() _user: AuthUser,
    @Query() query: UserSearchQueryDto,
  ): Promise<UserSearchResponse> {
    return toUserSearchResponse(await this.users.search(toUserSearchFilter(query)));
  }
}
