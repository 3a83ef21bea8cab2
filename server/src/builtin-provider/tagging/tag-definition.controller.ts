import { Body, Controller, Get, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import {
  tagDefinitionInsertSchema,
  tagDefinitionListSchema,
  type TagDefinitionInsertRequest,
  type TagDefinitionListRequest,
} from './tagging.dto';
import { TagDefinitionService } from './tag-definition.service';

/** THRON's xintelligence itagdefinition service; not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xintelligence/resources/itagdefinition')
export class TagDefinitionController {
  constructor(private readonly definitions: TagDefinitionService) {}

  @Post('insert/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  insert(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(tagDefinitionInsertSchema)) body: TagDefinitionInsertRequest,
  ) {
    return this.definitions.insert(caller, classificationId, body);
  }

  @Post('list/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  list(
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(tagDefinitionListSchema)) body: TagDefinitionListRequest,
  ) {
    return this.definitions.list(classificationId, body);
  }

  @Get('detail/:clientId/:classificationId/:id')
  @Authenticated({ clientId: 'path' })
  detail(@Param('classificationId') classificationId: string, @Param('id') id: string) {
    return this.definitions.detail(classificationId, id);
  }
}
