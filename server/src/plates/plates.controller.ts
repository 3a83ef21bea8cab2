import { Body, Controller, Get, Param, Put } from '@nestjs/common';
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
import { AssetPlatesParams, PlateBoxesViewDto, SavePlateBoxesDto } from './plates.dto';
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
