import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import type { AuthUser } from '../common/auth-user';
import { viewerOf } from './actor';
import { JobEventsService } from './job-events.service';
import {
  JobEventDto,
  JobIdParamDto,
  JobResponseDto,
  JobSubmittedDto,
  QueueOutcomesResponseDto,
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
  ) {}

  @Get('queues')
  @ApiOperation({ summary: 'Every queue with its job counts by state (administrators)' })
  @ApiOkResponse({ type: QueueStatsResponseDto })
  @ApiAdministratorsOnly()
  async queues(@CurrentUser() user: AuthUser): Promise<QueueStatsResponseDto> {
    return { items: await this.jobs.queueStats(viewerOf(user)) };
  }

  @Get('outcomes')
  @ApiOperation({ summary: 'Jobs completed and failed in the last hour, per queue (administrators)' })
  @ApiOkResponse({ type: QueueOutcomesResponseDto })
  @ApiAdministratorsOnly()
  outcomes(@CurrentUser() user: AuthUser): Promise<QueueOutcomesResponseDto> {
    return this.jobs.recentOutcomes(viewerOf(user));
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

  @Post(':id/retry-failed')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Run the failed items of an ended job again, as a new job linked to it (submitter or administrators)',
  })
  @ApiCreatedResponse({ type: JobResponseDto, description: 'The new job, its retryOf the first' })
  @ApiOneJob('submitter or administrators')
  @ApiConflictResponse({
    description:
      'JOB_STILL_RUNNING: the job has not ended; JOB_NO_FAILED_ITEMS: none of its items failed, or it is not over assets',
  })
  async retryFailed(@CurrentUser() user: AuthUser, @Param() params: JobIdParamDto): Promise<JobResponseDto> {
    return toJobResponse(await this.jobs.retryFailed(params.id, viewerOf(user)));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cancel a job (submitter or administrators; audited): one not started is removed; one running over assets stops before its next asset',
  })
  @ApiOkResponse({
    type: JobResponseDto,
    description: "The job, 'cancelled', or running with cancelRequested",
  })
  @ApiOneJob('submitter or administrators')
  @ApiConflictResponse({
    description: 'JOB_NOT_CANCELLABLE: the job has ended, or it runs and cannot be stopped safely mid-way',
  })
  async cancel(@CurrentUser() user: AuthUser, @Param() params: JobIdParamDto): Promise<JobResponseDto> {
    return toJobResponse(await this.jobs.cancel(params.id, viewerOf(user)));
  }

  @SubmitsJob('maintenance/purge-expired-sessions', 'Purge expired sessions now (administrators)')
  @ApiAdministratorsOnly()
  purgeExpiredSessions(@CurrentUser() user: AuthUser): Promise<JobSubmittedDto> {
    return this.jobs.submitPurgeExpiredSessions(viewerOf(user));
  }

  @SubmitsJob(
    'maintenance/purge-junk',
    'Purge the junk now (administrators): what is due and no legal hold keeps',
  )
  @ApiAdministratorsOnly()
  purgeJunk(@CurrentUser() user: AuthUser): Promise<JobSubmittedDto> {
    return this.jobs.submitPurgeJunk(viewerOf(user));
  }

  @SubmitsJob(
    'maintenance/rights-notices',
    'Send the rights notices now (administrators): embargoes started, copyrights ended or ending, once each',
  )
  @ApiAdministratorsOnly()
  rightsNotices(@CurrentUser() user: AuthUser): Promise<JobSubmittedDto> {
    return this.jobs.submitRightsNotices(viewerOf(user));
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
