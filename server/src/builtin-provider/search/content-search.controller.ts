import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import {
  contentSearchSchema,
  findByPropertiesSchema,
  type ContentSearchRequest,
  type FindByPropertiesRequest,
} from './content-search.dto';
import { ContentSearchService } from './content-search.service';

/** THRON's xcontents content searches (research §3.2, §3.3); not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xcontents/resources/content')
export class ContentSearchController {
  constructor(private readonly search: ContentSearchService) {}

  /** THRON carries the clientId in the body here, not in the path (research §8). */
  @Post('findByProperties')
  @HttpCode(200)
  @Authenticated({ clientId: 'body' })
  findByProperties(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(findByPropertiesSchema)) body: FindByPropertiesRequest,
  ) {
    return this.search.findByProperties(caller, body);
  }

  @Post('search/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  contentSearch(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(contentSearchSchema)) body: ContentSearchRequest,
  ) {
    return this.search.search(caller, body);
  }
}
