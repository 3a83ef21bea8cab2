import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { ApiAdministratorsOnly, ApiSignedIn } from '../common/api-refusals.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import {
  LegalHoldDto,
  LegalHoldIdParams,
  LegalHoldLanguageQuery,
  LegalHoldListQuery,
  LegalHoldPageDto,
  PlaceLegalHoldDto,
} from './legal-hold.dto';
import { LegalHoldService } from './legal-hold.service';

/** Legal holds (docs/legal-hold.md), placed, listed and released by administrators. */
@ApiTags('legal-holds')
@ApiSignedIn()
@ApiAdministratorsOnly()
@Controller('api/legal-holds')
export class LegalHoldController {
  constructor(private readonly holds: LegalHoldService) {}

  @Get()
  @ApiOperation({ summary: 'The holds, newest first: active, released (kept) or all' })
  @ApiOkResponse({ type: LegalHoldPageDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  list(@CurrentUser() user: AuthUser, @Query() query: LegalHoldListQuery): Promise<LegalHoldPageDto> {
    return this.holds.list(user, query.state ?? 'active', query.offset ?? 0, query.lang);
  }

  @Post()
  @ApiOperation({
    summary:
      'Holds assets, folders or departments with a reason, one hold each, all or none: nothing deletes what they hold until released',
  })
  @ApiCreatedResponse({ type: [LegalHoldDto] })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a bad scope, target or reason' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: an asset or folder not visible, or no such department' })
  place(
    @CurrentUser() user: AuthUser,
    @Query() query: LegalHoldLanguageQuery,
    @Body() body: PlaceLegalHoldDto,
  ): Promise<LegalHoldDto[]> {
    return this.holds.place(user, body, query.lang);
  }

  @Post(':id/release')
  @HttpCode(200)
  @ApiOperation({ summary: 'Releases a hold; its record is kept with who released it and when' })
  @ApiOkResponse({ type: LegalHoldDto })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such hold, or its target is not visible' })
  @ApiConflictResponse({ description: 'LEGAL_HOLD_ALREADY_RELEASED' })
  release(
    @CurrentUser() user: AuthUser,
    @Param() params: LegalHoldIdParams,
    @Query() query: LegalHoldLanguageQuery,
  ): Promise<LegalHoldDto> {
    return this.holds.release(user, params.id, query.lang);
  }

  @Get('assets/:id')
  @ApiOperation({
    summary: 'The active holds that keep an asset: on it, on its folders or on its department',
  })
  @ApiOkResponse({ type: [LegalHoldDto] })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: the asset is not visible' })
  ofAsset(
    @CurrentUser() user: AuthUser,
    @Param() params: LegalHoldIdParams,
    @Query() query: LegalHoldLanguageQuery,
  ): Promise<LegalHoldDto[]> {
    return this.holds.holdsOfAsset(user, params.id, query.lang);
  }
}
