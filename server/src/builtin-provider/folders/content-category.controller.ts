import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
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
  link(
    @Param('clientId') clientId: string,
    @Body(new ThronInputPipe(contentCategoryLinkSchema)) body: ContentCategoryLinkRequest,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.links.link(clientId, body, token);
  }

  @Post('unlink/:clientId')
  @HttpCode(200)
  unlink(
    @Param('clientId') clientId: string,
    @Body(new ThronInputPipe(contentCategoryLinkSchema)) body: ContentCategoryLinkRequest,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.links.unlink(clientId, body, token);
  }

  @Get('getLinkedCategory')
  getLinkedCategory(
    @Query(new ThronInputPipe(getLinkedCategoryQuerySchema)) query: GetLinkedCategoryQuery,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.links.getLinkedCategory(query, token);
  }
}
