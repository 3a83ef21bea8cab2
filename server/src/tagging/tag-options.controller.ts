import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { DEFAULT_LANGUAGE, type TagOption, type TagOptionsResponse } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { TagSummaryDto } from '../enrichment/enrichment.dto';
import { FolderLanguageQuery } from '../folders/folders.dto';
import { FreeTagDto, FreeTagRequestDto } from './tag-options.dto';
import { TagOptionsService } from './tag-options.service';
import { ApiSignedIn } from '../common/api-refusals.decorator';

class TagOptionDto extends TagSummaryDto implements TagOption {
  @ApiProperty({ description: 'The name in the asked language' }) label!: string;
}

class TagOptionsResponseDto implements TagOptionsResponse {
  @ApiProperty({ type: [TagOptionDto] }) items!: TagOptionDto[];
}

/**
 * The one tag listing: what a user picks for bulk tagging (SPEC §2 smart bar) and the wizard's free
 * tags; and the free tags a user creates by typing them in either place.
 */
@ApiTags('enrichment')
@ApiSignedIn()
@ApiServiceUnavailableResponse({
  description: 'E006: the provider could not list the tags; E007: it could not read back the one created',
})
@Controller('api/tags')
export class TagOptionsController {
  constructor(private readonly options: TagOptionsService) {}

  @Get('definitions')
  @ApiOperation({
    summary: 'Product and free tags, named in the asked language (smart bar bulk tagging, wizard step 3)',
  })
  @ApiOkResponse({ type: TagOptionsResponseDto })
  async list(
    @CurrentUser() user: AuthUser,
    @Query() query: FolderLanguageQuery,
  ): Promise<TagOptionsResponseDto> {
    return { items: await this.options.list(user, query.lang ?? DEFAULT_LANGUAGE) };
  }

  @Post()
  @ApiOperation({
    summary: 'Creates a free tag named in the languages given (SPEC §7 itagdefinition/insert, then detail)',
  })
  @ApiCreatedResponse({ type: FreeTagDto, description: 'The new free tag' })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED, ENRICHMENT_TAG_NAME_INVALID (no name, or one over 150 or not Latin-1)',
  })
  @ApiForbiddenResponse({ description: 'ENRICHMENT_NOT_ALLOWED (tags nowhere: an observer), FORBIDDEN' })
  @ApiConflictResponse({
    description: 'ENRICHMENT_TAG_EXISTS (a free tag bears one of the names, ignoring case), E032',
  })
  create(@CurrentUser() user: AuthUser, @Body() body: FreeTagRequestDto): Promise<FreeTagDto> {
    return this.options.create(user, body);
  }
}
