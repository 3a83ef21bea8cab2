import { Body, Controller, Headers, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
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
  insert(
    @Param('clientId') clientId: string,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(itagMultiTargetsSchema)) body: ItagMultiTargetsRequest,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.tagging.insertTag(clientId, classificationId, body, token);
  }

  @Post('bulkRemoveMultiTargets/:clientId/:classificationId')
  @HttpCode(200)
  remove(
    @Param('clientId') clientId: string,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(itagMultiTargetsSchema)) body: ItagMultiTargetsRequest,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.tagging.removeTag(clientId, classificationId, body, token);
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
  insert(
    @Param('clientId') clientId: string,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(imetadataBulkInsertSchema)) body: ImetadataBulkInsertRequest,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.tagging.insertMetadata(clientId, classificationId, body, token);
  }

  @Post('bulkRemove/:clientId/:classificationId')
  @HttpCode(200)
  remove(
    @Param('clientId') clientId: string,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(imetadataBulkRemoveSchema)) body: ImetadataBulkRemoveRequest,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.tagging.removeMetadata(clientId, classificationId, body, token);
  }
}
