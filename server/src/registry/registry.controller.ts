import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { ExternalShareRequestDto } from '../sharing/external-shares.dto';
import { RegistryIdParams, RegistryRecordDto, RegistrySharePublishDto } from './registry.dto';
import { RegistryService } from './registry.service';
import { ApiPublishesRecord, ApiSignedIn } from '../common/api-refusals.decorator';

/** SPEC §7 content service `/registry/*`. */
@ApiTags('registry')
@ApiSignedIn()
@ApiNotFoundResponse({ description: 'NOT_FOUND: no such record, or its folder is hidden from the user' })
@ApiServiceUnavailableResponse({ description: 'E059: the registry could not be read (the web clears it)' })
@Controller('api/registry')
export class RegistryController {
  constructor(private readonly registry: RegistryService) {}

  @Get(':id')
  @ApiOperation({ summary: 'A registry record, titled as SPEC §2 says' })
  @ApiOkResponse({ type: RegistryRecordDto })
  get(@CurrentUser() user: AuthUser, @Param() params: RegistryIdParams): Promise<RegistryRecordDto> {
    return this.registry.get(user, params.id);
  }

  @Post('publish/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publishes the record (share right on its folder)' })
  @ApiOkResponse({ type: RegistryRecordDto })
  @ApiPublishesRecord()
  publish(@CurrentUser() user: AuthUser, @Param() params: RegistryIdParams): Promise<RegistryRecordDto> {
    return this.registry.publish(user, params.id);
  }

  @Post('unpublish/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unpublishes the record (share right on its folder)' })
  @ApiOkResponse({ type: RegistryRecordDto })
  @ApiPublishesRecord()
  unpublish(@CurrentUser() user: AuthUser, @Param() params: RegistryIdParams): Promise<RegistryRecordDto> {
    return this.registry.unpublish(user, params.id);
  }

  @Post('share-publish/:id')
  @HttpCode(202)
  @ApiOperation({ summary: 'Creates an external share of the assets (its job) and publishes the record' })
  @ApiAcceptedResponse({ type: RegistrySharePublishDto })
  @ApiBadRequestResponse({ description: 'The external share’s own refusals (SHARE_WEAK_PASSWORD, …)' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN, or SHARE_NOT_ALLOWED (SPEC §6, restricted assets)' })
  @ApiConflictResponse({ description: 'E062: the share could not be created; nothing is published' })
  sharePublish(
    @CurrentUser() user: AuthUser,
    @Param() params: RegistryIdParams,
    @Body() body: ExternalShareRequestDto,
  ): Promise<RegistrySharePublishDto> {
    return this.registry.sharePublish(user, params.id, body);
  }
}
