import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { SHARE_LIST_PAGE } from '@paddock/rules';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { Roles } from '../common/roles.decorator';
import { JobSubmittedDto } from '../jobs/jobs.dto';
import { SubmitsJob } from '../jobs/submits-job.decorator';
import {
  ExternalShareListDto,
  ExternalShareRequestDto,
  ExternalShareSummaryDto,
  ListExternalSharesQueryDto,
  ShareAccessEventsDto,
  ShareSendersDto,
} from './external-shares.dto';
import { ExternalSharesService } from './external-shares.service';
import {
  ApiAdministratorsOnly,
  ApiAssetsNotFound,
  ApiRevokesOwnShare,
  ApiSignedIn,
} from '../common/api-refusals.decorator';

/** External shares (SPEC §2, §3): made as durable jobs; listed and revoked for the management panel. */
@ApiTags('external-shares')
@ApiSignedIn()
@Controller('api/external-shares')
export class ExternalSharesController {
  constructor(private readonly shares: ExternalSharesService) {}

  @SubmitsJob(
    undefined,
    'Shares assets by link or e-mail; the job (GET /api/jobs/{jobId}) ends with the share id, whose links GET /api/external-shares/{id} gives its owner. Nothing is created or sent on a refusal',
  )
  @ApiBadRequestResponse({
    description:
      'SHARE_WEAK_PASSWORD, SHARE_TOO_MANY_FILES, SHARE_BAD_RECIPIENT, SHARE_NO_RECIPIENTS, SHARE_TOO_MANY_RECIPIENTS, SHARE_BAD_EXPIRY, VALIDATION_FAILED',
  })
  @ApiForbiddenResponse({ description: 'SHARE_NOT_ALLOWED: SPEC §6 refuses an asset (details.ids)' })
  @ApiConflictResponse({
    description:
      'ASSET_UNREADABLE: a file cannot be read; SHARE_NOT_IN_FOLDER: an asset is not in the folder named (details.ids)',
  })
  @ApiTooManyRequestsResponse({
    description:
      "SHARE_RATE_LIMITED: the user's external shares or recipients in the window are used up (Retry-After, details.retryAfterSeconds)",
  })
  @ApiAssetsNotFound()
  create(@CurrentUser() user: AuthUser, @Body() body: ExternalShareRequestDto): Promise<JobSubmittedDto> {
    return this.shares.create(user, body);
  }

  @Get()
  @ApiOperation({
    summary: "A page of the user's external shares, newest first, with per-recipient access counts",
  })
  @ApiOkResponse({ type: ExternalShareListDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a limit out of range or a cursor not ours' })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: ListExternalSharesQueryDto,
  ): Promise<ExternalShareListDto> {
    return this.shares.list(user, { cursor: query.cursor, limit: query.limit ?? SHARE_LIST_PAGE.default });
  }

  @Get('senders')
  @Roles('admin')
  @ApiOperation({
    summary:
      'Who submitted how many external shares and e-mail recipients within the rate window, most first (administrators)',
  })
  @ApiOkResponse({ type: ShareSendersDto })
  @ApiAdministratorsOnly()
  senders(): Promise<ShareSendersDto> {
    return this.shares.senders();
  }

  @Get(':id')
  @ApiOperation({ summary: "One of the user's external shares, with its link or each recipient's" })
  @ApiOkResponse({ type: ExternalShareSummaryDto })
  @ApiNotFoundResponse({ description: "SHARE_NOT_FOUND: unknown or another user's" })
  get(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<ExternalShareSummaryDto> {
    return this.shares.get(user, id);
  }

  @Get(':id/events')
  @ApiOperation({
    summary: "A share's access log per recipient: page opened, asset or ZIP downloaded, newest first",
  })
  @ApiOkResponse({ type: ShareAccessEventsDto })
  @ApiNotFoundResponse({ description: "SHARE_NOT_FOUND: unknown or another user's" })
  async events(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<ShareAccessEventsDto> {
    return { items: await this.shares.events(user, id) };
  }

  @Post(':id/revoke')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revokes a share: its links stop working on the next request' })
  @ApiNoContentResponse()
  @ApiRevokesOwnShare()
  revoke(@CurrentUser() user: AuthUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<void> {
    return this.shares.revoke(user, id);
  }

  @Post(':id/recipients/:recipientId/revoke')
  @HttpCode(204)
  @ApiOperation({ summary: "Revokes one e-mail recipient's link; the others keep theirs" })
  @ApiNoContentResponse()
  @ApiRevokesOwnShare()
  revokeRecipient(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Param('recipientId', new ParseUUIDPipe()) recipientId: string,
  ): Promise<void> {
    return this.shares.revokeRecipient(user, id, recipientId);
  }
}
