import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  COPYRIGHT_KINDS,
  COPYRIGHT_STATES,
  LIMITS,
  METADATA_TYPES,
  type CopyrightKind,
  type CopyrightState,
  type EnrichmentDefinitions,
  type EnrichmentDraft,
  type EnrichmentDraftRequest,
  type EnrichmentRequest,
  type MetadataDefinitionSummary,
  type MetadataType,
  type ProductPage,
  type ProductSummary,
  type TagSummary,
  type TagsBulkRequest,
} from '@paddock/rules';
import { Transform, Type } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  ArrayMinSize,
  ArrayUnique,
  IsIn,
  IsObject,
  IsOptional,
  IsUUID,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { commaSeparated } from '../search/search.dto';
import { WorkflowRequestDto } from '../places/selection.dto';

/**
 * The shapes of `POST /api/enrichment` and `POST /api/tags/bulk`. Lists are bounded loosely here so
 * that the SPEC §5 limits (200 assets, 3 VIN pairs, 4 copyright options) answer with their own
 * codes from the service, and Latin-1 and VIN refusals name their field there too.
 */
const SANITY_MAX = 20;
const VALUE_MAX = 2_000;

export class TagRefDto {
  @ApiProperty({ description: 'Tag id or prettyId' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  id!: string;

  @ApiProperty({ description: 'Its classification (SPEC §3: ggdyqo, joc5rg, vu62a5, dmuyud)' })
  @IsString()
  @MinLength(1)
  @MaxLength(50)
  classificationId!: string;
}

/** An optional list of nested objects of `type`, at most `max`. */
function OptionalListOf(type: new () => object, max: number, description?: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [type], ...(description ? { description } : {}) }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(max),
    ValidateNested({ each: true }),
    Type(() => type),
  );
}

class TagChangesDto {
  @OptionalListOf(TagRefDto, LIMITS.idChunkSize)
  add?: TagRefDto[];

  @OptionalListOf(TagRefDto, LIMITS.idChunkSize)
  remove?: TagRefDto[];
}

export class VinPlateDto {
  @ApiProperty({ description: 'VIN (17 characters, no I, O, Q; check digit for North America) or empty' })
  @IsString()
  @MaxLength(40)
  vin!: string;

  @ApiProperty({ description: 'Plate (Latin-1), or empty' })
  @IsString()
  @MaxLength(40)
  targa!: string;
}

export class CopyrightOptionDto {
  @ApiProperty({ enum: COPYRIGHT_KINDS })
  @IsIn(COPYRIGHT_KINDS)
  kind!: CopyrightKind;

  @ApiProperty({ description: `One of ${COPYRIGHT_STATES.join(', ')}`, type: String })
  @IsString()
  @MaxLength(50)
  state!: CopyrightState;

