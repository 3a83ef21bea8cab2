import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DEFAULT_LANGUAGE,
  LIMITS,
  type FileFingerprint,
  type FileMatches,
  type UploadCheckFilesRequest,
  type UploadCheckFilesResponse,
  DUPLICATE_DECISIONS,
  DUPLICATE_REVIEW_STATES,
  LANGUAGES,
  type DuplicateAsset,
  type DuplicateDecision,
  type DuplicateDecisionRequest,
  type DuplicateDecisionResponse,
  type DuplicateGroup,
  type DuplicatePair,
  type DuplicateReviewResponse,
  type DuplicateReviewState,
  type Language,
} from '@paddock/rules';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  Matches,
  ValidateNested,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { AssetSummaryResponse } from '../search/search.dto';

/** The language the assets' names are answered in (the review and the upload check alike). */
class NamesInLanguage {
  @ApiPropertyOptional({
    enum: LANGUAGES,
    default: DEFAULT_LANGUAGE,
    description: 'The language names are given in',
  })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}

export class DuplicateReviewQuery extends NamesInLanguage {
  @ApiPropertyOptional({
    enum: DUPLICATE_REVIEW_STATES,
    default: 'open',
    description:
      'open: groups with a pair to decide; ignored: pairs decided "not duplicates" or "alternates"',
  })
  @IsOptional()
  @IsIn(DUPLICATE_REVIEW_STATES)
  state?: DuplicateReviewState;
}

export class DuplicatePairParams {
  @ApiProperty({ format: 'uuid' }) @IsUUID() a!: string;
  @ApiProperty({ format: 'uuid' }) @IsUUID() b!: string;
}

export class DuplicateDecisionBody extends DuplicatePairParams implements DuplicateDecisionRequest {
  @ApiProperty({ enum: DUPLICATE_DECISIONS })
  @IsIn(DUPLICATE_DECISIONS)
  decision!: DuplicateDecision;

  @ApiPropertyOptional({ format: 'uuid', description: 'With same: the asset kept' })
  @IsOptional()
  @IsUUID()
  keep?: string;

  @ApiPropertyOptional({ description: 'With same: the folder the other asset is sent to the junk from' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  folderId?: string;

  @ApiPropertyOptional({
    description: "With same: the junked asset's tags and values the kept one lacks are added to it",
  })
  @IsOptional()
  @IsBoolean()
  merge?: boolean;

  @ApiPropertyOptional({ description: 'With merge: the folder the kept asset is seen in' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  keptFolderId?: string;
}

export class DuplicateAssetDto extends AssetSummaryResponse implements DuplicateAsset {
  @ApiProperty({ description: 'One of its folders outside the junk, to act from' })
  folderId!: string;
}

export class DuplicatePairDto implements DuplicatePair {
  @ApiProperty({ format: 'uuid' }) a!: string;
  @ApiProperty({ format: 'uuid' }) b!: string;
  @ApiProperty({ enum: ['exact', 'near'] }) match!: 'exact' | 'near';
  @ApiProperty({ description: 'Hamming distance of the perceptual hashes; 0 for the same bytes' })
  distance!: number;
  @ApiProperty({ enum: DUPLICATE_DECISIONS, nullable: true }) decision!: DuplicateDecision | null;
  @ApiProperty({ type: String, nullable: true }) kept!: string | null;
  @ApiProperty({ type: String, nullable: true }) decidedBy!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) decidedAt!: string | null;
}

export class DuplicateGroupDto implements DuplicateGroup {
  @ApiProperty({ type: [DuplicateAssetDto] }) assets!: DuplicateAssetDto[];
  @ApiProperty({ type: [DuplicatePairDto] }) pairs!: DuplicatePairDto[];
}

export class DuplicateReviewResponseDto implements DuplicateReviewResponse {
  @ApiProperty({ type: [DuplicateGroupDto] }) groups!: DuplicateGroupDto[];
}

export class DuplicateDecisionResponseDto implements DuplicateDecisionResponse {
  @ApiProperty({ type: DuplicatePairDto }) pair!: DuplicatePairDto;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'With same: the job sending the other asset to the junk',
  })
  jobId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'With merge: the bulk add into the kept asset' })
  mergeJobId!: string | null;
}

export class FileFingerprintDto implements FileFingerprint {
  @ApiProperty({ description: 'The file name, as the user will see it matched' })
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  name!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SHA-256, lowercase hex; null past the size the browser hashes',
  })
  @ValidateIf((_, value) => value !== null)
  @Matches(/^[0-9a-f]{64}$/)
  sha256!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: '64-bit difference hash (16 hex digits) of a picture',
  })
  @ValidateIf((_, value) => value !== null)
  @Matches(/^[0-9a-f]{16}$/)
  dhash!: string | null;
}

export class UploadCheckFilesBody extends NamesInLanguage implements UploadCheckFilesRequest {
  @ApiProperty({ type: [FileFingerprintDto], maxItems: LIMITS.uploadCheckFilesMax })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LIMITS.uploadCheckFilesMax)
  @ValidateNested({ each: true })
  @Type(() => FileFingerprintDto)
  files!: FileFingerprintDto[];
}

export class NearAssetDto extends DuplicateAssetDto {
  @ApiProperty({ description: 'Hamming distance of the perceptual hashes' }) distance!: number;
}

export class FileMatchesDto implements FileMatches {
  @ApiProperty() name!: string;
  @ApiProperty({ type: [DuplicateAssetDto], description: 'The same bytes' }) exact!: DuplicateAssetDto[];
  @ApiProperty({ type: [NearAssetDto], description: 'A similar picture, closest first' })
  near!: NearAssetDto[];
}

export class UploadCheckFilesResponseDto implements UploadCheckFilesResponse {
  @ApiProperty({ type: [FileMatchesDto] }) files!: FileMatchesDto[];
}
