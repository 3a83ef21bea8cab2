import { Body, Controller, Get, HttpCode, Post, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import {
  contentCategoryLinkSchema,
  getLinkedCategoryQuerySchema,
  type ContentCategoryLinkRequest,
  type GetLinkedCategoryQuery,
} from './category.dto';
import { ContentCategoryService } from './content-category.service';

/** THRON's xcontents contentcategory service (research §3.1); not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xcontents/resources/contentcategory')
export class ContentCategoryController {
  constructor(private readonly links: ContentCategoryService) {}

  @Post('link/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  link(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(contentCategoryLinkSchema)) body: ContentCategoryLinkRequest,
  ) {
    return this.links.link(caller, body);
  }

  @Post('unlink/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  unlink(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(contentCategoryLinkSchema)) body: ContentCategoryLinkRequest,
  ) {
    return this.links.unlink(caller, body);
  }

  @Get('getLinkedCategory')
  @Authenticated({ clientId: 'query' })
  getLinkedCategory(
    @Caller() caller: ProviderCaller,
    @Query(new ThronInputPipe(getLinkedCategoryQuerySchema)) query: GetLinkedCategoryQuery,
  ) {
    return this.links.getLinkedCategory(caller, query);
  }

  @Get('getSharingCategory')
  @Authenticated({ clientId: 'query' })
  getSharingCategory(@Caller() caller: ProviderCaller) {
    return this.links.getSharingCategory(caller);
  }
}
