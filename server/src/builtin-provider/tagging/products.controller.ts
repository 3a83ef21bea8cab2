import { Controller, Get, Param, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { ProductsService } from './products.service';
import { productListSchema, type ProductListQuery } from './tagging.dto';

/** THRON's product data (research: only a third-party example of its v1 API); not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/productdata/resources')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get('products/:clientId')
  @Authenticated({ clientId: 'path' })
  list(@Query(new ThronInputPipe(productListSchema)) query: ProductListQuery) {
    return this.products.list(query);
  }

  @Get('contents/:clientId/:contentId/products')
  @Authenticated({ clientId: 'path' })
  ofContent(@Caller() caller: ProviderCaller, @Param('contentId') contentId: string) {
    return this.products.ofContent(caller, contentId);
  }
}
