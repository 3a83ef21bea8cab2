import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  E_CODES,
  AUDIT_OUTCOMES,
  DASHBOARD_PAGE,
  LANGUAGES,
  type Language,
  type AuditListResponse,
  type AuditOutcome,
  type AuditRecordSummary,
} from '@paddock/rules';
import { Type } from 'class-transformer';
import { JobStoryDto } from '../jobs/jobs.dto';
import { IsDate, IsIn, IsInt, IsOptional, Matches, Max, MaxLength, Min } from 'class-validator';

/** Ids, usernames and action names: printable, no spaces, bounded. */
const TOKEN = /^[A-Za-z0-9@._:-]{1,200}$/;

export class AuditQueryDto {
  @ApiPropertyOptional({ description: 'Content id' })
  @IsOptional()
  @Matches(TOKEN)
  assetId?: string;

  @ApiPropertyOptional({ description: "Who acted: a part of the username (any case), or 'system'" })
  @IsOptional()
  @Matches(TOKEN)
  actor?: string;

  @ApiPropertyOptional({ example: 'workflow-accept' })
  @IsOptional()
  @Matches(TOKEN)
  action?: string;

  @ApiPropertyOptional({ enum: AUDIT_OUTCOMES })
  @IsOptional()
  @IsIn(AUDIT_OUTCOMES)
  outcome?: AuditOutcome;

  @ApiPropertyOptional({ description: 'Only the rows of this job' })
  @IsOptional()
  @Matches(TOKEN)
  jobId?: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'From (inclusive)' })
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  from?: Date;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'To (exclusive)' })
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  to?: Date;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: DASHBOARD_PAGE.max,
    default: DASHBOARD_PAGE.default,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(DASHBOARD_PAGE.max)
  limit?: number;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'Language of the asset and folder names' })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;

  @ApiPropertyOptional({ description: "The previous page's nextCursor" })
  @IsOptional()
  @MaxLength(300)
  cursor?: string;
}

export class AuditRecordDto implements AuditRecordSummary {
  @ApiProperty()
  id!: string;

  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty({ description: 'The username the row records' })
  actor!: string;

  @ApiProperty({ description: 'Who that is by name, else the username' })
  actorName!: string;

  @ApiProperty({ example: 'workflow-accept' })
  action!: string;

  @ApiProperty({ type: String, nullable: true })
  jobId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  assetId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  fromFolderId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  toFolderId!: string | null;

  @ApiProperty({ enum: AUDIT_OUTCOMES })
  outcome!: AuditOutcome;

  @ApiProperty({ type: String, nullable: true, example: E_CODES.ACCEPT_LINK_FAILED })
  errorCode!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The asset name in the asked language' })
  assetName!: string | null;

  @ApiProperty({ type: String, nullable: true })
  fromFolderName!: string | null;

  @ApiProperty({ type: String, nullable: true })
  toFolderName!: string | null;

  @ApiProperty({ type: JobStoryDto, nullable: true, description: "A job's own row: what the job was about" })
  story!: JobStoryDto | null;
}

export class AuditListResponseDto implements AuditListResponse {
  @ApiProperty({ type: [AuditRecordDto] })
  items!: AuditRecordDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next (older) page' })
  nextCursor!: string | null;
}
