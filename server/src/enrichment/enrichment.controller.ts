import { Body, Controller, Get, HttpCode, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { JobSubmittedDto } from '../jobs/jobs.dto';
import { SubmitsJob } from '../jobs/submits-job.decorator';
import { EnrichmentLookupsService } from './enrichment-lookups.service';
import {
  EnrichmentDefinitionsDto,
  EnrichmentDraftDto,
  EnrichmentDraftQueryDto,
  EnrichmentDraftRequestDto,
  EnrichmentRequestDto,
  ProductPageDto,
  ProductsQueryDto,
  TagsBulkRequestDto,
} from './enrichment.dto';
import { EnrichmentDraftService } from './enrichment-draft.service';
import { EnrichmentService } from './enrichment.service';
import { ApiFolderNotFound, ApiSignedIn } from '../common/api-refusals.decorator';

/** Issue 13: enrichment and bulk tagging as durable jobs (each answers 202 { jobId }), and the wizard's draft. */
@ApiTags('enrichment')
@ApiSignedIn()
@ApiBadRequestResponse({
  description:
    'VALIDATION_FAILED, ENRICHMENT_TOO_MANY_ASSETS, ENRICHMENT_TOO_MANY_VIN_PAIRS, ENRICHMENT_TOO_MANY_COPYRIGHT_OPTIONS, ENRICHMENT_VIN_INVALID, ENRICHMENT_NOT_LATIN1, ENRICHMENT_INVALID_DATE, ENRICHMENT_UNKNOWN_METADATA_KEY, ENRICHMENT_BAD_METADATA_VALUE, ENRICHMENT_MANDATORY_MISSING, ENRICHMENT_BAD_COPYRIGHT, ENRICHMENT_UNKNOWN_TAG, ENRICHMENT_NOTHING_TO_DO, ENRICHMENT_DRAFT_TOO_LARGE',
})
@ApiForbiddenResponse({ description: 'ENRICHMENT_NOT_ALLOWED (SPEC §6 tagging places, another department)' })
@ApiFolderNotFound()
@ApiConflictResponse({ description: 'ENRICHMENT_NOT_IN_FOLDER' })
@Controller('api')
export class EnrichmentController {
  constructor(
    private readonly enrichment: EnrichmentService,
    private readonly lookups: EnrichmentLookupsService,
    private readonly drafts: EnrichmentDraftService,
  ) {}

  @Get('enrichment/definitions')
  @ApiOperation({ summary: 'The metadata definitions and free tags the wizard offers (steps 2 and 3)' })
  @ApiOkResponse({ type: EnrichmentDefinitionsDto })
  definitions(@CurrentUser() user: AuthUser): Promise<EnrichmentDefinitionsDto> {
    return this.lookups.definitions(user);
  }

  @Get('enrichment/products')
  @ApiOperation({ summary: 'A page of the product listing (the wizard’s step 1), cursor paged' })
  @ApiOkResponse({ type: ProductPageDto })
  products(@CurrentUser() user: AuthUser, @Query() query: ProductsQueryDto): Promise<ProductPageDto> {
    return this.lookups.products(user, query.cursor);
  }

  @Get('enrichment/draft')
  @ApiOperation({
    summary: 'The wizard’s working state the user last saved on exactly this selection (a content draft)',
  })
  @ApiOkResponse({ type: EnrichmentDraftDto })
  draft(@CurrentUser() user: AuthUser, @Query() query: EnrichmentDraftQueryDto): Promise<EnrichmentDraftDto> {
    return this.drafts.load(user, { folderId: query.folderId, contentIds: query.ids });
  }

  @Put('enrichment/draft')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Saves the wizard’s working state as the user’s draft on the selection (state null clears it)',
  })
  @ApiNoContentResponse({ description: 'Saved' })
  saveDraft(@CurrentUser() user: AuthUser, @Body() body: EnrichmentDraftRequestDto): Promise<void> {
    return this.drafts.save(user, body);
  }

  @SubmitsJob(
    'enrichment',
    'Enriches assets: tags, VIN and plates, copyright, metadata (the wizard’s confirmation)',
  )
  enrich(@CurrentUser() user: AuthUser, @Body() body: EnrichmentRequestDto): Promise<JobSubmittedDto> {
    return this.enrichment.enrich(user, body);
  }

  @SubmitsJob('tags/bulk', 'Adds or removes tags and metadata on up to 200 assets')
  bulk(@CurrentUser() user: AuthUser, @Body() body: TagsBulkRequestDto): Promise<JobSubmittedDto> {
    return this.enrichment.bulk(user, body);
  }
}
