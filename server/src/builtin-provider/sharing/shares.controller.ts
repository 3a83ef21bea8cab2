import { Body, Controller, Get, HttpCode, Param, Post, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { ok } from '../thron.errors';
import {
  createShareSchema,
  deliverySchema,
  listSharesSchema,
  type CreateShareForm,
  type DeliveryForm,
  type ListSharesQuery,
} from './shares.dto';
import { SharesService } from './shares.service';

/**
 * THRON's externalshare service as SPEC §7 knows it (research provider-api §6: not in any public
 * source, so the shape is the SPEC's): create answers an id, the status answers token, state.status
 * ('succeded') and url. The list, revoke and delivery report serve the hub's management panel.
 */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/externalshare/resources/externalshares')
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  @Post()
  @HttpCode(200)
  @Authenticated({ clientId: 'query' })
  async create(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(createShareSchema)) form: CreateShareForm,
  ) {
    return ok(await this.shares.create(caller, form));
  }

  @Get()
  @Authenticated({ clientId: 'query' })
  async list(
    @Caller() caller: ProviderCaller,
    @Query(new ThronInputPipe(listSharesSchema)) query: ListSharesQuery,
  ) {
    return ok(await this.shares.list(caller, query));
  }

  @Get(':id')
  @Authenticated({ clientId: 'query' })
  async status(@Caller() caller: ProviderCaller, @Param('id') id: string) {
    return ok(await this.shares.status(caller, id));
  }

  @Get(':id/events')
  @Authenticated({ clientId: 'query' })
  async events(@Caller() caller: ProviderCaller, @Param('id') id: string) {
    return ok({ events: await this.shares.events(caller, id) });
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @Authenticated({ clientId: 'query' })
  async revoke(@Caller() caller: ProviderCaller, @Param('id') id: string) {
    await this.shares.revoke(caller, id);
    return ok({});
  }

  @Post(':id/recipients/:recipientId/revoke')
  @HttpCode(200)
  @Authenticated({ clientId: 'query' })
  async revokeRecipient(
    @Caller() caller: ProviderCaller,
    @Param('id') id: string,
    @Param('recipientId') recipientId: string,
  ) {
    await this.shares.revokeRecipient(caller, id, recipientId);
    return ok({});
  }

  @Post(':id/delivery')
  @HttpCode(200)
  @Authenticated({ clientId: 'query' })
  async delivery(
    @Caller() caller: ProviderCaller,
    @Param('id') id: string,
    @Body(new ThronInputPipe(deliverySchema)) form: DeliveryForm,
  ) {
    await this.shares.delivery(caller, id, form);
    return ok({});
  }
}
