import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { JOB_STATES, type JobState, type JobView, type JsonValue } from './job-record';
import { LIST_LIMIT } from './jobs.service';

export class JobIdParamDto {
  @ApiProperty({ description: 'Job id (a UUID, or the id BullMQ gave a scheduled job)' })
  @Matches(/^[A-Za-z0-9:_.-]{1,200}$/)
  id!: string;
}

export class ListJobsQueryDto {
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
}

export class JobSubmittedDto {
  @ApiProperty({ description: 'Watch it at GET /api/jobs/{jobId}/events' })
  jobId!: string;
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

  @ApiProperty({ type: String, nullable: true, example: 'JOB_INVALID_PAYLOAD' })
  errorCode!: string | null;

  @ApiProperty({ description: "Submitter's username, or 'system'" })
  createdBy!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt!: string | null;
}

export class JobListResponseDto {
  @ApiProperty({ type: [JobResponseDto] })
  items!: JobResponseDto[];
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

export function toJobResponse(job: JobView): JobResponseDto {
  return {
    id: job.id,
    queue: job.queue,
    name: job.name,
    state: job.state,
    progress: job.progress,
    attempts: job.attempts,
    result: job.result,
    errorCode: job.errorCode,
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}
