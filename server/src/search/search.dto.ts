import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CARD_THUMBNAIL_BOX,
  ASSET_SORT_FIELDS,
  CONTENT_TYPES,
  FILE_EXTENSIONS,
  DEFAULT_LANGUAGE,
  FILTER_CONTENT_TYPES,
  LANGUAGES,
  LIMITS,
  LISTING_ONLY_FILTERS,
  METADATA_COMBINATORS,
  METADATA_FILTER_LIMITS,
  isComparableMetadataValue,
  nameIn,
  type AssetListResponse,
  type AssetTotalResponse,
  type AssetSortField,
  type AssetSummary,
  type AssetWorkflowState,
  type ContentType,
  type FileExtension,
  type FilterContentType,
  type Language,
  type ListingOnlyFilter,
  type RejectedDeliveriesResponse,
  type RejectedDelivery,
  type SortOrder,
  isLatin1,
} from '@paddock/rules';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { z } from 'zod';
import type { MetadataFilter, ProviderSearchHit } from '../provider/search.gateway';
import { IsLatin1 } from '../common/latin1.validator';
import { DomainError } from '../common/domain-error';
import { CURSOR_MAX_LENGTH, decodeCursor } from './page-cursor';
import type { AssetFilter, AssetListFilter, ContentFacts } from './search.types';
import { OptionalPageOffset } from '../common/page-offset';

export const ASSET_SORTS: readonly AssetSortField[] = ASSET_SORT_FIELDS;
export const SORT_ORDERS: readonly SortOrder[] = ['asc', 'desc'];
/** SPEC §7: a provider search key holds at most 200 characters. */
export const QUERY_MAX_LENGTH = 200;
/** The hub's largest page; the provider is read 50 at a time behind it. */
export const ASSET_PAGE_MAX = 100;
export const ASSET_PAGE_DEFAULT = 50;

/** `a,b` or `?x=a&x=b` (or both) as a list of trimmed, non-empty values. */
export function commaSeparated({ value }: { value: unknown }): unknown {
  if (value === undefined || value === null) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) =>
    typeof v === 'string' ? v.split(',') : [v],
  );
  const list = parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
  return list.length ? list : undefined;
}

function booleanText({ value }: { value: unknown }): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** A number, or a date (ISO), for LESS / MORE / BETWEEN. */
const comparable = z.string().max(100).refine(isComparableMetadataValue, 'must be a number or a date');

export const metadataFilterSchema = z
  .array(
    z.object({
      combinator: z.enum(METADATA_COMBINATORS),
      clauses: z
        .array(
          z.discriminatedUnion('operator', [
            z.object({
              key: z.string().regex(/^[\w.-]{1,100}$/),
              operator: z.literal('EQUAL'),
              value: z.string().max(QUERY_MAX_LENGTH).refine(isLatin1, 'must be Latin-1'),
            }),
            z.object({
              key: z.string().regex(/^[\w.-]{1,100}$/),
              operator: z.enum(['LESS', 'MORE']),
              value: comparable,
            }),
            z.object({
              key: z.string().regex(/^[\w.-]{1,100}$/),
              operator: z.literal('BETWEEN'),
              value: comparable,
              value2: comparable,
            }),
          ]),
        )
        .min(1)
        .max(METADATA_FILTER_LIMITS.clauses),
    }),
  )
  .min(1)
  .max(METADATA_FILTER_LIMITS.groups);

/** The `metadata` parameter is JSON; anything that does not parse to the schema is left as is and refused. */
function parseMetadataFilter({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed = metadataFilterSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : value;
  } catch {
    return value;
  }
}

function IsMetadataFilter(): PropertyDecorator {
  return ValidateBy({
    name: 'isMetadataFilter',
    validator: {
      validate: (value: unknown) => metadataFilterSchema.safeParse(value).success,
      defaultMessage: () =>
        'metadata must be JSON [{combinator: MUST|MUST_NOT|AT_LEAST_ONE, clauses: [{key, operator: EQUAL|LESS|MORE|BETWEEN, value, value2?}]}]',
    },
  });
}

/** What a listing or search looks for: GET /api/assets/total takes these alone. */
export class AssetFilterQueryDto {
  @ApiPropertyOptional({ description: 'Folder id (or code) to list; absent = every folder the user can see' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  folderId?: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Also the contents of every sub-folder',
  })
  @IsOptional()
  @Transform(booleanText)
  @IsBoolean()
  subfolders?: boolean;

  @ApiPropertyOptional({
    maxLength: QUERY_MAX_LENGTH,
    description:
      'Text anywhere in the name or a tag label, case-insensitive (SPEC §7 EXACT_MATCH); Latin-1 only',
  })
  @IsOptional()
  @IsString()
  @MaxLength(QUERY_MAX_LENGTH)
  @IsLatin1()
  q?: string;

