import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { DEFAULT_LANGUAGE, DUPLICATE_REVIEW_ROLES } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { ApiSignedIn } from '../common/api-refusals.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { Roles } from '../common/roles.decorator';
import {
  DuplicateDecisionBody,
  DuplicateDecisionResponseDto,
  DuplicatePairParams,
  DuplicateReviewQuery,
  DuplicateReviewResponseDto,
  UploadCheckFilesBody,
  UploadCheckFilesResponseDto,
} from './duplicates.dto';
import { DuplicatesService } from './duplicates.service';

/** Possible duplicates, reviewed pair by pair (issue 27 point 2). */
@ApiTags('duplicates')
@ApiSignedIn()
@ApiForbiddenResponse({
  description: 'FORBIDDEN: suppliers, observers and basic users do not review duplicates',
})
@Roles(...DUPLICATE_REVIEW_ROLES)
@Controller('api/duplicates')
export class DuplicatesController {
  constructor(private readonly duplicates: DuplicatesService) {}

  @Get()
  @ApiOperation({ summary: 'Groups of possible duplicates the user reads both assets of' })
  @ApiOkResponse({ type: DuplicateReviewResponseDto })
  async review(
    @CurrentUser() user: AuthUser,
    @Query() query: DuplicateReviewQuery,
  ): Promise<DuplicateReviewResponseDto> {
    return {
      groups: await this.duplicates.review(user, query.state ?? 'open', query.lang ?? DEFAULT_LANGUAGE),
    };
  }

  @Put('decision')
  @ApiOperation({
    summary:
      'Decides a pair once: not duplicates, alternates, or the same (the other asset goes to the junk)',
  })
  @ApiOkResponse({ type: DuplicateDecisionResponseDto })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED: already decided, or keep/folderId missing for same',
  })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such pair among the assets the user reads' })
  decide(
    @CurrentUser() user: AuthUser,
    @Body() body: DuplicateDecisionBody,
  ): Promise<DuplicateDecisionResponseDto> {
    return this.duplicates.decide(user, body);
  }

  @Delete('decision')
  @HttpCode(204)
  @ApiOperation({ summary: 'Undo of "not duplicates" or "alternates": the pair is proposed again' })
  @ApiNoContentResponse({ description: 'Reopened' })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED: nothing to undo, or decided the same (restore from the junk)',
  })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such pair among the assets the user reads' })
  async undo(@CurrentUser() user: AuthUser, @Query() query: DuplicatePairParams): Promise<void> {
    await this.duplicates.undo(user, query.a, query.b);
  }
}

/** The upload check by content (SPEC §2 dialog, issue 27): for whoever uploads, suppliers included. */
@ApiTags('duplicates')
@ApiSignedIn()
@Controller('api/duplicates')
export class UploadCheckController {
  constructor(private readonly duplicates: DuplicatesService) {}

  @Post('check')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'For files about to be uploaded (their SHA-256 and picture hash, made in the browser): the assets the user reads with the same bytes or a similar picture',
  })
  @ApiOkResponse({ type: UploadCheckFilesResponseDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: no files, too many, or a hash that is not one' })
  async check(
    @CurrentUser() user: AuthUser,
    @Body() body: UploadCheckFilesBody,
  ): Promise<UploadCheckFilesResponseDto> {
    return { files: await this.duplicates.check(user, body.files, body.lang ?? DEFAULT_LANGUAGE) };
  }
}
