import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  SHARE_EVENTS,
  SHARE_LANGUAGES,
  SHARE_LIST_PAGE,
  SHARE_PASSWORD_MAX_LENGTH,
  SHARE_STATES,
  SHARE_TEXT_LIMITS,
  SHARE_TYPES,
  type ExternalShareListResponse,
  type ExternalShareRequest,
  type ExternalShareSummary,
  type ShareAccessEvent,
  type ShareAccessEventsResponse,
  type ShareEventKind,
  type ShareLanguage,
  type ShareRecipientSummary,
  type ShareSenderCount,
  type ShareSendersResponse,
  type ShareState,
  type ShareType,
} from '@paddock/rules';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Type } from 'class-transformer';
import { IsLatin1 } from '../common/latin1.validator';

/**
 * A bound on the list well above the share limit: the service answers SHARE_TOO_MANY_FILES for
 * 501–this many (a translated message), the pipe refuses anything larger before it is read.
 */
const CONTENT_IDS_BOUND = 5_000;

/** The longest recipients text: SHARE_RECIPIENTS_MAX addresses of 254 characters and separators. */
const RECIPIENTS_TEXT_MAX = 20_000;

export class ExternalShareRequestDto implements ExternalShareRequest {
  @ApiProperty({ enum: SHARE_TYPES })
  @IsIn(SHARE_TYPES)
  type!: ShareType;

  @ApiProperty({ maxLength: SHARE_TEXT_LIMITS.name })
  @IsString()
  @MinLength(1)
  @MaxLength(SHARE_TEXT_LIMITS.name)
  @IsLatin1()
  name!: string;

  @ApiProperty({ type: [String], description: 'At most 500 (SPEC §5)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CONTENT_IDS_BOUND)
  @IsUUID('all', { each: true })
  contentIds!: string[];

  @ApiProperty({ description: 'The folder the user shares from; SPEC §6 decides from it' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  folderId!: string;

  @ApiPropertyOptional({ maxLength: SHARE_TEXT_LIMITS.message })
  @IsOptional()
  @IsString()
  @MaxLength(SHARE_TEXT_LIMITS.message)
  @IsLatin1()
  message?: string;

  @ApiPropertyOptional({ maxLength: SHARE_TEXT_LIMITS.disclaimer })
  @IsOptional()
  @IsString()
  @MaxLength(SHARE_TEXT_LIMITS.disclaimer)
  @IsLatin1()
  disclaimer?: string;

  @ApiProperty({ description: 'SPEC §5 rule; never echoed, logged or mailed', format: 'password' })
  @IsString()
  @MaxLength(SHARE_PASSWORD_MAX_LENGTH)
  password!: string;

  @ApiProperty()
  @IsBoolean()
  contentDownload!: boolean;

  @ApiPropertyOptional({ description: 'ISO date-time; default 24 h from now (SPEC §9)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string;

  @ApiProperty({ enum: SHARE_LANGUAGES })
  @IsIn(SHARE_LANGUAGES)
  language!: ShareLanguage;

  @ApiPropertyOptional({ description: 'E-mail shares: addresses separated by semicolons (SPEC §5)' })
  @IsOptional()
  @IsString()
  @MaxLength(RECIPIENTS_TEXT_MAX)
  recipients?: string;
}

export class ShareRecipientSummaryDto implements ShareRecipientSummary {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ description: "This recipient's own link" }) url!: string;
  @ApiProperty() revoked!: boolean;
  @ApiProperty({ type: String, nullable: true }) sentAt!: string | null;
  @ApiProperty() views!: number;
  @ApiProperty() downloads!: number;
  @ApiProperty({ type: String, nullable: true }) lastOpenedAt!: string | null;
}

export class ExternalShareSummaryDto implements ExternalShareSummary {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: SHARE_TYPES }) type!: ShareType;
  @ApiProperty({ enum: SHARE_LANGUAGES }) language!: ShareLanguage;
  @ApiProperty({ enum: SHARE_STATES }) state!: ShareState;
  @ApiProperty({ type: String, nullable: true }) failure!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty() expiresAt!: string;
  @ApiProperty() assetCount!: number;
  @ApiProperty() contentDownload!: boolean;
  @ApiProperty() views!: number;
  @ApiProperty() downloads!: number;
  @ApiProperty({ type: String, nullable: true }) url!: string | null;
  @ApiProperty({ type: [ShareRecipientSummaryDto] }) recipients!: ShareRecipientSummaryDto[];
}

export class ExternalShareListDto implements ExternalShareListResponse {
  @ApiProperty({ type: [ExternalShareSummaryDto] }) items!: ExternalShareSummaryDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next (older) page' })
  nextCursor!: string | null;
}

/** `GET /api/external-shares`: a page of the user's shares, newest first. */
export class ListExternalSharesQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: SHARE_LIST_PAGE.max,
    default: SHARE_LIST_PAGE.default,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(SHARE_LIST_PAGE.max)
  limit?: number;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,300}$/)
  cursor?: string;
}

export class ShareAccessEventDto implements ShareAccessEvent {
  @ApiProperty() recipientId!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ enum: SHARE_EVENTS }) event!: ShareEventKind;
  @ApiProperty({ type: String, nullable: true }) contentId!: string | null;
  @ApiProperty() at!: string;
}

export class ShareAccessEventsDto implements ShareAccessEventsResponse {
  @ApiProperty({ type: [ShareAccessEventDto] }) items!: ShareAccessEventDto[];
}

export class ShareSenderCountDto implements ShareSenderCount {
  @ApiProperty() username!: string;
  @ApiProperty() shares!: number;
  @ApiProperty() recipients!: number;
}

export class ShareSendersDto implements ShareSendersResponse {
  @ApiProperty() windowMinutes!: number;
  @ApiProperty({ description: 'EXTERNAL_SHARE_RATE_SHARES' }) maxShares!: number;
  @ApiProperty({ description: 'EXTERNAL_SHARE_RATE_RECIPIENTS' }) maxRecipients!: number;
  @ApiProperty({ type: [ShareSenderCountDto] }) items!: ShareSenderCountDto[];
}
