import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import {
  AssetCountsResponse,
  AssetListQueryDto,
  AssetListResponseDto,
  toAssetListFilter,
  toAssetSummary,
} from './search.dto';
import { SearchService } from './search.service';

/** Asset listing and search (SPEC §2 home views, §7 content findByProperties). */
@ApiTags('assets')
@ApiCookieAuth()
@ApiSecurity('token')
@ApiUnauthorizedResponse({ description: 'Not signed in (UNAUTHENTICATED)' })
@Controller('api/assets')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOkResponse({ type: AssetListResponseDto })
  @ApiBadRequestResponse({ description: 'An unknown or invalid query field (VALIDATION_FAILED)' })
  @ApiServiceUnavailableResponse({ description: 'The provider search failed (E002)' })
  async list(
    @CurrentUser() user: AuthUser,
    @Query() query: AssetListQueryDto,
  ): Promise<AssetListResponseDto> {
    const filter = toAssetListFilter(query);
    const page = await this.search.list(user, filter);
    return {
      items: page.contents.map(toAssetSummary),
      totalResults: page.totalResults,
      totalIsCapped: page.totalIsCapped,
      offset: filter.offset,
      limit: filter.limit,
    };
  }

  @Get('counts')
  @ApiOkResponse({
    type: AssetCountsResponse,
    description: 'Assets per view, sub-folders included; {} for roles other than user (SPEC §6)',
  })
  @ApiServiceUnavailableResponse({ description: 'The provider count failed (E015)' })
  counts(@CurrentUser() user: AuthUser): Promise<AssetCountsResponse> {
    return this.search.counts(user);
  }
}
