import { Body, Controller, Get, Param } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { FolderIdParams } from '../folders/folders.dto';
import { JobSubmittedDto } from '../jobs/jobs.dto';
import { SubmitsJob } from '../jobs/submits-job.decorator';
import { FolderPublishService } from './folder-publish.service';
import { InternalShareRequestDto, SharingFoldersDto } from './internal-shares.dto';
import { InternalSharesService } from './internal-shares.service';
import { ApiAssetsNotFound, ApiPublishesFolder, ApiSignedIn } from '../common/api-refusals.decorator';

/** Internal shares (SPEC §4): the folders one may share into, and the share as a durable job. */
@ApiTags('shares')
@ApiSignedIn()
@Controller('api/shares')
export class InternalSharesController {
  constructor(private readonly shares: InternalSharesService) {}

  @Get('folders')
  @ApiOperation({
    summary: 'The folders the user may share assets into (the provider’s sharing-folder lookup)',
  })
  @ApiOkResponse({ type: SharingFoldersDto })
  async folders(@CurrentUser() user: AuthUser): Promise<SharingFoldersDto> {
    return { items: await this.shares.sharingFolders(user) };
  }

  @SubmitsJob(
    undefined,
    'Links assets to the chosen folders; the job (GET /api/jobs/{jobId}) counts the outcomes',
  )
  @ApiForbiddenResponse({
    description: 'SHARE_NOT_ALLOWED (SPEC §6, details.ids), SHARE_BAD_TARGET (details.folderIds)',
  })
  @ApiConflictResponse({
    description:
      'SHARE_ALREADY_SHARED: a target tree holds a shared copy already (details.ids, details.folderIds); ASSET_UNREADABLE: a file cannot be read (details.ids)',
  })
  @ApiAssetsNotFound()
  share(@CurrentUser() user: AuthUser, @Body() body: InternalShareRequestDto): Promise<JobSubmittedDto> {
    return this.shares.share(user, body);
  }
}

/** SPEC §4 "Folders": publish and unpublish a folder's contents, as jobs whose result counts them. */
@ApiTags('folders')
@ApiSignedIn()
@Controller('api/folders')
export class FolderPublishController {
  constructor(private readonly publishing: FolderPublishService) {}

  @SubmitsJob(':id/publish', "Publishes the folder's contents; the job's result is { total, changed }")
  @ApiPublishesFolder()
  publish(@CurrentUser() user: AuthUser, @Param() params: FolderIdParams): Promise<JobSubmittedDto> {
    return this.publishing.submit(user, params.id, true);
  }

  @SubmitsJob(':id/unpublish', "Unpublishes the folder's contents; the job's result is { total, changed }")
  @ApiPublishesFolder()
  unpublish(@CurrentUser() user: AuthUser, @Param() params: FolderIdParams): Promise<JobSubmittedDto> {
    return this.publishing.submit(user, params.id, false);
  }
}
