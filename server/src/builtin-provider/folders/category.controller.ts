import { Body, Controller, Get, HttpCode, Param, Post, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
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
  @Authenticated({ clientId: 'body' })
  findByProperties2(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(findByProperties2Schema)) body: FindByProperties2Request,
  ) {
    return this.categories.findByProperties2(caller, body);
  }

  @Get('getCategory')
  @Authenticated({ clientId: 'query' })
  getCategory(
    @Caller() caller: ProviderCaller,
    @Query(new ThronInputPipe(getCategoryQuerySchema)) query: GetCategoryQuery,
  ) {
    return this.categories.getCategory(caller, query);
  }

  @Post('insert/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  insert(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(insertCategorySchema)) body: InsertCategoryRequest,
  ) {
    return this.categories.insert(caller, body);
  }

  @Post('update/:clientId/:categoryId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  update(
    @Caller() caller: ProviderCaller,
    @Param('categoryId') categoryId: string,
    @Body(new ThronInputPipe(updateCategorySchema)) body: UpdateCategoryRequest,
  ) {
    return this.categories.update(caller, categoryId, body);
  }

  @Post('remove/:clientId/:categoryId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  remove(@Caller() caller: ProviderCaller, @Param('categoryId') categoryId: string) {
    return this.categories.remove(caller, categoryId);
  }
}