  @ApiPropertyOptional({ description: 'united-states, worldwide, …' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  country?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  perpetual?: boolean;

  @ApiPropertyOptional({ description: 'SPEC §5 date (dd-mm-yyyy, yyyy-mm-dd, / or -)' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  toDate?: string;
}

export class KeyValueDto {
  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(50)
  key!: string;

  @ApiProperty({ description: 'Checked against the key’s definition; empty is not saved' })
  @IsString()
  @MaxLength(VALUE_MAX)
  value!: string;
}

class OverwriteDto {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  vinTarga?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  copyright?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  metadata?: boolean;
}

export class EnrichmentRequestDto extends WorkflowRequestDto implements EnrichmentRequest {
  @ApiPropertyOptional({ type: TagChangesDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => TagChangesDto)
  tags?: TagChangesDto;

  @OptionalListOf(VinPlateDto, SANITY_MAX, `At most ${LIMITS.vinPlatePairsMax}`)
  vinTarga?: VinPlateDto[];

  @OptionalListOf(CopyrightOptionDto, SANITY_MAX, `At most ${LIMITS.copyrightOptionsMax}`)
  copyright?: CopyrightOptionDto[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(VALUE_MAX)
  copyrightNotes?: string;

  @OptionalListOf(KeyValueDto, 100)
  metadata?: KeyValueDto[];

  @ApiPropertyOptional({ type: OverwriteDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => OverwriteDto)
  overwrite?: OverwriteDto;
}

export class BulkMetadataDto {
  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(50)
  key!: string;

  @ApiPropertyOptional({ description: 'Required to add (SPEC §5)' })
  @IsOptional()
  @IsString()
  @MaxLength(VALUE_MAX)
  value?: string;
}

export class TagsBulkRequestDto extends WorkflowRequestDto implements TagsBulkRequest {
  @ApiProperty({ enum: ['add', 'remove'] })
  @IsIn(['add', 'remove'])
  action!: 'add' | 'remove';

  @OptionalListOf(TagRefDto, LIMITS.idChunkSize)
  tags?: TagRefDto[];

  @OptionalListOf(BulkMetadataDto, 100)
  metadata?: BulkMetadataDto[];
}

export class ProductsQueryDto {
  @ApiPropertyOptional({ description: 'The previous page’s `next`' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,200}$/)
  cursor?: string;
}

export class TagSummaryDto implements TagSummary {
  @ApiProperty()
  id!: string;
  @ApiProperty()
  classificationId!: string;
  @ApiProperty({
    description: 'Names by lower-case language',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  names!: Record<string, string>;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The tag this sub-tag sits under (SPEC §3)',
  })
  parentId?: string | null;
}

class ProductTagsDto {
  @ApiProperty()
  classificationId!: string;
  @ApiProperty({ type: [String] })
  ids!: string[];
}

export class ProductSummaryDto extends TagSummaryDto implements ProductSummary {
  @ApiProperty({ type: [ProductTagsDto], description: 'SPEC §3: the product’s tags by classification' })
  tags!: ProductTagsDto[];
}

export class ProductPageDto implements ProductPage {
  @ApiProperty({ type: [ProductSummaryDto] })
  items!: ProductSummaryDto[];
  @ApiProperty({ type: String, nullable: true, description: 'The next page’s cursor; null on the last page' })
  next!: string | null;
}

class MetadataOptionDto {
  @ApiProperty()
  value!: string;
  @ApiProperty()
  name!: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  names?: Record<string, string>;
}

export class MetadataDefinitionDto implements MetadataDefinitionSummary {
  @ApiProperty()
  id!: string;
  @ApiProperty()
  key!: string;
  @ApiProperty()
  classificationId!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  names!: Record<string, string>;
  @ApiProperty({ enum: Object.keys(METADATA_TYPES) })
  type!: MetadataType;
  @ApiProperty({ description: 'The definition’s constraint (SPEC §5)' })
  mandatory!: boolean;
  @ApiProperty({ type: [MetadataOptionDto] })
  options!: MetadataOptionDto[];
}

export class EnrichmentDefinitionsDto implements EnrichmentDefinitions {
  @ApiProperty({ type: [MetadataDefinitionDto] })
  metadata!: MetadataDefinitionDto[];
}

export class EnrichmentDraftRequestDto extends WorkflowRequestDto implements EnrichmentDraftRequest {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: `The wizard's working state (SPEC §3), at most ${LIMITS.enrichmentDraftMaxBytes} bytes as JSON; null clears the draft`,
  })
  // Required: null clears, a missing state is a mistake, not a clearing.
  @ValidateIf((body: EnrichmentDraftRequestDto) => body.state !== null)
  @IsObject()
  state!: Record<string, unknown> | null;
}

/** `GET /api/enrichment/draft?folderId=…&ids=a,b`: the selection whose draft to read. */
export class EnrichmentDraftQueryDto {
  @ApiProperty({ description: 'The folder the wizard acts from' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  folderId!: string;

  @ApiProperty({
    type: String,
    description: `Comma-joined content ids (at most ${LIMITS.taggingMaxAssets}, SPEC §5)`,
  })
  @Transform(commaSeparated)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LIMITS.workflowMaxAssets)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  ids!: string[];
}

export class EnrichmentDraftDto implements EnrichmentDraft {
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  state!: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true, description: 'When it was saved (ISO 8601)' })
  savedAt!: string | null;
}
