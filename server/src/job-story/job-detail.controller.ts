import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FALLBACK_LANGUAGE } from '@paddock/rules';
import { AuditRepository } from '../audit/audit.repository';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { ApiAdministratorsOnly, ApiOneJob, ApiSignedIn } from '../common/api-refusals.decorator';
import { viewerOf } from '../jobs/actor';
import {
  JobIdParamDto,
  JobListResponseDto,
  JobQueryDto,
  JobResponseDto,
  ListJobsQueryDto,
  MyJobsQueryDto,
  toJobResponse,
} from '../jobs/jobs.dto';
import { JobsService } from '../jobs/jobs.service';
import { PersonNames } from '../users/person-names';
import { AuditService } from './audit.service';

/**
 * The jobs as their readers see them, each with its named story (the list), one also with its
 * per-asset outcomes: a read over the jobs and the audit ledger, so it lives above both. Routed after JobsController (AppModule imports JobsModule first),
 * so that `/api/jobs/queues` is not taken for an id.
 */
@ApiTags('jobs')
@ApiSignedIn()
@ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a malformed id or query' })
@Controller('api/jobs')
export class JobDetailController {
  constructor(
    private readonly jobs: JobsService,
    private readonly audit: AuditRepository,
    private readonly auditLog: AuditService,
    private readonly people: PersonNames,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Jobs, newest first, each with its named story (administrators)' })
  @ApiOkResponse({ type: JobListResponseDto })
  @ApiAdministratorsOnly()
  async list(@CurrentUser() user: AuthUser, @Query() query: ListJobsQueryDto): Promise<JobListResponseDto> {
    const page = await this.jobs.list(viewerOf(user), query);
    // Each row names what its job is about (issue 23: rows did not name their asset).
    const [stories, names] = await Promise.all([
      this.auditLog.storiesOf(page.items, user, query.lang ?? FALLBACK_LANGUAGE),
      this.people.of(page.items.map((job) => job.createdBy)),
    ]);
    return {
      items: page.items.map((job, i) => toJobResponse(job, undefined, stories[i], names.get(job.createdBy))),
      nextCursor: page.nextCursor,
    };
  }

  @Get('mine')
  @ApiOperation({ summary: "The caller's own jobs, newest first, each with its named story (everyone)" })
  @ApiOkResponse({ type: JobListResponseDto })
  async mine(@CurrentUser() user: AuthUser, @Query() query: MyJobsQueryDto): Promise<JobListResponseDto> {
    const page = await this.jobs.mine(viewerOf(user), query);
    const stories = await this.auditLog.storiesOf(page.items, user, query.lang ?? FALLBACK_LANGUAGE);
    return {
      items: page.items.map((job, i) => toJobResponse(job, undefined, stories[i])),
      nextCursor: page.nextCursor,
    };
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
    const [outcomes, story, name] = await Promise.all([
      this.audit.assetOutcomesOf(job.id),
      this.auditLog.storyOf(job, user, query.lang ?? FALLBACK_LANGUAGE),
      this.people.nameOf(job.createdBy),
    ]);
    return toJobResponse(job, outcomes, story, name);
  }
}
