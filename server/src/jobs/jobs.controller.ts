import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { FALLBACK_LANGUAGE } from '@paddock/rules';
import { AuditRepository } from '../audit/audit.repository';
import { AuditService } from '../audit/audit.service';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/auth-user';
import { viewerOf } from './actor';
import { JobEventsService } from './job-events.service';
import {
  JobEventDto,
  JobIdParamDto,
  JobListResponseDto,
  JobQueryDto,
  JobResponseDto,
  JobSubmittedDto,
  ListJobsQueryDto,
  QueueStatsResponseDto,
  toJobResponse,
} from './jobs.dto';
import { JobsService } from './jobs.service';
import { sendEventStream } from './sse';
import { SubmitsJob } from './submits-job.decorator';
import { ApiAdministratorsOnly, ApiOneJob, ApiSignedIn } from '../common/api-refusals.decorator';

@ApiTags('jobs')
@ApiSignedIn()
@ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a malformed id or query' })
@ApiExtraModels(JobEventDto)
@Controller('api/jobs')
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly jobEvents: JobEventsService,
    private readonly audit: AuditRepository,
    private readonly auditLog: AuditService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Jobs, newest first, each with its named story (administrators)' })
  @ApiOkResponse({ type: JobListResponseDto })
  @ApiAdministratorsOnly()
  async list(@CurrentUser() user: AuthUser, @Query() query: ListJobsQueryDto): Promise<JobListResponseDto> {
    const page = await this.jobs.list(viewerOf(user), query);
    // Each row names what its job is about (issue 23: rows did not name their asset).
    const stories = await this.auditLog.storiesOf(page.items, user, query.lang ?? FALLBACK_LANGUAGE);
    return {
      items: page.items.map((job, i) => toJobResponse(job, undefined, stories[i])),
      nextCursor: page.nextCursor,
    };
  }

  @Get('queues')
  @ApiOperation({ summary: 'Every queue with its job counts by state (administrators)' })
  @ApiOkResponse({ type: QueueStatsResponseDto })
  @ApiAdministratorsOnly()
  async queues(@CurrentUser() user: AuthUser): Promise<QueueStatsResponseDto> {
    return { items: await this.jobs.queueStats(viewerOf(user)) };
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run a failed job again (administrators; audited)' })
  @ApiOkResponse({ type: JobResponseDto, description: 'The job, waiting again' })
  @ApiOneJob('administrators')
  @ApiConflictResponse({ description: 'JOB_NOT_RETRYABLE: the job has not failed' })
  async retry(@CurrentUser() user: AuthUser, @Param() params: JobIdParamDto): Promise<JobResponseDto> {
    return toJobResponse(await this.jobs.retry(params.id, viewerOf(user)));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a job that has not started (administrators; audited)' })
  @ApiOkResponse({ type: JobResponseDto, description: "The job, 'cancelled'" })
  @ApiOneJob('administrators')
  @ApiConflictResponse({
    description: 'JOB_NOT_CANCELLABLE: the job is running (it cannot be stopped safely) or has ended',
  })
  async cancel(@CurrentUser() user: AuthUser, @Param() params: JobIdParamDto): Promise<JobResponseDto> {
    return toJobResponse(await this.jobs.cancel(params.id, viewerOf(user)));
  }

  @SubmitsJob('maintenance/purge-expired-sessions', 'Purge expired sessions now (administrators)')
  @ApiAdministratorsOnly()
  purgeExpiredSessions(@CurrentUser() user: AuthUser): Promise<JobSubmittedDto> {
    return this.jobs.submitPurgeExpiredSessions(viewerOf(user));
  }

  @Get(':id')
  @ApiOperation({ summary: 'A job: its submitter or an administrator may read it' })
  @ApiOkResponse({ type: JobResponseDto })
  @ApiOneJob('submitter or administrators')
  async get(
    @CurrentUser() user: AuthUser,
    @Param() params: JobIdParamDto,
    @Query() query: JobQueryDto,
  ): Promise<JobResponseDto> {
    const job = await this.jobs.getFor(params.id, viewerOf(user));
    const [outcomes, story] = await Promise.all([
      this.audit.assetOutcomesOf(job.id),
      this.auditLog.storyOf(job, user, query.lang ?? FALLBACK_LANGUAGE),
    ]);
    return toJobResponse(job, outcomes, story);
  }

  @Get(':id/events')
  @ApiOperation({
    summary: 'Live progress (server-sent events)',
    description:
      'Each event is `data: <JobEvent JSON>`; the first is the current state; the stream ends after ' +
      "'completed' or 'failed'; a comment line keeps it alive every 15 s.",
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'A stream of JobEvent', schema: { $ref: getSchemaPath(JobEventDto) } })
  @ApiOneJob('submitter or administrators')
  async events(
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
    @Param() params: JobIdParamDto,
  ): Promise<void> {
    sendEventStream(await this.jobEvents.open(params.id, viewerOf(user)), req, res);
  }
}