  @ApiPropertyOptional({ type: String, description: `Comma-separated: ${FILTER_CONTENT_TYPES.join(', ')}` })
  @IsOptional()
  @Transform(commaSeparated)
  @IsArray()
  @ArrayMaxSize(FILTER_CONTENT_TYPES.length)
  @IsIn(FILTER_CONTENT_TYPES, { each: true })
  types?: FilterContentType[];

  @ApiPropertyOptional({ type: String, description: `Comma-separated: ${FILE_EXTENSIONS.join(', ')}` })
  @IsOptional()
  @Transform(commaSeparated)
  @IsArray()
  @ArrayMaxSize(FILE_EXTENSIONS.length)
  @IsIn(FILE_EXTENSIONS, { each: true })
  extensions?: FileExtension[];

  @ApiPropertyOptional({
    type: String,
    description:
      'Metadata filter (SPEC §3), JSON: [{"combinator":"MUST"|"MUST_NOT"|"AT_LEAST_ONE","clauses":' +
      '[{"key":"modelyear","operator":"EQUAL"|"LESS"|"MORE"|"BETWEEN","value":"1966","value2":"1972"}]}]. ' +
      'MUST: every clause holds; MUST_NOT: none does; AT_LEAST_ONE: one does. LESS, MORE and BETWEEN ' +
      '(inclusive) compare numbers or dates.',
  })
  @IsOptional()
  @Transform(parseMetadataFilter)
  @IsMetadataFilter()
  metadata?: MetadataFilter[];

  @ApiPropertyOptional({
    type: Boolean,
    description:
      'true: only contents published with their folder (SPEC §4 "Folders"); false: only the others',
  })
  @IsOptional()
  @Transform(booleanText)
  @IsBoolean()
  published?: boolean;

  @ApiPropertyOptional({
    enum: LISTING_ONLY_FILTERS,
    description:
      'A built-in saved search (docs/saved-searches.md): rightsEnding (a copyright to-date within 30 days), ' +
      'possibleDuplicates (in a duplicate pair nobody decided), preflightFailed (the latest pre-flight blocked)',
  })
  @IsOptional()
  @IsIn(LISTING_ONLY_FILTERS)
  only?: ListingOnlyFilter;
}

/** GET /api/assets query: the listing of a folder and the search with every filter, sort and page. */
export class AssetListQueryDto extends AssetFilterQueryDto {
  @ApiPropertyOptional({ enum: ASSET_SORTS, default: 'creationDate' })
  @IsOptional()
  @IsIn(ASSET_SORTS)
  sort?: AssetSortField;

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'desc' })
  @IsOptional()
  @IsIn(SORT_ORDERS)
  order?: SortOrder;

  @OptionalPageOffset()
  offset?: number;

  @ApiPropertyOptional({
    description:
      "The previous page's `next`, instead of offset: by creation date a deep page costs what the first does",
    maxLength: 300,
  })
  @IsOptional()
  @IsString()
  // A cursor by name wraps the provider's page token, which carries a name (PageCursor).
  @Matches(new RegExp(`^[\\w-]{1,${CURSOR_MAX_LENGTH}}$`))
  cursor?: string;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    default: DEFAULT_LANGUAGE,
    description: 'Interface language: names in its asset locale (IT for it, EN for en and fr)',
  })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: ASSET_PAGE_MAX, default: ASSET_PAGE_DEFAULT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ASSET_PAGE_MAX)
  limit?: number;
}

export function toAssetFilter(q: AssetFilterQueryDto): AssetFilter {
  return {
    folderId: q.folderId,
    subfolders: q.subfolders ?? false,
    text: q.q?.trim() ? q.q : undefined,
    types: q.types,
    extensions: q.extensions,
    metadata: q.metadata,
    published: q.published,
    only: q.only,
  };
}

export function toAssetListFilter(q: AssetListQueryDto): AssetListFilter {
  if (q.cursor !== undefined && q.offset !== undefined)
    throw DomainError.invalid('offset and cursor exclude each other');
  return {
    ...toAssetFilter(q),
    sort: q.sort ?? 'creationDate',
    descending: (q.order ?? 'desc') === 'desc',
    cursor: q.cursor === undefined ? undefined : decodeCursor(q.cursor),
    offset: q.offset ?? 0,
    limit: q.limit ?? ASSET_PAGE_DEFAULT,
    lang: q.lang ?? DEFAULT_LANGUAGE,
  };
}

