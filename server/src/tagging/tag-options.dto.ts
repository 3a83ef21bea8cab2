import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LIMITS, type FreeTag, type FreeTagNames, type FreeTagRequest } from '@paddock/rules';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { TagSummaryDto } from '../enrichment/enrichment.dto';

// Loose here, so that a name too long answers ENRICHMENT_TAG_NAME_INVALID from the service.
const NAME_SANITY_MAX = LIMITS.nameMaxLength * 4;

const name = (language: string) =>
  ApiPropertyOptional({ description: `The name in ${language}`, maxLength: LIMITS.nameMaxLength });

class FreeTagNamesDto implements FreeTagNames {
  @name('Italian')
  @IsOptional()
  @IsString()
  @MaxLength(NAME_SANITY_MAX)
  it?: string;

  @name('English')
  @IsOptional()
  @IsString()
  @MaxLength(NAME_SANITY_MAX)
  en?: string;

  @name('French')
  @IsOptional()
  @IsString()
  @MaxLength(NAME_SANITY_MAX)
  fr?: string;
}

export class FreeTagRequestDto implements FreeTagRequest {
  @ApiProperty({
    type: FreeTagNamesDto,
    description: 'At least one name; each at most 150 Latin-1 characters (SPEC §5)',
  })
  @IsObject()
  @ValidateNested()
  @Type(() => FreeTagNamesDto)
  names!: FreeTagNamesDto;
}

export class FreeTagDto extends TagSummaryDto implements FreeTag {
  @ApiProperty({ type: String, nullable: true, description: 'The code the provider gave the tag, if any' })
  prettyId!: string | null;
}
