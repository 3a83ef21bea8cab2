import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { ApiRefusals, ApiSignedIn } from '../common/api-refusals.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import {
  PinDto,
  SaveSearchDto,
  SavedSearchDto,
  SavedSearchIdParams,
  SavedSearchListDto,
  ShareDto,
  UpdateSavedSearchDto,
} from './saved-searches.dto';
import { SavedSearchesService } from './saved-searches.service';

const NOT_READABLE = 'NOT_FOUND: no such saved search, or it is not shared with the caller';
const OWNER_ONLY = 'FORBIDDEN: only its owner; SAVED_SEARCH_BUILTIN_READ_ONLY: a built-in';

/** Saved searches (docs/saved-searches.md): kept, shared, pinned; the built-ins are everyone's. */
@ApiTags('saved-searches')
@ApiSignedIn()
@ApiRefusals({ 400: 'VALIDATION_FAILED' })
@Controller('api/saved-searches')
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Get()
  @ApiOperation({ summary: 'What the caller reads: pinned first, then built-ins, own, shared with them' })
  @ApiOkResponse({ type: SavedSearchListDto })
  async list(@CurrentUser() user: AuthUser): Promise<SavedSearchListDto> {
    return { items: await this.searches.list(user) };
  }

  @Post()
  @ApiOperation({ summary: "Saves a listing's query by name" })
  @ApiCreatedResponse({ type: SavedSearchDto })
  @ApiRefusals({ 409: 'SAVED_SEARCH_NAME_TAKEN, SAVED_SEARCH_LIMIT_REACHED' })
  save(@CurrentUser() user: AuthUser, @Body() body: SaveSearchDto): Promise<SavedSearchDto> {
    return this.searches.save(user, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: SavedSearchDto })
  @ApiRefusals({ 404: NOT_READABLE })
  get(@CurrentUser() user: AuthUser, @Param() params: SavedSearchIdParams): Promise<SavedSearchDto> {
    return this.searches.get(user, params.id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Renames it or replaces its query (its owner)' })
  @ApiOkResponse({ type: SavedSearchDto })
  @ApiRefusals({ 403: OWNER_ONLY, 404: NOT_READABLE, 409: 'SAVED_SEARCH_NAME_TAKEN' })
  update(
    @CurrentUser() user: AuthUser,
    @Param() params: SavedSearchIdParams,
    @Body() body: UpdateSavedSearchDto,
  ): Promise<SavedSearchDto> {
    return this.searches.update(user, params.id, body);
  }

  @Put(':id/sharing')
  @ApiOperation({ summary: 'Shares it with these colleagues and this department, no others (its owner)' })
  @ApiOkResponse({ type: SavedSearchDto })
  @ApiRefusals({ 403: OWNER_ONLY, 404: NOT_READABLE })
  share(
    @CurrentUser() user: AuthUser,
    @Param() params: SavedSearchIdParams,
    @Body() body: ShareDto,
  ): Promise<SavedSearchDto> {
    return this.searches.share(user, params.id, body);
  }

  @Put(':id/pin')
  @ApiOperation({ summary: 'Pins or unpins it for the caller alone' })
  @ApiOkResponse({ type: SavedSearchDto })
  @ApiRefusals({ 404: NOT_READABLE })
  pin(
    @CurrentUser() user: AuthUser,
    @Param() params: SavedSearchIdParams,
    @Body() body: PinDto,
  ): Promise<SavedSearchDto> {
    return this.searches.pin(user, params.id, body.pinned);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with everyone’s pins of it' })
  @ApiRefusals({ 403: OWNER_ONLY, 404: NOT_READABLE })
  delete(@CurrentUser() user: AuthUser, @Param() params: SavedSearchIdParams): Promise<void> {
    return this.searches.delete(user, params.id);
  }
}
