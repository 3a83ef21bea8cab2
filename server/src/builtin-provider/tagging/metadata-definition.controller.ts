import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { MetadataDefinitionService } from './metadata-definition.service';
import { metadataDefinitionListSchema, type MetadataDefinitionListRequest } from './tagging.dto';

/** THRON's xintelligence imetadatadefinition service; not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xintelligence/resources/imetadatadefinition')
export class MetadataDefinitionController {
  constructor(private readonly definitions: MetadataDefinitionService) {}

  @Post('list/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  list(
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(metadataDefinitionListSchema)) body: MetadataDefinitionListRequest,
  ) {
    return this.definitions.list(classificationId, body);
  }
}
