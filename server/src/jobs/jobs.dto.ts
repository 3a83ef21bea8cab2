import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  E_CODES,
  ASSET_OUTCOME_KINDS,
  LANGUAGES,
  QUEUE_COUNT_STATES,
  SHARE_TYPES,
  type AssetOutcome,
  type JobStory,
  type Language,
  type ShareType,
  type StoryMetadata,
  type AssetOutcomeKind,
  type QueueCountState,
  jobEta,
  MY_JOBS_PAGE,
} from '@paddock/rules';
import { IsIn, IsInt, IsOptional, Matches, Max, MaxLength, Min } from 'class-validator';
import { ALL_JOBS, ALL_QUEUES } from './job-catalogue';
import type { JsonValue } from '../common/json';
import { recordedItemIds } from './job-items';
import { JOB_STATES, type JobState, type JobView } from './job-record';
import { LIST_LIMIT } from './jobs.service';

export class JobIdParamDto {
  @ApiProperty({ description: 'Job id (a UUID, or the id BullMQ gave a scheduled job)' })
  @Matches(/^[A-Za-z0-9:_.-]{1,200}$/)
  id!: string;
}

export class JobQueryDto {
  @ApiPropertyOptional({ enum: LANGUAGES, description: 'Language of the names in the story' })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}

/** `lang` names the assets and folders of each job's story, as on one job. */
export class ListJobsQueryDto extends JobQueryDto {
  @ApiPropertyOptional({ enum: JOB_STATES })
  @IsOptional()
  @IsIn(JOB_STATES)
  state?: JobState;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: LIST_LIMIT.max, default: LIST_LIMIT.default })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(LIST_LIMIT.max)
  limit?: number;

  @ApiPropertyOptional({ enum: ALL_QUEUES })
  @IsOptional()
  @IsIn(ALL_QUEUES)
  queue?: string;

  @ApiPropertyOptional({ enum: ALL_JOBS, description: 'Job name' })
  @IsOptional()
  @IsIn(ALL_JOBS)
  name?: string;

  @ApiPropertyOptional({ description: "Submitter's username, or 'system'" })
  @IsOptional()
  @Matches(/^[A-Za-z0-9@._-]{1,100}$/)
  actor?: string;

  @ApiPropertyOptional({ description: "The previous page's nextCursor" })
  @IsOptional()
  @MaxLength(300)
  cursor?: string;
}

/** A page of "My jobs"; `lang` names the assets and folders of each job's story. */
export class MyJobsQueryDto extends JobQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MY_JOBS_PAGE.max,
    default: MY_JOBS_PAGE.default,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MY_JOBS_PAGE.max)
  limit?: number;

  @ApiPropertyOptional({ description: "The previous page's nextCursor" })
  @IsOptional()
  @MaxLength(300)
  cursor?: string;
}

export class JobSubmittedDto {
  @ApiProperty({ description: 'Watch it at GET /api/jobs/{jobId}/events' })
  jobId!: string;
}

export class AssetOutcomeDto {
  @ApiProperty()
  contentId!: string;

  @ApiProperty({ enum: ASSET_OUTCOME_KINDS })
  outcome!: AssetOutcomeKind;

  @ApiProperty({ type: String, nullable: true })
  fromFolderId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Where it went (the junk after a failed move)' })
  toFolderId!: string | null;

  @ApiProperty({ type: String, nullable: true, example: E_CODES.ACCEPT_LINK_FAILED })
  errorCode!: string | null;
}

export class StoryMetadataDto implements StoryMetadata {
  @ApiProperty()
  key!: string;

  @ApiProperty({ type: String, nullable: true, description: "The definition's label in the asked language" })
  label!: string | null;
}

class StoryAssetsDto {
  @ApiProperty({ type: 'integer' })
  total!: number;

  @ApiProperty({ type: [String], description: 'The first few, in the order of `names`' })
  ids!: string[];

  @ApiProperty({ type: 'array', items: { type: 'string', nullable: true }, description: 'The first few' })
  names!: (string | null)[];
}

class StoryTagsDto {
  @ApiProperty({ type: 'array', items: { type: 'string', nullable: true } })
  added!: (string | null)[];

  @ApiProperty({ type: 'array', items: { type: 'string', nullable: true } })
  removed!: (string | null)[];
}

class StoryMetadataChangesDto {
  @ApiProperty({ type: [StoryMetadataDto] })
  set!: StoryMetadataDto[];

  @ApiProperty({ type: [StoryMetadataDto] })
  removed!: StoryMetadataDto[];
}

class StoryShareDto {
  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: SHARE_TYPES })
  type!: ShareType;

  @ApiProperty({ type: [String] })
  recipients!: string[];
}

/** What a job is about, named (null: no longer visible); see JobStory in @paddock/rules. */
export class JobStoryDto implements JobStory {
  @ApiProperty()
  job!: string;

  @ApiProperty({ type: StoryAssetsDto, nullable: true })
  assets!: StoryAssetsDto | null;

  @ApiProperty({ type: String, nullable: true })
  folder!: string | null;

  @ApiProperty({ type: 'array', items: { type: 'string', nullable: true } })
  targets!: (string | null)[];

  @ApiProperty({ type: StoryTagsDto })
  tags!: StoryTagsDto;

  @ApiProperty({ type: StoryMetadataChangesDto })
  metadata!: StoryMetadataChangesDto;

  @ApiProperty({ type: StoryShareDto, nullable: true })
  share!: StoryShareDto | null;

