import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { DEFAULT_LANGUAGE } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { ApiRefusals, ApiSearchesContents, ApiSignedIn } from '../common/api-refusals.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { ShareDto } from '../saved-searches/saved-searches.dto';
import { encodeCursor } from '../search/page-cursor';
import { ASSET_PAGE_DEFAULT, AssetListResponseDto, toAssetSummary } from '../search/search.dto';
import {
  CollectionAssetsQueryDto,
  CollectionDto,
  CollectionIdParams,
  CollectionItemsDto,
  CollectionListDto,
  CollectionNameDto,
} from './collections.dto';
import { CollectionsService } from './collections.service';

const NOT_READABLE = 'NOT_FOUND: no such collection, or it is not shared with the caller';
const OWNER_ONLY = 'FORBIDDEN: only its owner';

/** Collections (docs/saved-searches.md): assets across folders, kept by id; nothing here deletes an asset. */
@ApiTags('collections')
@ApiSignedIn()
@ApiRefusals({ 400: 'VALIDATION_FAILED' })
@Controller('api/collections')
export class CollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @Get()
  @ApiOkResponse({ type: CollectionListDto })
  async list(@CurrentUser() user: AuthUser): Promise<CollectionListDto> {
    return { items: await this.collections.list(user) };
  }

  @Post()
  @ApiCreatedResponse({ type: CollectionDto })
  @ApiRefusals({ 409: 'SAVED_SEARCH_NAME_TAKEN, SAVED_SEARCH_LIMIT_REACHED' })
  create(@CurrentUser() user: AuthUser, @Body() body: CollectionNameDto): Promise<CollectionDto> {
    return this.collections.create(user, body.name);
  }

  @Get(':id')
  @ApiOkResponse({ type: CollectionDto })
  @ApiRefusals({ 404: NOT_READABLE })
  get(@CurrentUser() user: AuthUser, @Param() params: CollectionIdParams): Promise<CollectionDto> {
    return this.collections.get(user, params.id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: CollectionDto })
  @ApiRefusals({ 403: OWNER_ONLY, 404: NOT_READABLE, 409: 'SAVED_SEARCH_NAME_TAKEN' })
  rename(
    @CurrentUser() user: AuthUser,
    @Param() params: CollectionIdParams,
    @Body() body: CollectionNameDto,
  ): Promise<CollectionDto> {
    return this.collections.rename(user, params.id, body.name);
  }

  @Put(':id/sharing')
  @ApiOperation({ summary: 'Shares it with these colleagues and this department, no others (its owner)' })
  @ApiOkResponse({ type: CollectionDto })
  @ApiRefusals({ 403: OWNER_ONLY, 404: NOT_READABLE })
  share(
    @CurrentUser() user: AuthUser,
    @Param() params: CollectionIdParams,
    @Body() body: ShareDto,
  ): Promise<CollectionDto> {
    return this.collections.share(user, params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted; its assets stay where they are' })
  @ApiRefusals({ 403: OWNER_ONLY, 404: NOT_READABLE })
  delete(@CurrentUser() user: AuthUser, @Param() params: CollectionIdParams): Promise<void> {
    return this.collections.delete(user, params.id);
  }

  @Post(':id/items')
  @HttpCode(200)
  @ApiOperation({ summary: 'Adds assets the owner sees, from any folders (all or none)' })
  @ApiOkResponse({ type: CollectionDto })
  @ApiRefusals({
    403: OWNER_ONLY,
    404: `${NOT_READABLE}; or an asset the caller does not see (details.ids)`,
    409: 'SAVED_SEARCH_LIMIT_REACHED',
  })
  add(
    @CurrentUser() user: AuthUser,
    @Param() params: CollectionIdParams,
    @Body() body: CollectionItemsDto,
  ): Promise<CollectionDto> {
    return this.collections.add(user, params.id, body.contentIds);
  }

  @Post(':id/items/remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Takes assets out of the collection; no asset is deleted' })
  @ApiOkResponse({ type: CollectionDto })
  @ApiRefusals({ 403: OWNER_ONLY, 404: NOT_READABLE })
  remove(
    @CurrentUser() user: AuthUser,
    @Param() params: CollectionIdParams,
    @Body() body: CollectionItemsDto,
  ): Promise<CollectionDto> {
    return this.collections.remove(user, params.id, body.contentIds);
  }

  @Get(':id/assets')
  @ApiOperation({ summary: 'A page of its assets the caller may see, as the listing shows them' })
  @ApiOkResponse({ type: AssetListResponseDto })
  @ApiRefusals({ 404: NOT_READABLE })
  @ApiSearchesContents()
  async assets(
    @CurrentUser() user: AuthUser,
    @Param() params: CollectionIdParams,
    @Query() query: CollectionAssetsQueryDto,
  ): Promise<AssetListResponseDto> {
    const lang = query.lang ?? DEFAULT_LANGUAGE;
    const offset = query.offset ?? 0;
    const limit = query.limit ?? ASSET_PAGE_DEFAULT;
    const page = await this.collections.assets(user, params.id, {
      sort: query.sort ?? 'creationDate',
      descending: (query.order ?? 'desc') === 'desc',
      offset,
      limit,
      lang,
    });
    return {
      items: page.contents.map((c) => toAssetSummary(c, lang, page.facts.get(c.id))),
      hasMore: page.next !== undefined,
      next: page.next && encodeCursor(page.next),
      offset,
      limit,
    };
  }
}
