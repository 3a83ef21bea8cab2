import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import {
  findByProperties2Schema,
  getCategoryQuerySchema,
  insertCategorySchema,
  updateCategorySchema,
  type FindByProperties2Request,
  type GetCategoryQuery,
  type InsertCategoryRequest,
  type UpdateCategoryRequest,
} from './category.dto';
import { CategoryService } from './category.service';

/**
 * THRON's xcontents category service (research §3.1); not part of the hub's API description.
 * insert, update and remove follow THRON's `{verb}/{clientId}[/{id}]` path style (research §1).
 */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xcontents/resources/category')
export class CategoryController {
  constructor(private readonly categories: CategoryService) {}

  @Post('findByProperties2')
  @HttpCode(200)
  findByProperties2(
    @Body(new ThronInputPipe(findByProperties2Schema)) body: FindByProperties2Request,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.categories.findByProperties2(body, token);
  }

  @Get('getCategory')
  getCategory(
    @Query(new ThronInputPipe(getCategoryQuerySchema)) query: GetCategoryQuery,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.categories.getCategory(query, token);
  }

  @Post('insert/:clientId')
  @HttpCode(200)
  insert(
    @Param('clientId') clientId: string,
    @Body(new ThronInputPipe(insertCategorySchema)) body: InsertCategoryRequest,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.categories.insert(clientId, body, token);
  }

  @Post('update/:clientId/:categoryId')
  @HttpCode(200)
  update(
    @Param('clientId') clientId: string,
    @Param('categoryId') categoryId: string,
    @Body(new ThronInputPipe(updateCategorySchema)) body: UpdateCategoryRequest,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.categories.update(clientId, categoryId, body, token);
  }

  @Post('remove/:clientId/:categoryId')
  @HttpCode(200)
  remove(
    @Param('clientId') clientId: string,
    @Param('categoryId') categoryId: string,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.categories.remove(clientId, categoryId, token);
  }
}
