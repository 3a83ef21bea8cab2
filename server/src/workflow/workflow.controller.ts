import { Body, Controller, HttpCode, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { JobSubmittedDto } from '../jobs/jobs.dto';
import { SubmitsJob } from '../jobs/submits-job.decorator';
import { WorkflowRequestDto } from '../places/selection.dto';
import {
  AcceptRequestDto,
  ChecklistMarkDto,
  RejectRequestDto,
  RestoreRequestDto,
  TargetRequestDto,
} from './workflow.dto';
import { WorkflowService } from './workflow.service';
import { ApiFolderNotFound, ApiSignedIn } from '../common/api-refusals.decorator';

/** SPEC §4 actions as durable jobs: each answers 202 { jobId }; watch it at /api/jobs/{jobId}/events. */
@ApiTags('workflow')
@ApiSignedIn()
@ApiBadRequestResponse({
  description:
    'VALIDATION_FAILED, WORKFLOW_NOTE_REQUIRED, WORKFLOW_ENRICHMENT_FOLDER_REQUIRED, WORKFLOW_TARGET_NOT_ALLOWED',
})
@ApiForbiddenResponse({
  description: 'WORKFLOW_ACTION_NOT_ALLOWED (SPEC §6), WORKFLOW_NOT_ENABLED_FOR_STEP',
})
@ApiFolderNotFound()
@ApiConflictResponse({
  description:
    'WORKFLOW_NOT_IN_FOLDER, WORKFLOW_MIXED_STEPS, WORKFLOW_SHARED_IN_CHANNELS, WORKFLOW_ORIGIN_UNAVAILABLE, ASSET_UNREADABLE (accept of a file that cannot be read, details.ids), WORKFLOW_CHECKLIST_OPEN (accept of a new version whose carried-over rejection is not all checked, details.ids), WORKFLOW_CHECKLIST_STALE',
})
@Controller('api/workflow')
export class WorkflowController {
  constructor(private readonly workflow: WorkflowService) {}

  @SubmitsJob('accept', 'Accepts contents at their approval step (to the next step, or enrichment)')
  accept(@CurrentUser() user: AuthUser, @Body() body: AcceptRequestDto): Promise<JobSubmittedDto> {
    return this.workflow.accept(user, body);
  }

  @Put('checklist')
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Marks one region of the rejection a new version answers fixed, not fixed or n/a (null clears it); who may accept the asset here may mark it',
  })
  @ApiNoContentResponse({ description: 'Marked; the detail shows it in `checklist`' })
  async markChecklist(@CurrentUser() user: AuthUser, @Body() body: ChecklistMarkDto): Promise<void> {
    await this.workflow.markChecklist(user, body);
  }

  @SubmitsJob('reject', 'Rejects contents with a note and an optional drawing (to the rejected folder)')
  reject(@CurrentUser() user: AuthUser, @Body() body: RejectRequestDto): Promise<JobSubmittedDto> {
    return this.workflow.reject(user, body);
  }

  @SubmitsJob('move', 'Moves contents to a folder (to the department junk when that fails)')
  move(@CurrentUser() user: AuthUser, @Body() body: TargetRequestDto): Promise<JobSubmittedDto> {
    return this.workflow.move(user, body);
  }

  @SubmitsJob('delete', 'Deletes contents to the department junk (dated for the purge)')
  delete(@CurrentUser() user: AuthUser, @Body() body: WorkflowRequestDto): Promise<JobSubmittedDto> {
    return this.workflow.delete(user, body);
  }

  @SubmitsJob(
    'restore',
    'Restores contents from the junk to a folder, or each to the folder it was deleted from',
  )
  restore(@CurrentUser() user: AuthUser, @Body() body: RestoreRequestDto): Promise<JobSubmittedDto> {
    return this.workflow.restore(user, body);
  }

  @SubmitsJob(
    'permanent-delete',
    'Deletes contents of the junk for good (refused when shared in several channels)',
  )
  permanentDelete(@CurrentUser() user: AuthUser, @Body() body: WorkflowRequestDto): Promise<JobSubmittedDto> {
    return this.workflow.permanentDelete(user, body);
  }

  @SubmitsJob('supplier-remove', "Removes contents from a supplier's folder only")
  supplierRemove(@CurrentUser() user: AuthUser, @Body() body: WorkflowRequestDto): Promise<JobSubmittedDto> {
    return this.workflow.supplierRemove(user, body);
  }
}