export class AssetSummaryResponse implements AssetSummary {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The name in the asked language (nameIn)' }) name: string;
  @ApiProperty({ enum: CONTENT_TYPES }) type: ContentType;
  @ApiProperty({ example: 'jpg' }) extension: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ description: "The owner's full name" }) owner: string;
  @ApiProperty({ example: '/api/assets/0b6c…/thumbnail?size=340x340' }) thumbnailUrl: string;
  @ApiProperty({ example: 'READY', description: 'PROCESSING until previews exist, then READY (or FAILED)' })
  state: string;
  @ApiProperty({
    nullable: true,
    example: { kind: 'waiting', step: 1 },
    description:
      "Where the asset stands in the workflow: { kind: 'waiting', step } | accepted | rejected | junk; null outside it",
  })
  workflowState: AssetWorkflowState | null;
  @ApiProperty({ description: 'Embargo active or copyright expired (SPEC §4): share is refused' })
  restricted: boolean;
  @ApiProperty({ description: 'Published with its folder (SPEC §4 "Folders")' })
  published: boolean;
  @ApiPropertyOptional({ description: 'Audio and video: running time in milliseconds' })
  durationMs?: number;
  @ApiProperty({ description: 'The current version: 1, then one more with each new version' })
  version: number;
  @ApiPropertyOptional({
    enum: ['warn', 'block'],
    description: "The current version's pre-flight when it warned or blocked (issue 27); absent otherwise",
  })
  preflightVerdict?: 'warn' | 'block';
  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Deleted to the junk: when the nightly purge may delete it for good (30 days after)',
  })
  purgeDueAt?: string;
  @ApiPropertyOptional({
    type: [String],
    description: 'Listed in the junk: the reasons of the active legal holds that keep it from the purge',
  })
  holdReasons?: string[];
}

export class AssetListResponseDto implements AssetListResponse {
  @ApiProperty({ type: [AssetSummaryResponse] }) items: AssetSummaryResponse[];
  @ApiProperty({
    description: 'The page is full: the next one may hold more (GET /api/assets/total counts them)',
  })
  hasMore: boolean;
  @ApiPropertyOptional({ description: 'With hasMore: the `cursor` of the next page' })
  next?: string;
  @ApiProperty() offset: number;
  @ApiProperty() limit: number;
}

export class AssetTotalResponseDto implements AssetTotalResponse {
  @ApiProperty({ description: `How many assets match, counted up to ${LIMITS.searchCountCap}` })
  totalResults: number;
  @ApiProperty({ description: 'More assets match than totalResults (shown as "10,000+")' })
  totalIsCapped: boolean;
}

/** GET /api/assets/counts: assets per view for the `user` role (SPEC §6), an approver's queue; `{}` for the others. */
export class AssetCountsResponse {
  @ApiPropertyOptional({ description: "What waits at the approver's own steps in their department" })
  approver?: number;
  @ApiPropertyOptional() archives?: number;
  @ApiPropertyOptional() enrichment?: number;
  @ApiPropertyOptional() rejected?: number;
  @ApiPropertyOptional() supplier?: number;
  @ApiPropertyOptional({ description: "A supplier's deliveries that came back rejected" })
  supplierSent?: number;
  @ApiPropertyOptional() departmentJunk?: number;
}

/** GET /api/assets/rejected-deliveries: the language names are given in. */
export class RejectedDeliveriesQueryDto {
  @ApiPropertyOptional({ enum: LANGUAGES, default: DEFAULT_LANGUAGE })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}

export class RejectedDeliveryDto implements RejectedDelivery {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'The name in the asked language (nameIn)' }) name: string;
  @ApiProperty() extension: string;
  @ApiProperty({ type: 'integer' }) version: number;
  @ApiProperty({ description: 'The supplier work folder (lvrr02-<department>) it sits in' }) folderId: string;
  @ApiProperty({ type: String, nullable: true, description: 'The rejection note (content_note)' })
  note: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Who rejected it (rejected_by): their name, else the username',
  })
  rejectedBy: string | null;
}

export class RejectedDeliveriesResponseDto implements RejectedDeliveriesResponse {
  @ApiProperty({ type: [RejectedDeliveryDto] }) items: RejectedDeliveryDto[];
}

function isContentType(type: string): type is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(type);
}

export function toAssetSummary(
  c: ProviderSearchHit,
  lang: Language,
  facts?: ContentFacts,
): AssetSummaryResponse {
  return {
    id: c.id,
    name: nameIn(c.locales, lang),
    // THRON's other kinds (OTHER, PAGELET…) read as documents.
    type: isContentType(c.contentType) ? c.contentType : 'DOCUMENT',
    extension: c.extension,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    owner: c.ownerFullName || c.ownerUsername,
    // The version in the address: a new version is a new URL, not the old rendition from the cache.
    thumbnailUrl: `/api/assets/${encodeURIComponent(c.id)}/thumbnail?size=${CARD_THUMBNAIL_BOX}&v=${c.version}`,
    state: c.state,
    version: c.version,
    workflowState: facts?.workflowState ?? null,
    restricted: facts?.restricted ?? false,
    published: facts?.published ?? false,
    ...(facts?.durationMs !== undefined ? { durationMs: facts.durationMs } : {}),
    ...(facts?.preflightVerdict ? { preflightVerdict: facts.preflightVerdict } : {}),
    ...(facts?.purgeDueAt ? { purgeDueAt: facts.purgeDueAt } : {}),
    ...(facts?.holdReasons ? { holdReasons: facts.holdReasons } : {}),
  };
}
