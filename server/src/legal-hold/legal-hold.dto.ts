import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  LANGUAGES,
  LEGAL_HOLD_MAX_TARGETS,
  LEGAL_HOLD_REASON_MAX_LENGTH,
  LEGAL_HOLD_SCOPES,
  type Language,
  type LegalHoldScope,
  type LegalHoldView,
  type PlaceLegalHoldRequest,
} from '@paddock/rules';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { IsLatin1 } from '../common/latin1.validator';
import type { LegalHoldState } from './legal-hold.repository';
import { OptionalPageOffset } from '../common/page-offset';

export const LEGAL_HOLD_PAGE_SIZE = 50;
const STATES: readonly LegalHoldState[] = ['active', 'released', 'all'];

export class LegalHoldLanguageQuery {
  @ApiPropertyOptional({ enum: LANGUAGES, description: 'Language of the targets’ names' })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}

export class LegalHoldListQuery extends LegalHoldLanguageQuery {
  @ApiPropertyOptional({ enum: STATES, default: 'active' })
  @IsOptional()
  @IsIn(STATES)
  state?: LegalHoldState;

  @OptionalPageOffset()
  offset?: number;
}

export class LegalHoldIdParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;
}

export class PlaceLegalHoldDto implements PlaceLegalHoldRequest {
  @ApiProperty({ enum: LEGAL_HOLD_SCOPES })
  @IsIn(LEGAL_HOLD_SCOPES)
  scope!: LegalHoldScope;

  @ApiProperty({
    type: [String],
    maxItems: LEGAL_HOLD_MAX_TARGETS,
    description: 'Content ids (asset), folder ids (folder) or department codes (department); one hold each',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LEGAL_HOLD_MAX_TARGETS)
  @ArrayUnique()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(200, { each: true })
  targetIds!: string[];

  @ApiProperty({ description: 'Why (required, Latin-1); shown to administrators only', maxLength: 500 })
  @IsString()
  @MaxLength(LEGAL_HOLD_REASON_MAX_LENGTH)
  @Matches(/\S/, { message: 'reason must not be blank' })
  @IsLatin1()
  reason!: string;
}

export class LegalHoldDto implements LegalHoldView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: LEGAL_HOLD_SCOPES }) scope!: LegalHoldScope;
  @ApiProperty({ description: 'The content or folder id, or the department code' }) targetId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null when the reader does not see it' })
  targetName!: string | null;
  @ApiProperty() reason!: string;
  @ApiProperty() placedBy!: string;
  @ApiProperty({ format: 'date-time' }) placedAt!: string;
  @ApiProperty({ type: String, nullable: true }) releasedBy!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) releasedAt!: string | null;
}

export class LegalHoldPageDto {
  @ApiProperty({ type: [LegalHoldDto], description: 'Newest first' }) items!: LegalHoldDto[];
  @ApiProperty() hasMore!: boolean;
}
