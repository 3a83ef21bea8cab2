import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { DEFAULT_LANGUAGE, type TagOption, type TagOptionsResponse } from '@paddock/rules';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { TagSummaryDto } from '../enrichment/enrichment.dto';
import { FolderLanguageQuery } from '../folders/folders.dto';
import { TagOptionsService } from './tag-options.service';
import { ApiSignedIn } from '../common/api-refusals.decorator';

class TagOptionDto extends TagSummaryDto implements TagOption {
  @ApiProperty({ description: 'The name in the asked language' }) label!: string;
}

class TagOptionsResponseDto implements TagOptionsResponse {
  @ApiProperty({ type: [TagOptionDto] }) items!: TagOptionDto[];
}

/** The one tag listing: what a user picks for bulk tagging (SPEC §2 smart bar) and the wizard's free tags. */
@ApiTags('enrichment')
@ApiSignedIn()
@ApiServiceUnavailableResponse({ description: 'E007: the provider could not list the tags' })
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
}
