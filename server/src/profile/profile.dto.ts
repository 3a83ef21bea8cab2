import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LANGUAGES, TILE_SIZES, type Language, type TileSize } from '@paddock/rules';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  DISCLAIMER_ID_PATTERN,
  PAGE_SIZE_RANGE,
  RECENT_RECIPIENTS_MAX,
  VIEW_MODES,
  type Disclaimer,
  type UserPreferences,
  type ViewMode,
} from './profile.types';

export class DisclaimerIdParams {
  @ApiProperty({ description: 'The id of the disclaimer shown to the user', example: 'disclaimer-v1' })
  @Matches(DISCLAIMER_ID_PATTERN, { message: 'disclaimerId is not a disclaimer id' })
  disclaimerId: string;
}

/** Body of POST /api/profile/save-disclaimer-acceptance/{disclaimerId}: the user pressed accept. */
export class SaveDisclaimerAcceptanceDto {
  @ApiProperty({ enum: [true], description: 'Must be true: closing the dialog is not an acceptance' })
  @IsBoolean()
  @Equals(true, { message: 'accepted must be true' })
  accepted: true;
}

export class DisclaimerAcceptanceResponse {
  @ApiProperty({ description: 'True when the user accepted the current disclaimer, or none is active' })
  disclaimerAcceptance: boolean;
}

export class DisclaimerTextResponse {
  @ApiProperty() title: string;
  @ApiProperty() body: string;
  @ApiProperty() acceptLabel: string;
  @ApiProperty() closeLabel: string;
}

export class DisclaimerTextsResponse {
  @ApiProperty({ type: DisclaimerTextResponse }) it: DisclaimerTextResponse;
  @ApiProperty({ type: DisclaimerTextResponse }) en: DisclaimerTextResponse;
  @ApiProperty({ type: DisclaimerTextResponse }) fr: DisclaimerTextResponse;
}

export class DisclaimerResponse {
  @ApiProperty({ example: 'disclaimer-v1' }) id: string;
  @ApiProperty({ example: '1', description: 'Shown after the title as the version' }) version: string;
  @ApiProperty({ type: DisclaimerTextsResponse, description: 'The texts in every interface language' })
  texts: DisclaimerTextsResponse;
}

export function toDisclaimerResponse(d: Disclaimer): DisclaimerResponse {
  return { id: d.id, version: d.version, texts: d.texts };
}

/**
 * Body of POST /api/profile/user-preferences: the fields to change. Omitted fields keep their
 * stored value; `null` removes a field (back to the default).
 */
export class UserPreferencesDto {
  @ApiPropertyOptional({ enum: LANGUAGES, nullable: true, description: 'Interface language' })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language | null;

  @ApiPropertyOptional({ enum: VIEW_MODES, nullable: true, description: 'Grid or list view of contents' })
  @IsOptional()
  @IsIn(VIEW_MODES)
  viewMode?: ViewMode | null;

  @ApiPropertyOptional({
    enum: TILE_SIZES,
    nullable: true,
    description: 'Size of the tiles of the grid view',
  })
  @IsOptional()
  @IsIn(TILE_SIZES)
  tileSize?: TileSize | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: PAGE_SIZE_RANGE.min,
    maximum: PAGE_SIZE_RANGE.max,
    nullable: true,
    description: 'Contents per page',
  })
  @IsOptional()
  @IsInt()
  @Min(PAGE_SIZE_RANGE.min)
  @Max(PAGE_SIZE_RANGE.max)
  pageSize?: number | null;

  @ApiPropertyOptional({
    type: [String],
    maxItems: RECENT_RECIPIENTS_MAX,
    nullable: true,
    description: 'E-mail addresses recently shared with, most recent first (SPEC §5: at most 10)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(RECENT_RECIPIENTS_MAX)
  @MaxLength(254, { each: true })
  @IsEmail({}, { each: true })
  recentRecipients?: string[] | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: "A supplier's choice to be e-mailed when a delivery of theirs is rejected (default off)",
  })
  @IsOptional()
  @IsBoolean()
  rejectionMail?: boolean | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: 'Rights notices gathered in one mail a day instead of one mail each (default off)',
  })
  @IsOptional()
  @IsBoolean()
  rightsDigest?: boolean | null;
}

export class UserPreferencesResponse implements UserPreferences {
  @ApiPropertyOptional({ enum: LANGUAGES }) language?: Language;
  @ApiPropertyOptional({ enum: VIEW_MODES }) viewMode?: ViewMode;
  @ApiPropertyOptional({ enum: TILE_SIZES }) tileSize?: TileSize;
  @ApiPropertyOptional({ type: 'integer', minimum: PAGE_SIZE_RANGE.min, maximum: PAGE_SIZE_RANGE.max })
  pageSize?: number;
  @ApiPropertyOptional({ type: [String] }) recentRecipients?: string[];
  @ApiPropertyOptional({ type: Boolean }) rejectionMail?: boolean;
  @ApiPropertyOptional({ type: Boolean }) rightsDigest?: boolean;
}