  @ApiProperty({ type: 'integer', nullable: true })
  version!: number | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' } })
  counts!: Record<string, number>;

  @ApiProperty({ type: String, nullable: true, description: "A previews job's end" })
  state!: string | null;
}

export class JobItemsDto {
  @ApiProperty({ type: 'integer' })
  done!: number;

  @ApiProperty({ type: 'integer' })
  total!: number;
}

export class JobResponseDto {
  @ApiProperty()
  id!: string;

  @ApiProperty({ example: 'maintenance' })
  queue!: string;

  @ApiProperty({ example: 'purge-expired-sessions' })
  name!: string;

  @ApiProperty({ enum: JOB_STATES })
  state!: JobState;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 })
  progress!: number;

  @ApiProperty({ type: 'integer', description: 'Attempts started so far' })
  attempts!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'What the job reported',
  })
  result!: JsonValue;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'What the job was asked to do (ids and fields only, never secrets)',
  })
  payload!: JsonValue;

  @ApiProperty({ type: String, nullable: true, example: 'JOB_INVALID_PAYLOAD' })
  errorCode!: string | null;

  @ApiProperty({ description: "Submitter's username, or 'system'" })
  createdBy!: string;

  @ApiPropertyOptional({
    description: "The submitter's name, else the username (GET /api/jobs and GET /api/jobs/:id)",
  })
  createdByName?: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Its running (or last) attempt',
  })
  startedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt!: string | null;

  @ApiProperty({ description: 'A cancel was asked while it ran: it stops before its next asset' })
  cancelRequested!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The job whose failed items this one runs again',
  })
  retryOf!: string | null;

  @ApiProperty({
    type: JobItemsDto,
    nullable: true,
    description: 'Its assets done of all, from its progress (null: a job not over assets)',
  })
  items!: JobItemsDto | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When a running job should end at its rate so far (null until that rate means something)',
  })
  etaAt!: string | null;

  @ApiPropertyOptional({
    type: [AssetOutcomeDto],
    description: 'Per asset, for workflow jobs (GET /api/jobs/:id)',
  })
  outcomes?: AssetOutcomeDto[];

  @ApiPropertyOptional({
    type: JobStoryDto,
    description: 'What the job is about, named (GET /api/jobs and GET /api/jobs/:id)',
  })
  story?: JobStoryDto;
}

export class JobListResponseDto {
  @ApiProperty({ type: [JobResponseDto] })
  items!: JobResponseDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next (older) page' })
  nextCursor!: string | null;
}

export class QueueCountsDto implements Record<QueueCountState, number> {
  @ApiProperty({ type: 'integer' })
  waiting!: number;

  @ApiProperty({ type: 'integer' })
  active!: number;

  @ApiProperty({ type: 'integer' })
  delayed!: number;

  @ApiProperty({ type: 'integer' })
  completed!: number;

  @ApiProperty({ type: 'integer' })
  failed!: number;
}

export class QueueStatsDto {
  @ApiProperty({ enum: ALL_QUEUES })
  queue!: string;

  @ApiProperty({ type: QueueCountsDto, description: `BullMQ counts: ${QUEUE_COUNT_STATES.join(', ')}` })
  counts!: QueueCountsDto;

  @ApiProperty({ description: 'A paused queue keeps its waiting jobs until resumed' })
  paused!: boolean;
}

export class QueueStatsResponseDto {
  @ApiProperty({ type: [QueueStatsDto] })
  items!: QueueStatsDto[];
}

export class QueueOutcomesDto {
  @ApiProperty({ enum: ALL_QUEUES })
  queue!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  completed!: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Failed for good (a permanent error or the last attempt)',
  })
  failed!: number;
}

export class QueueOutcomesResponseDto {
  @ApiProperty({ type: 'integer', description: 'The window, in minutes, up to now' })
  windowMinutes!: number;

  @ApiProperty({ type: [QueueOutcomesDto] })
  items!: QueueOutcomesDto[];
}

export class JobEventDto {
  @ApiProperty()
  jobId!: string;

  @ApiProperty({ enum: JOB_STATES })
  state!: JobState;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 })
  progress!: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  result?: JsonValue;

  @ApiPropertyOptional()
  errorCode?: string;
}

/** A job over assets: how many of them its progress has done. */
function itemsOf(job: JobView): JobItemsDto | null {
  const ids = recordedItemIds(job.name, job.payload);
  if (ids === null) return null;
  return { done: Math.floor((ids.length * job.progress) / 100), total: ids.length };
}

/**
 * `outcomes` and `story`: the per-asset outcomes and the named story (GET /api/jobs and GET
 * /api/jobs/:id); `createdByName`: the submitter's name; `now`: the ETA's present.
 */
export function toJobResponse(
  job: JobView,
  outcomes?: AssetOutcome[],
  story?: JobStory,
  createdByName?: string,
  now: Date = new Date(),
): JobResponseDto {
  return {
    id: job.id,
    queue: job.queue,
    name: job.name,
    state: job.state,
    progress: job.progress,
    attempts: job.attempts,
    result: job.result,
    payload: job.payload,
    errorCode: job.errorCode,
    createdBy: job.createdBy,
    ...(createdByName ? { createdByName } : {}),
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    cancelRequested: job.cancelRequested,
    retryOf: job.retryOf,
    items: itemsOf(job),
    etaAt: job.state === 'active' ? (jobEta(job.startedAt, job.progress, now)?.toISOString() ?? null) : null,
    ...(outcomes?.length ? { outcomes } : {}),
    ...(story ? { story } : {}),
  };
}
