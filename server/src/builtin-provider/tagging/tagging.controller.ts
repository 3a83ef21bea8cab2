import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import {
  imetadataBulkInsertSchema,
  imetadataBulkRemoveSchema,
  itagMultiTargetsSchema,
  type ImetadataBulkInsertRequest,
  type ImetadataBulkRemoveRequest,
  type ItagMultiTargetsRequest,
} from './tagging.dto';
import { TaggingService } from './tagging.service';

/** THRON's xintelligence itag service (research §4.5); not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xintelligence/resources/itag')
export class ItagController {
  constructor(private readonly tagging: TaggingService) {}

  @Post('bulkInsertMultiTargets/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  insert(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(itagMultiTargetsSchema)) body: ItagMultiTargetsRequest,
  ) {
    return this.tagging.insertTag(caller, classificationId, body);
  }

  @Post('bulkRemoveMultiTargets/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  remove(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(itagMultiTargetsSchema)) body: ItagMultiTargetsRequest,
  ) {
    return this.tagging.removeTag(caller, classificationId, body);
  }
}

/** THRON's xintelligence imetadata service (research §4.4); not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xintelligence/resources/imetadata')
export class ImetadataController {
  constructor(private readonly tagging: TaggingService) {}

  @Post('bulkInsert/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  insert(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(imetadataBulkInsertSchema)) body: ImetadataBulkInsertRequest,
  ) {
    return this.tagging.insertMetadata(caller, classificationId, body);
  }

  @Post('bulkRemove/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  remove(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(imetadataBulkRemoveSchema)) body: ImetadataBulkRemoveRequest,
  ) {
    return this.tagging.removeMetadata(caller, classificationId, body);
  }
}
