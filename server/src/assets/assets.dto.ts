import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ASSET_EVENTS_MAX_IDS,
  LIMITS,
  METADATA_TYPES,
  THUMBNAIL_BOX_PATTERN,
  type AssetMetadataEntry,
  type AssetPreflight,
  type AssetWorkflowInfo,
  type AssetWorkflowState,
  type MetadataType,
  type RejectionChecklist,
  type TagSummary,
} from '@paddock/rules';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
} from 'class-validator';
import { commaSeparated } from '../search/search.dto';
import { IsName } from '../common/latin1.validator';
import { AssetActionsDto, PlaceDto } from '../places/place-actions.dto';

export class RenameAssetDto {
  @ApiProperty({
    description: 'New name; empty (or blank) leaves the asset unchanged (SPEC §5)',
    maxLength: LIMITS.nameMaxLength,
  })
  @IsString()
  @IsName()
  name: string;
}

/** The folder an asset is looked at in: SPEC §6 then decides in that folder's place. */
export class AssetFolderQuery {
  @ApiPropertyOptional({
    description: 'A folder of the asset the user looks at it in: the answer then has place and actions',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  folderId?: string;
}

export class AssetDetailQuery extends AssetFolderQuery {
  @ApiPropertyOptional({
    enum: ['it', 'en', 'fr'],
    description: 'Language of the asset, folder and tag names (nameIn; fallback EN)',
  })
  @IsOptional()
  @IsIn(['it', 'en', 'fr'])
  lang?: 'it' | 'en' | 'fr';
}

export class ThumbnailQuery {
  @ApiPropertyOptional({
    description:
      'WxH the grid shows (0 leaves a side free; sides above 2048 answer the 2048 rendition): the thumbnail fitted to it',
    example: '320x240',
    pattern: THUMBNAIL_BOX_PATTERN.source,
  })
  @IsOptional()
  @Matches(THUMBNAIL_BOX_PATTERN, { message: 'size must be WxH, e.g. 320x240' })
  size?: string;

  @ApiPropertyOptional({
    description:
      'The content version the address was made for (AssetSummary.thumbnailUrl): not read, it keeps a new version from being served the cached rendition of the old one',
    example: '2',
  })
  @IsOptional()
  @Matches(/^\d{1,6}$/, { message: 'v must be a version number' })
  v?: string;
}

/** `GET /api/assets/:id/preview` and `/poster`. */
export class RenditionQuery {
  @ApiPropertyOptional({
    description:
      'The content version the address was made for (AssetDetail.previewUrl): not read, a cache key',
    example: '2',
  })
  @IsOptional()
  @Matches(/^\d{1,6}$/, { message: 'v must be a version number' })
  v?: string;

  @ApiPropertyOptional({
    description:
      "An earlier version's rendition, read-only (issue 27: versions compared); without it, the current version's",
    example: '1',
  })
  @IsOptional()
  @Matches(/^[1-9]\d{0,5}$/, { message: 'version must be a version number' })
  version?: string;
}

/** SPEC §3: a metadata value with its definition's type and name (absent for a key without a definition). */
export class AssetMetadataEntryDto implements AssetMetadataEntry {
  @ApiProperty({ example: 'ggdyqo', description: 'SPEC §3: metadata are grouped by classification code' })
  classificationId!: string;
  @ApiProperty({ example: 'eventdate' }) key!: string;
  @ApiProperty({ example: '2026-03-07' }) value!: string;
  @ApiPropertyOptional({
    enum: Object.keys(METADATA_TYPES),
    description: "The definition's type: how the value reads (a date, yes or no, options)",
  })
  type?: MetadataType;
  @ApiPropertyOptional({ example: 'Event date', description: "The definition's name in the language asked" })
  name?: string;
}

export class AssetDetailDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT'] }) type: string;
  @ApiProperty() extension: string;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty() owner: string;
  @ApiProperty() thumbnailUrl: string;
  @ApiProperty() state: string;
  @ApiProperty({
    nullable: true,
    example: { kind: 'accepted' },
    description: 'The card chip: waiting (step), accepted, rejected, junk',
  })
  workflowState: AssetWorkflowState | null;
  @ApiProperty({ description: 'Published with its folder (SPEC §4 "Folders")' }) published: boolean;
  @ApiProperty({ example: { IT: 'foto.jpg', EN: 'photo.jpg' } }) names: { IT: string; EN: string };
  @ApiProperty() version: number;
  @ApiProperty() size: number;
  @ApiProperty() mimeType: string;
  @ApiPropertyOptional() width?: number;
  @ApiPropertyOptional() height?: number;
  @ApiPropertyOptional() durationMs?: number;
  @ApiProperty({ example: [{ id: 'uuid', name: 'Marketing' }] }) folders: { id: string; name: string }[];
  @ApiProperty({ type: [AssetMetadataEntryDto] }) metadata: AssetMetadataEntryDto[];
  @ApiProperty({ example: [{ id: 'uuid', classificationId: 'vu62a5', label: 'Spider' }] }) tags: {
    id: string;
    classificationId: string;
    label: string;
  }[];
  @ApiProperty({
    description: 'The products the asset is linked to (the product-content links call), named by the listing',
    example: [{ id: 'uuid', classificationId: 'vu62a5', names: { it: 'Spider', en: 'Spider' } }],
  })
  products: TagSummary[];
  @ApiProperty({ description: 'SPEC §3 owner type ENGINE: made by a machine' }) machineOwned: boolean;
  @ApiProperty({ example: ['WEB'], description: 'SPEC §3 availableChannels of the current version' })
  availableChannels: string[];
  @ApiPropertyOptional({ description: 'SPEC §3 registry-id: the registry record the asset is filed under' })
  registryId?: string;
  @ApiProperty() previewUrl: string;
  @ApiPropertyOptional() posterUrl?: string;
  @ApiPropertyOptional() proxyUrl?: string;
  @ApiProperty() downloadUrl: string;
  @ApiProperty({ example: { rename: true, newVersion: true, download: true } })
  rights: { rename: boolean; newVersion: boolean; download: boolean };
  @ApiProperty({
    description: 'Approval state, rejection note and drawing, deletion date (SPEC §3, §4)',
    example: {
      step: 1,
      accepted: false,
      rejected: false,
      note: null,
      canvas: null,
      acceptedBy: null,
      rejectedBy: null,
      deletedAt: null,
    },
  })
  workflow: AssetWorkflowInfo;
  @ApiProperty({
    nullable: true,
    description:
      "The current version's pre-flight (issue 27): verdict and each rule's result, and whether the verdict decided where the version went (gates; false: advice only); null until checked",
    example: {
      version: 1,
      verdict: 'warn',
      gates: true,
      checkedAt: '2026-11-29T10:00:00.000Z',
      results: [
        {
          ruleId: 'image-megapixels',
          check: 'minMegapixels',
          action: 'warn',
          outcome: 'fail',
          actual: 2.3,
          target: { min: 12 },
          message: { key: 'preflight.results.minMegapixels', params: { actual: 2.3, target: 12 } },
        },
      ],
    },
  })
  preflight: AssetPreflight | null;
  @ApiProperty({
    nullable: true,
    description:
      'The marks on the rejection an earlier version carries over to this one (issue 27): its regions are those of the drawing (rules drawingRegions); null when none is carried',
    example: {
      version: 2,
      drawnOn: 1,
      regions: 2,
      marks: [{ region: 1, mark: 'fixed', markedBy: 'Anna Bianchi', markedAt: '2026-11-30T10:04:00.000Z' }],
    },
  })
  checklist: RejectionChecklist | null;
  @ApiPropertyOptional({ type: PlaceDto, description: 'With folderId: the view of that folder' })
  place?: PlaceDto;
  @ApiPropertyOptional({ type: AssetActionsDto, description: 'With folderId: what SPEC §6 allows there' })
  actions?: AssetActionsDto;
  @ApiPropertyOptional({
    type: [String],
    description:
      'With folderId, where a new version would be offered: the reasons of the active legal holds that withdraw it (actions.updateFile is then false)',
  })
  holdReasons?: string[];
}

export class UploadResultDto {
  @ApiProperty() contentId: string;
  @ApiProperty() version: number;
  @ApiProperty({ description: "The version's pre-flight check: its report is on the detail once it ends" })
  preflightJobId: string;
  @ApiPropertyOptional({
    description:
      'A new version of a rejected delivery, or of one whose earlier version was blocked: the job after which it is back at approval step 1, unless the pre-flight blocks it',
  })
  jobId?: string;
}

/** GET /api/assets/events: the contents whose previews a listing waits for. */
export class AssetEventsQuery {
  @ApiProperty({
    type: String,
    description: `Comma-separated content ids (at most ${ASSET_EVENTS_MAX_IDS})`,
  })
  @Transform(commaSeparated)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(ASSET_EVENTS_MAX_IDS)
  @IsUUID('all', { each: true })
  ids: string[];
}
