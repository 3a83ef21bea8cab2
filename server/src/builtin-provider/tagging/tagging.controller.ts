import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import {
  imetadataBulkInsertSchema,
  imetadataBulkRemoveSchema,
  imetadataMultiTargetsInsertSchema,
  imetadataMultiTargetsRemoveSchema,
  imetadataOneSchema,
  itagBulkSchema,
  itagMultiTargetsSchema,
  type ImetadataBulkInsertRequest,
  type ImetadataBulkRemoveRequest,
  type ImetadataMultiTargetsInsertRequest,
  type ImetadataMultiTargetsRemoveRequest,
  type ImetadataOneRequest,
  type ItagBulkRequest,
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

  @Post('bulkInsert/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  insertOnContent(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(itagBulkSchema)) body: ItagBulkRequest,
  ) {
    return this.tagging.insertTagsOnContent(caller, classificationId, body);
  }

  @Post('bulkRemove/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  removeFromContent(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(itagBulkSchema)) body: ItagBulkRequest,
  ) {
    return this.tagging.removeTagsFromContent(caller, classificationId, body);
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

  @Post('bulkInsertMultiTargets/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  insertMulti(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(imetadataMultiTargetsInsertSchema)) body: ImetadataMultiTargetsInsertRequest,
  ) {
    return this.tagging.insertMetadataMulti(caller, classificationId, body);
  }

  @Post('bulkRemoveMultiTargets/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  removeMulti(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(imetadataMultiTargetsRemoveSchema)) body: ImetadataMultiTargetsRemoveRequest,
  ) {
    return this.tagging.removeMetadataMulti(caller, classificationId, body);
  }

  @Post('insert/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  insertOne(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(imetadataOneSchema)) body: ImetadataOneRequest,
  ) {
    return this.tagging.insertMetadataOne(caller, classificationId, body);
  }

  @Post('update/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  updateOne(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(imetadataOneSchema)) body: ImetadataOneRequest,
  ) {
    return this.tagging.updateMetadataOne(caller, classificationId, body);
  }
}
