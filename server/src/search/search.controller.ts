import { Controller, Get, Query, Res } from '@nestjs/common';
import { DEFAULT_LANGUAGE } from '@paddock/rules';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import {
  AssetCountsResponse,
  AssetFilterQueryDto,
  AssetListQueryDto,
  AssetListResponseDto,
  AssetTotalResponseDto,
  RejectedDeliveriesQueryDto,
  RejectedDeliveriesResponseDto,
  toAssetFilter,
  toAssetListFilter,
} from './search.dto';
import { listingBody } from './listing-body';
import { encodeCursor } from './page-cursor';
import { SearchService } from './search.service';
import { ApiSearchesContents, ApiSignedIn } from '../common/api-refusals.decorator';

/** Asset listing and search (SPEC §2 home views, §7 content findByProperties). */
@ApiTags('assets')
@ApiSignedIn()
@Controller('api/assets')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOkResponse({ type: AssetListResponseDto })
  @ApiSearchesContents()
  async list(
    @CurrentUser() user: AuthUser,
    @Query() query: AssetListQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const filter = toAssetListFilter(query);
    const page = await this.search.list(user, filter);
    // Written as bytes: a kept page's cards are serialised once (listingBody), not at every ask.
    res.type('json').send(
      listingBody(page, filter.lang, {
        hasMore: page.next !== undefined,
        next: page.next && encodeCursor(page.next),
        offset: filter.offset,
        limit: filter.limit,
      }),
    );
  }

  @Get('total')
  @ApiOkResponse({ type: AssetTotalResponseDto })
  @ApiSearchesContents()
  total(@CurrentUser() user: AuthUser, @Query() query: AssetFilterQueryDto): Promise<AssetTotalResponseDto> {
    return this.search.total(user, toAssetFilter(query));
  }

  @Get('counts')
  @ApiOkResponse({
    type: AssetCountsResponse,
    description:
      "Assets per view, sub-folders included, for the user role (SPEC §6); `approver`: what waits at the approver's own steps; `supplierSent`: a supplier's deliveries that came back rejected (issue 23); {} for the others",
  })
  @ApiServiceUnavailableResponse({ description: 'The provider count failed (E015)' })
  counts(@CurrentUser() user: AuthUser): Promise<AssetCountsResponse> {
    return this.search.counts(user);
  }

  @Get('rejected-deliveries')
  @ApiOkResponse({
    type: RejectedDeliveriesResponseDto,
    description:
      "A supplier's deliveries that came back rejected, with the note (issue 23); empty for others",
  })
  @ApiSearchesContents()
  async rejectedDeliveries(
    @CurrentUser() user: AuthUser,
    @Query() query: RejectedDeliveriesQueryDto,
  ): Promise<RejectedDeliveriesResponseDto> {
    return { items: await this.search.rejectedDeliveries(user, query.lang ?? DEFAULT_LANGUAGE) };
  }
}
