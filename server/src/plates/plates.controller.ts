import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { DetectPlatesResult } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { ApiSignedIn } from '../common/api-refusals.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { SubmitsJob } from '../jobs/submits-job.decorator';
import {
  AssetPlatesParams,
  PlateBoxesViewDto,
  PlateViewsAnswerDto,
  PlateViewsDto,
  SavePlateBoxesDto,
} from './plates.dto';
import { PlatesService } from './plates.service';

/** An image's plate boxes (docs/plates.md): what the outgoing renditions of external shares blur. */
@ApiTags('plates')
@ApiSignedIn()
@Controller('api/assets/:id/plates')
export class PlatesController {
  constructor(private readonly plates: PlatesService) {}

  @Get()
  @ApiOperation({ summary: 'The image’s plate boxes, their state and whether the caller may change them' })
  @ApiOkResponse({ type: PlateBoxesViewDto })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such asset, or not visible to the caller' })
  view(@CurrentUser() user: AuthUser, @Param() params: AssetPlatesParams): Promise<PlateBoxesViewDto> {
    return this.plates.view(user, params.id);
  }

  @Put()
  @ApiOperation({ summary: 'Saves the boxes a person confirms (they replace all others)' })
  @ApiOkResponse({ type: PlateBoxesViewDto })
  @ApiBadRequestResponse({ description: 'PLATES_INVALID_BOXES (details.problem), PLATES_NOT_AN_IMAGE' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: the caller may neither share nor tag the asset' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such asset, or not visible to the caller' })
  save(
    @CurrentUser() user: AuthUser,
    @Param() params: AssetPlatesParams,
    @Body() body: SavePlateBoxesDto,
  ): Promise<PlateBoxesViewDto> {
    return this.plates.save(user, params.id, body);
  }

  @SubmitsJob('detect', 'Runs the plate detection again (boxes a person confirmed are kept)')
  @ApiBadRequestResponse({ description: 'PLATES_NOT_AN_IMAGE' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: the caller may neither share nor tag the asset' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such asset, or not visible to the caller' })
  detect(@CurrentUser() user: AuthUser, @Param() params: AssetPlatesParams): Promise<DetectPlatesResult> {
    return this.plates.detect(user, params.id);
  }
}

/** Many images' plate boxes in one request: the external share's check of its images. */
@ApiTags('plates')
@ApiSignedIn()
@Controller('api/plates')
export class PlateViewsController {
  constructor(private readonly plates: PlatesService) {}

  // A POST because 500 ids do not fit an address; it reads only, hence 200.
  @Post('views')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The plate boxes of many images, each named in the asked language',
    description:
      'The same view as GET /api/assets/{id}/plates for each id, in the order asked. One id the caller cannot see answers NOT_FOUND for the whole request, naming none.',
  })
  @ApiOkResponse({ type: PlateViewsAnswerDto })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED: no ids, an id twice, more than a share holds, or an id that is no UUID',
  })
  @ApiNotFoundResponse({
    description: 'NOT_FOUND: some asset does not exist or is not visible to the caller',
  })
  views(@CurrentUser() user: AuthUser, @Body() body: PlateViewsDto): Promise<PlateViewsAnswerDto> {
    return this.plates.views(user, body.assetIds, body.lang);
  }
}
